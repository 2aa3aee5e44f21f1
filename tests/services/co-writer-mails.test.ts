import { describe, expect, test } from 'vitest'
import { DecisionSchema } from '~/lib/co-writers-schema'
import { deleteAccount } from '~/services/accounts/account.server'
import { updateSong } from '~/services/co-writers/song-edits.server'
import {
  invitationByToken,
  decideInvitation,
} from '~/services/co-writers/invitation-answers.server'
import { sendInvitation } from '~/services/co-writers/invitations.server'
import { registerSong } from '~/services/registration/registration.server'
import { db } from '../setup/db'
import { createTestSong, createUser } from '../setup/fixtures'
import { lastMailTo, mailTo } from '../setup/mail'

// Issue 39.12: the co-writers' mails and the invitation page say who asks, who answered and why,
// and what changed since the last mail; a deleted owner is not named by a placeholder address.

const FIRST = '美咲'
const LAST = '佐藤'
const IVAN = 'Иван Петров'
const REASON = 'मैंने आधे बोल लिखे — I wrote half the lyrics 🎶'

const SPLIT = {
  title: 'ฤดูฝน (Rainy Season)',
  contributorName: `${FIRST} ${LAST}`,
  coContributorName: IVAN,
  contributions: [
    {
      component: 'lyrics' as const,
      contributorPercent: 70,
      coContributorPercent: 30,
      coContributor2Percent: 0,
      aiPercent: 0,
    },
  ],
}

async function setup() {
  const owner = await createUser({ emailVerified: true, firstName: FIRST, lastName: LAST })
  const song = await createTestSong(owner.id, SPLIT)
  const email = `ivan-${Math.random().toString(36).slice(2)}@example.com`
  await sendInvitation(db(), owner, song.id, 'co-contributor', email)
  return { owner, song, email }
}

async function tokenMailedTo(email: string) {
  const mail = await lastMailTo(email)
  return /\/invitations\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')![1]!
}

const dispute = DecisionSchema.parse({ intent: 'dispute', disputeReason: REASON })
const confirm = DecisionSchema.parse({ intent: 'confirm', creditedName: IVAN })

describe('who asks, who answered, and what changed', () => {
  test('the invitation names the owner by their full name, in any script', async () => {
    const { email } = await setup()
    const mail = await lastMailTo(email)
    expect(mail?.subject).toBe('ProofTrack: confirm your share of a song')
    expect(mail?.text).toContain(`Their name:\n    “\u2068${LAST} ${FIRST}\u2069”`)
    const page = await invitationByToken(db(), await tokenMailedTo(email))
    expect(page).toMatchObject({ state: 'open', inviter: `${LAST} ${FIRST}`, name: IVAN })
  })

  test('a dispute mail tells the owner who disputed, at which address, when and why', async () => {
    const { owner, song, email } = await setup()
    expect(await decideInvitation(db(), await tokenMailedTo(email), dispute)).toEqual({ ok: true })
    const told = await lastMailTo(owner.email)
    expect(told?.subject).toBe(
      `ProofTrack: a co-writer disputed their share of “\u2068${song.title}\u2069”`,
    )
    expect(told?.text).toMatch(
      new RegExp(
        `^Co-contributor \u2068${IVAN}\u2069, invited at ${email}, disputed their share of the split of “\u2068${song.title.replace(/[()]/g, '\\$&')}\u2069” on \\w+ \\d+, \\d{4} \\(UTC\\)\\.`,
      ),
    )
    expect(told?.text).toContain(
      `Why they disputed it, in their words:\n    “\u2068${REASON}\u2069”`,
    )
  })

  test('the invitation after a dispute is not the first one again: it recalls the dispute and says the split changed', async () => {
    const { owner, song, email } = await setup()
    expect(await decideInvitation(db(), await tokenMailedTo(email), dispute)).toEqual({ ok: true })
    const first = (await mailTo(email)).at(-1)!
    const edited = await updateSong(db(), owner.id, song.id, {
      ...SPLIT,
      dateCreated: '2025-03-01',
      toolsUsed: 'Piano',
      fileLink: 'https://example.com/a.mp3',
      contributions: [
        { ...SPLIT.contributions[0]!, contributorPercent: 50, coContributorPercent: 50 },
      ],
    })
    expect(edited).toMatchObject({ ok: true, reinvited: 1 })
    const again = (await lastMailTo(email))!
    expect(again.subject).toBe('ProofTrack: the split you disputed has changed')
    expect(again.subject).not.toBe(first.subject)
    expect(again.text).toMatch(
      /^On \w+ \d+, \d{4} \(UTC\) you disputed your share of a song's split, saying:/,
    )
    expect(again.text).toContain(`“\u2068${REASON}\u2069”`)
    expect(again.text).toContain('Your dispute stands until you answer')
    // Their answer to the changed split is taken as before.
    expect(await decideInvitation(db(), await tokenMailedTo(email), confirm)).toEqual({ ok: true })
  })

  test('an owner who deleted their account is not named by its placeholder address', async () => {
    const { owner, song, email } = await setup()
    const token = await tokenMailedTo(email)
    expect(await decideInvitation(db(), token, confirm)).toEqual({ ok: true })
    // Registered, so the song and its answered invitation outlive the account (decision 061).
    expect((await registerSong(owner.id, song.id, { confirmed: true })).ok).toBe(true)
    await deleteAccount(db(), owner)
    const page = await invitationByToken(db(), token)
    expect(page).toMatchObject({ state: 'decided', inviter: null, name: IVAN })
    expect(JSON.stringify(page)).not.toContain('deleted-')
  })
})

// Issue 52.15: a mail names its dates in the recipient's zone with the offset, never the raw
// database name or a bare GMT.
describe('dates in mail', () => {
  test("the owner reads an answer in their account's zone; the invitee reads the expiry in the owner's, with its offset", async () => {
    const owner = await createUser({ emailVerified: true, firstName: FIRST, lastName: LAST })
    await db()
      .updateTable('users')
      .set({ timeZone: 'Asia/Seoul' })
      .where('id', '=', owner.id)
      .execute()
    const song = await createTestSong(owner.id, SPLIT)
    const email = `ivan-${Math.random().toString(36).slice(2)}@example.com`
    const seoulOwner = await db()
      .selectFrom('users')
      .selectAll()
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow()
    await sendInvitation(db(), seoulOwner, song.id, 'co-contributor', email)
    const invitation = await lastMailTo(email)
    expect(invitation?.text).toMatch(
      /until \w+ \d+, \d{4} at \d{2}:\d{2} \(UTC\+09:00, Asia\/Seoul\):\n/,
    )
    expect(invitation?.text).not.toContain('GMT')

    expect(await decideInvitation(db(), await tokenMailedTo(email), confirm)).toEqual({ ok: true })
    const told = await lastMailTo(owner.email)
    expect(told?.text).toMatch(
      /confirmed their share .* on \w+ \d+, \d{4} \(UTC\+09:00, Asia\/Seoul\)\./,
    )
    expect(told?.text).not.toContain('(UTC)')

    // An edit of the split re-invites them: that mail too is in the owner's zone (the walk found
    // it in UTC).
    const edited = await updateSong(db(), owner.id, song.id, {
      ...SPLIT,
      dateCreated: '2025-03-01',
      toolsUsed: 'Piano',
      fileLink: 'https://example.com/a.mp3',
      contributions: [
        { ...SPLIT.contributions[0]!, contributorPercent: 50, coContributorPercent: 50 },
      ],
    })
    expect(edited).toMatchObject({ ok: true, reinvited: 1 })
    expect((await lastMailTo(email))?.text).toMatch(/\(UTC\+09:00, Asia\/Seoul\):\n/)
  })

  test('a zone with an underscore in its name is written with a space', async () => {
    const { mailDay } = await import('~/lib/mail-dates')
    const { formatDayInZone } = await import('~/lib/dates')
    const day = new Date('2026-12-07T03:00:00Z')
    expect(mailDay(day, 'Asia/Ho_Chi_Minh')).toBe('December 7, 2026 (UTC+07:00, Asia/Ho Chi Minh)')
    expect(formatDayInZone(day, 'America/Port_of_Spain')).toBe(
      'December 6, 2026 (America/Port of Spain)',
    )
    expect(mailDay(day, null)).toBe('December 7, 2026 (UTC)')
  })
})
