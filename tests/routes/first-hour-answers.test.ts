import { expect, test } from 'vitest'
import { confirmationSummary } from '~/lib/confirmation-summary'
import * as apiSong from '~/resource-routes/api.songs.$id'
import * as index from '~/routes/_index'
import * as edit from '~/routes/edit.$id'
import * as invitation from '~/routes/invitations.$token'
import * as submit from '~/routes/submit'
import * as coWriters from '~/routes/songs.$id.co-writers'
import { db } from '../setup/db'
import {
  args,
  authedFormRequest,
  authedRequest,
  createTestSong,
  createUser,
  formRequest,
  respond,
  songFormFields,
} from '../setup/fixtures'
import { createInvitedCoWriter } from '../setup/invitations'

// Issue 39, through the routes as a browser without JavaScript posts them: names in several
// scripts, only the required fields.

const answer = (token: string, fields: Record<string, string>) =>
  respond(async () =>
    invitation.action(
      args(formRequest(`http://localhost/invitations/${token}`, fields), { token }),
    ),
  )

test('an IPI name number typed without its leading zeros is taken and stored with them (39.15)', async () => {
  const { song, token } = await createInvitedCoWriter({ coContributorName: 'प्रिया शर्मा' })
  const wrong = await answer(token, {
    intent: 'confirm',
    creditedName: 'प्रिया शर्मा',
    ipi: '14107339',
  })
  expect(wrong.status).toBe(400)
  const body = JSON.stringify(await wrong.json())
  const message = /The last two digits[^"]*/.exec(body)?.[0]
  expect(message).toBe(
    'The last two digits of this IPI number (39) do not match the nine before them: please check the number',
  )
  // The pair that would fit (38) is never told.
  expect(body).not.toContain('should be')

  const confirmed = await answer(token, {
    intent: 'confirm',
    creditedName: 'प्रिया शर्मा',
    ipi: '14107338',
  })
  expect(confirmed.status).toBe(200)
  const row = await db()
    .selectFrom('splitInvitations')
    .select(['ipi', 'creditedName', 'decision'])
    .where('songId', '=', song.id)
    .executeTakeFirstOrThrow()
  expect(row).toEqual({ ipi: '00014107338', creditedName: 'प्रिया शर्मा', decision: 'confirmed' })
})

/** The required fields of the edit form, as a browser without JavaScript posts them. */
const editForm = (percents: Record<string, string>, extra: Record<string, string> = {}) =>
  songFormFields(
    {
      title: 'Белые ночи',
      dateCreated: '2025-03-01',
      contributorName: 'Анна Иванова',
      toolsUsed: 'Гитара',
      fileLink: 'https://example.com/a.mp3',
      ...extra,
    },
    (component) => ({ contributorPercent: percents[component]! }),
  )

const ALL_100 = {
  lyrics: '100',
  vocals: '100',
  instrumentation: '100',
  production: '100',
  mixing: '100',
}

async function russianSong() {
  const owner = await createUser({ emailVerified: true, firstName: 'Анна' })
  const song = await createTestSong(owner.id, {
    title: 'Белые ночи',
    contributorName: 'Анна Иванова',
    toolsUsed: 'Гитара',
  })
  return { owner, song }
}

const editPost = async (userId: string, id: number, fields: Record<string, string>) =>
  respond(async () =>
    edit.action(
      args(await authedFormRequest(`http://localhost/edit/${id}`, userId, fields), {
        id: String(id),
      }),
    ),
  )

test('a split refused for its totals names each component that is off and its total (39.6)', async () => {
  const { owner, song } = await russianSong()
  const refused = await editPost(
    owner.id,
    song.id,
    editForm({ ...ALL_100, lyrics: '90' }, { 'contributions[4].aiPercent': '10.5' }),
  )
  expect(refused.status).toBe(400)
  expect((await refused.json()).message).toBe(
    'All contribution percentages must total 100% for each component. Lyrics totals 90%; Mixing/Mastering totals 110.5%.',
  )
  // Over JSON the same words.
  const put = await respond(async () =>
    apiSong.action(
      args(
        await authedRequest(`http://localhost/api/songs/${song.id}`, owner.id, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            title: 'Белые ночи',
            dateCreated: '2025-03-01',
            contributorName: 'Анна Иванова',
            toolsUsed: 'Гитара',
            fileLink: 'https://example.com/a.mp3',
            contributions: [{ component: 'vocals', contributorPercent: 70, aiPercent: 20 }],
          }),
        }),
        { id: String(song.id) },
      ),
    ),
  )
  expect(put.status).toBe(400)
  expect((await put.json()).message).toBe(
    'All contribution percentages must total 100% for each component. Vocals totals 90%.',
  )
})

test('a percentage typed for a co-contributor without a name is refused, never dropped (39.6)', async () => {
  const owner = await createUser({ emailVerified: true, firstName: 'สมชาย' })
  const fields: Record<string, string> = {
    title: 'ฝนตก',
    dateCreated: '2025-03-01',
    contributorName: 'สมชาย ใจดี',
    toolsUsed: 'กีตาร์',
    fileLink: 'https://example.com/a.mp3',
    intent: 'create',
    'contributions[0].component': 'lyrics',
    'contributions[0].contributorPercent': '60',
    'contributions[0].coContributorPercent': '40',
  }
  const refused = await respond(async () =>
    submit.action(args(await authedFormRequest('http://localhost/submit', owner.id, fields))),
  )
  expect(refused.status).toBe(400)
  expect((await refused.json()).errors).toMatchObject({
    coContributorName: [
      'Co-Contributor Name is empty, so its percentages cannot count toward 100%: write the name, or give its share to another contributor or AI.',
    ],
  })
  const songs = await db().selectFrom('songs').select('id').where('userId', '=', owner.id).execute()
  expect(songs).toEqual([])

  // On the edit form too, whenever the share is needed to make 100.
  const { owner: anna, song } = await russianSong()
  const edited = await editPost(
    anna.id,
    song.id,
    editForm({ ...ALL_100, vocals: '85' }, { 'contributions[1].coContributor2Percent': '15' }),
  )
  expect(edited.status).toBe(400)
  expect((await edited.json()).errors).toMatchObject({
    coContributorName2: [
      'Co-Contributor 2 Name is empty, so its percentages cannot count toward 100%: write the name, or give its share to another contributor or AI.',
    ],
  })
})

test('saving the edit form without a change adds no snapshot and keeps the song’s time (39.17)', async () => {
  const { owner, song } = await russianSong()
  const snapshots = () =>
    db().selectFrom('snapshotTimestamps').select('id').where('songId', '=', song.id).execute()
  const updatedAt = async () =>
    (
      await db()
        .selectFrom('songs')
        .select('updatedAt')
        .where('id', '=', song.id)
        .executeTakeFirstOrThrow()
    ).updatedAt
  const before = { snapshots: (await snapshots()).length, updatedAt: await updatedAt() }

  const unchanged = await editPost(owner.id, song.id, editForm(ALL_100))
  expect(unchanged.status).toBe(302)
  expect((await snapshots()).length).toBe(before.snapshots)
  expect(await updatedAt()).toEqual(before.updatedAt)

  // A change of one letter is a change: one snapshot more, a new time.
  const changed = await editPost(owner.id, song.id, editForm(ALL_100, { title: 'Белые ночи!' }))
  expect(changed.status).toBe(302)
  expect((await snapshots()).length).toBe(before.snapshots + 1)
  expect(await updatedAt()).not.toEqual(before.updatedAt)
})

test('the counts are about the others: one co-writer confirmed reads “1 of 1 confirmed” (39.7)', async () => {
  const { owner, token } = await createInvitedCoWriter({ coContributorName: 'נועה לוי' })
  const confirmed = await answer(token, { intent: 'confirm', creditedName: 'נועה לוי' })
  expect(confirmed.status).toBe(200)
  const dashboard = await respond(async () =>
    index.loader(args(await authedRequest('http://localhost/', owner.id))),
  )
  const [song] = (await dashboard.json()).songs
  expect(song.confirmations).toEqual({ named: 1, confirmed: 1, disputed: 0 })
  expect(confirmationSummary(song.confirmations)).toBe('1 of 1 confirmed')
})

test('a dispute survives removing the disputing co-writer in one edit and re-adding them in the next (38.4)', async () => {
  const { owner, song, cookie, token } = await createInvitedCoWriter({
    coContributorName: '山田 太郎',
  })
  const disputed = await answer(token, { intent: 'dispute', disputeReason: '私の歌詞は70%です' })
  expect(disputed.status).toBe(200)
  const withCo = { 'contributions[0].coContributorPercent': '50' }
  const removed = await editPost(owner.id, song.id, editForm(ALL_100))
  expect(removed.status).toBe(302)
  const readded = await editPost(
    owner.id,
    song.id,
    editForm({ ...ALL_100, lyrics: '50' }, { coContributorName: '山田 太郎', ...withCo }),
  )
  expect(readded.status).toBe(302)
  const page = await respond(async () =>
    coWriters.loader(
      args(
        new Request(`http://localhost/songs/${song.id}/co-writers`, {
          headers: { Cookie: cookie },
        }),
        {
          id: String(song.id),
        },
      ),
    ),
  )
  const slots = (await page.json()).slots
  expect(slots[1]).toMatchObject({ name: '山田 太郎', status: 'disputed' })
  const dashboard = await respond(async () =>
    index.loader(args(await authedRequest('http://localhost/', owner.id))),
  )
  expect((await dashboard.json()).songs[0].confirmations).toMatchObject({ disputed: 1 })
})
