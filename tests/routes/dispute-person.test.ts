import { expect, test } from 'vitest'
import * as index from '~/routes/_index'
import * as edit from '~/routes/edit.$id'
import * as invitation from '~/routes/invitations.$token'
import * as coWriters from '~/routes/songs.$id.co-writers'
import * as register from '~/routes/songs.$id.register'
import {
  args,
  authedFormRequest,
  authedRequest,
  createOwnerWithCoWriter,
  formRequest,
  respond,
} from '../setup/fixtures'
import { invitationToken, inviteCoWriter } from '../setup/invitations'
import { mailTo } from '../setup/mail'

// Issue 38 (decision 087), through the routes as a browser without JavaScript posts them: a
// dispute is the person's who raised it, not their slot's. Names in several scripts.

const LYRICS_ONLY = (co: string) => ({
  title: 'さくら',
  dateCreated: '2025-03-01',
  contributorName: '佐藤 花子',
  toolsUsed: 'ギター',
  fileLink: 'https://example.com/a.mp3',
  'contributions[0].component': 'lyrics',
  'contributions[0].contributorPercent': co ? '50' : '100',
  ...(co ? { coContributorName: co, 'contributions[0].coContributorPercent': '50' } : {}),
})

async function setup(coContributorName = '山田 太郎') {
  const { owner, song, cookie } = await createOwnerWithCoWriter({
    toolsUsed: 'ギター',
    coContributorName,
  })
  const email = `yamada-${song.id}@example.com`
  const url = `http://localhost/songs/${song.id}/co-writers`
  const params = { id: String(song.id) }
  const invite = (to: string) => inviteCoWriter(cookie, song.id, to)
  const answer = (token: string, fields: Record<string, string>) =>
    respond(async () =>
      invitation.action(
        args(formRequest(`http://localhost/invitations/${token}`, fields), { token }),
      ),
    )
  const editTo = async (co: string) =>
    respond(async () =>
      edit.action(
        args(
          await authedFormRequest(`http://localhost/edit/${song.id}`, owner.id, LYRICS_ONLY(co)),
          params,
        ),
      ),
    )
  const coWriter = async () => {
    const page = await respond(async () =>
      coWriters.loader(args(new Request(url, { headers: { Cookie: cookie } }), params)),
    )
    return (await page.json()).slots[1]
  }
  const blocked = async () => {
    const page = await respond(async () =>
      register.loader(
        args(await authedRequest(`http://localhost/songs/${song.id}/register`, owner.id), params),
      ),
    )
    return (await page.json()).blocked
  }
  const disputedCount = async () => {
    const page = await respond(async () =>
      index.loader(args(await authedRequest('http://localhost/', owner.id))),
    )
    return (await page.json()).songs[0].confirmations.disputed
  }
  return { song, email, invite, answer, editTo, coWriter, blocked, disputedCount }
}

test('a slot given to another person after a dispute names no dispute and mails the disputer nothing; naming the disputer again brings the dispute back, and asking them is the owner’s deliberate act', async () => {
  const { song, email, invite, answer, editTo, coWriter, blocked, disputedCount } = await setup()
  expect((await invite(email)).status).toBe(302)
  const first = (await invitationToken(email))!
  expect(
    (await answer(first, { intent: 'dispute', disputeReason: '私の歌詞は70%です' })).status,
  ).toBe(200)
  expect(await mailTo(email)).toHaveLength(1)

  // The slot refilled with another person, in one edit: nothing of 山田's dispute is said of her,
  // and 山田's address is not sent her invitation.
  expect((await editTo('प्रिया शर्मा')).status).toBe(302)
  expect(await coWriter()).toMatchObject({ name: 'प्रिया शर्मा', status: 'declared' })
  expect(await blocked()).toBeNull()
  expect(await disputedCount()).toBe(0)
  expect(await mailTo(email)).toHaveLength(1)

  // Removed, then named again, spelled with an ideographic space: the same person, whose dispute
  // stands; the edit mails nobody.
  expect((await editTo('')).status).toBe(302)
  expect((await editTo('山田\u3000太郎')).status).toBe(302)
  expect(await coWriter()).toMatchObject({
    name: '山田\u3000太郎',
    status: 'disputed',
    disputeReason: '私の歌詞は70%です',
    notAsked: true,
  })
  expect(await blocked()).toEqual({
    message: '山田\u3000太郎 disputed their share; edit the split before registering.',
    editUrl: `/edit/${song.id}`,
  })
  expect(await disputedCount()).toBe(1)
  expect(await mailTo(email)).toHaveLength(1)

  // The owner asks them again, deliberately; their answer ends the dispute.
  expect((await invite(email)).status).toBe(302)
  const again = (await invitationToken(email))!
  expect(again).not.toBe(first)
  expect(await coWriter()).toMatchObject({ status: 'disputed', notAsked: false })
  expect((await answer(again, { intent: 'confirm', creditedName: '山田 太郎' })).status).toBe(200)
  expect(await coWriter()).toMatchObject({ status: 'confirmed' })
  expect(await blocked()).toBeNull()
})

test('another person’s confirmation from the same mailbox does not lift it', async () => {
  const { email, invite, answer, editTo, coWriter, blocked } = await setup()
  await invite(email)
  await answer((await invitationToken(email))!, {
    intent: 'dispute',
    disputeReason: 'نصيبي أكبر',
  })
  // The slot now names someone else; the same mailbox is invited for her and confirms.
  await editTo('נועה לוי')
  expect(await coWriter()).toMatchObject({ name: 'נועה לוי', status: 'declared' })
  await invite(email)
  await answer((await invitationToken(email))!, {
    intent: 'confirm',
    creditedName: 'נועה לוי',
  })
  expect(await coWriter()).toMatchObject({ status: 'confirmed' })
  // Named again (a zero-width space pasted in changes nobody): their dispute was never answered
  // by them, so it stands.
  await editTo('山田\u200b 太郎')
  expect(await coWriter()).toMatchObject({ name: '山田\u200b 太郎', status: 'disputed' })
  expect(await blocked()).toMatchObject({
    message: '山田\u200b 太郎 disputed their share; edit the split before registering.',
  })
})

// Issue 50.3: renaming the disputer to a name that only looks the same — a letter from another
// script, a dotless i, an invisible character from any block that has them — lifted the dispute,
// and the split registered. A dispute belongs to whoever a reader sees named.
const LOOK_ALIKES: [string, string][] = [
  ['Frank', 'Fr\u0430nk'], // Cyrillic а
  ['Mia', 'M\u0131a'], // dotless ı
  ['Mia', 'Mia\u115f'], // Hangul choseong filler
  ['Frank', 'Fran\u034fk'], // combining grapheme joiner
  ['Frank', 'Fra\u3164nk'], // Hangul filler
  ['Frank', 'Fr\u00adank'], // soft hyphen
  ['Frank', 'Fra\u180bnk'], // Mongolian free variation selector
  ['Frank', 'Fran\ufe0fk'], // variation selector
  ['Frank', 'Fr\u2060ank'], // word joiner
  ['Frank', 'F\u200drank'], // zero-width joiner
  ['Ola Nordmann', 'Οla Νordmann'], // Greek Ο and Ν
]

test.each(LOOK_ALIKES)(
  'a dispute by %s stands when the owner renames them to the look-alike %j',
  async (disputer, lookAlike) => {
    const { email, invite, answer, editTo, coWriter, blocked } = await setup(disputer)
    await invite(email)
    await answer((await invitationToken(email))!, { intent: 'dispute', disputeReason: 'Not mine' })
    expect((await editTo(lookAlike)).status).toBe(302)
    expect(await coWriter()).toMatchObject({ name: lookAlike, status: 'disputed' })
    expect(await blocked()).toMatchObject({
      message: `${lookAlike} disputed their share; edit the split before registering.`,
    })
  },
)

test('people whose names a reader tells apart stay two people', async () => {
  const { email, invite, answer, editTo, coWriter, blocked } = await setup('José Núñez')
  await invite(email)
  await answer((await invitationToken(email))!, { intent: 'dispute', disputeReason: 'Not mine' })
  // Accents are letters a reader sees: "Jose Nunez" is someone the owner names instead.
  await editTo('Jose Nunez')
  expect(await coWriter()).toMatchObject({ name: 'Jose Nunez', status: 'declared' })
  expect(await blocked()).toBeNull()
})
