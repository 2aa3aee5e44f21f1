import { describe, expect, test } from 'vitest'
import * as apiSongs from '~/resource-routes/api.songs'
import * as apiSong from '~/resource-routes/api.songs.$id'
import * as index from '~/routes/_index'
import * as invitation from '~/routes/invitations.$token'
import { db } from '../setup/db'
import {
  args,
  authedRequest,
  createOwnerWithCoWriter,
  createTestSong,
  createUser,
  formRequest,
  respond,
} from '../setup/fixtures'
import { invitationToken, inviteCoWriter } from '../setup/invitations'

// Issue 41 (decision 089): the songs API and the dashboard keep their answers per owner and data
// version. Whatever changes what they show, whoever makes the change, must show at once.

const TITLE =
  '夜のドライブ · रात की सवारी · ขับรถกลางคืน · נסיעת לילה · رحلة ليلية · Ночная поездка 🌙'

async function songsApi(userId: string, ifNoneMatch?: string) {
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (ifNoneMatch) headers['If-None-Match'] = ifNoneMatch
  return respond(async () =>
    apiSongs.loader(args(await authedRequest('http://localhost/api/songs', userId, { headers }))),
  )
}

async function dashboard(userId: string) {
  const response = await respond(async () =>
    index.loader(args(await authedRequest('http://localhost/', userId))),
  )
  expect(response.status).toBe(200)
  return (await response.json()) as {
    stats: { totalSongs: number; blockchainCertified: number }
    songs: {
      title: string
      isRegistered: boolean
      confirmations: { named: number; confirmed: number; disputed: number } | null
    }[]
  }
}

/** The current ETag, after checking that it still confirms the browser's copy. */
async function currentEtag(userId: string) {
  const response = await songsApi(userId)
  expect(response.status).toBe(200)
  const etag = response.headers.get('ETag')!
  expect(etag).toMatch(/^"[\w-]+"$/)
  return { etag, songs: (await response.json()) as { title: string; isRegistered: boolean }[] }
}

const ownerWithCoWriter = () =>
  createOwnerWithCoWriter(
    { title: TITLE, contributorName: 'Ann', coContributorName: 'Bea' },
    { firstName: 'Ann' },
  )

describe('GET /api/songs answers 304 while nothing it shows changed', () => {
  test('a client that kept it and sends If-None-Match with the current tag gets 304 and no body', async () => {
    const { owner } = await ownerWithCoWriter()
    const first = await songsApi(owner.id)
    expect(first.status).toBe(200)
    // One person's songs: the browser's own cache still keeps none of it.
    expect(first.headers.get('Cache-Control')).toBe('no-store')
    expect(first.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
    expect((await first.json()).map((song: { title: string }) => song.title)).toEqual([TITLE])
    const etag = first.headers.get('ETag')!

    const again = await songsApi(owner.id, etag)
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('ETag')).toBe(etag)
    // A weak comparison, and a list of tags, as browsers and proxies may send them.
    expect((await songsApi(owner.id, `"other", W/${etag}`)).status).toBe(304)
    // Another page of the list is another answer.
    const paged = await respond(async () =>
      apiSongs.loader(
        args(
          await authedRequest('http://localhost/api/songs?limit=1&offset=1', owner.id, {
            headers: { 'If-None-Match': etag },
          }),
        ),
      ),
    )
    expect(paged.status).toBe(200)
    expect(await paged.json()).toEqual([])
  })

  test('another account never has its answer confirmed by someone else’s tag', async () => {
    const { owner } = await ownerWithCoWriter()
    const other = await createUser()
    await createTestSong(other.id, { title: 'Другая песня' })
    const { etag } = await currentEtag(owner.id)
    const response = await songsApi(other.id, etag)
    expect(response.status).toBe(200)
    expect((await response.json()).map((song: { title: string }) => song.title)).toEqual([
      'Другая песня',
    ])
  })

  test('an edit, a registration and its confirmation each give a new answer', async () => {
    const { owner, song } = await ownerWithCoWriter()
    const before = await currentEtag(owner.id)

    const edited = await respond(async () =>
      apiSong.action(
        args(
          await authedRequest(`http://localhost/api/songs/${song.id}`, owner.id, {
            method: 'PUT',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({
              title: `${TITLE} (2)`,
              dateCreated: '2025-03-02',
              contributorName: 'Ann',
              coContributorName: 'Bea',
              toolsUsed: 'Ableton',
              fileLink: 'https://example.com/v2.mp3',
              contributions: [
                { component: 'lyrics', contributorPercent: 60, coContributorPercent: 40 },
              ],
            }),
          }),
          { id: String(song.id) },
        ),
      ),
    )
    expect(edited.status).toBe(200)
    expect((await songsApi(owner.id, before.etag)).status).toBe(200)
    const afterEdit = await currentEtag(owner.id)
    expect(afterEdit.songs.map((one) => one.title)).toEqual([`${TITLE} (2)`])

    // The ledger's answer is written by the registration, not by the owner's request.
    const [registration] = await db()
      .insertInto('blockchainRegistrations')
      .values({ songId: song.id, status: 'pending', registrationFee: '0.001' })
      .returning('id')
      .execute()
    expect((await songsApi(owner.id, afterEdit.etag)).status).toBe(200)
    const pending = await currentEtag(owner.id)
    expect(pending.songs[0]!.isRegistered).toBe(false)
    expect((await dashboard(owner.id)).stats.blockchainCertified).toBe(0)

    await db()
      .updateTable('blockchainRegistrations')
      .set({ status: 'confirmed', transactionSignature: 'sig-kept-answers' })
      .where('id', '=', registration!.id)
      .execute()
    expect((await songsApi(owner.id, pending.etag)).status).toBe(200)
    expect((await currentEtag(owner.id)).songs[0]!.isRegistered).toBe(true)
    const shown = await dashboard(owner.id)
    expect(shown.stats).toEqual({ totalSongs: 1, blockchainCertified: 1 })
    expect(shown.songs[0]!.isRegistered).toBe(true)
  })
})

describe('the dashboard shows a co-writer’s answer at once', () => {
  test('invite, then the co-writer (signed out, another person) confirms: the owner’s next page counts it', async () => {
    const { owner, song, cookie } = await ownerWithCoWriter()
    expect((await dashboard(owner.id)).songs[0]!.confirmations).toEqual({
      named: 1,
      confirmed: 0,
      disputed: 0,
    })
    const email = `bea-${song.id}@example.com`
    const sent = await inviteCoWriter(cookie, song.id, email)
    expect(sent.status).toBe(302)
    // Kept again, at the version the invitation left.
    expect((await dashboard(owner.id)).songs[0]!.confirmations).toMatchObject({ confirmed: 0 })
    const { etag } = await currentEtag(owner.id)

    const token = await invitationToken(email)
    expect(token).not.toBeNull()
    const confirmed = await respond(async () =>
      invitation.action(
        args(
          formRequest(`http://localhost/invitations/${token}`, {
            intent: 'confirm',
            creditedName: 'בת־אל',
          }),
          { token: token! },
        ),
      ),
    )
    expect(confirmed.status).toBe(200)

    expect((await dashboard(owner.id)).songs[0]!.confirmations).toEqual({
      named: 1,
      confirmed: 1,
      disputed: 0,
    })
    // The API's tag moves with the same version: its answer is asked for again.
    expect((await songsApi(owner.id, etag)).status).toBe(200)
  })

  test('a new song shows on the dashboard and in the API at once', async () => {
    const { owner } = await ownerWithCoWriter()
    const { etag } = await currentEtag(owner.id)
    expect((await dashboard(owner.id)).stats.totalSongs).toBe(1)
    await createTestSong(owner.id, { title: 'नया गीत 🎵' })
    const shown = await dashboard(owner.id)
    expect(shown.stats.totalSongs).toBe(2)
    expect(shown.songs.map((one) => one.title)).toEqual(['नया गीत 🎵', TITLE])
    expect((await songsApi(owner.id, etag)).status).toBe(200)
  })
})

describe('the version counter', () => {
  test('an account with songs can still be deleted (its songs go after it), and its counter with it', async () => {
    const { owner } = await ownerWithCoWriter()
    await currentEtag(owner.id)
    const before = await db()
      .selectFrom('ownerDataVersions')
      .select('version')
      .where('userId', '=', owner.id)
      .executeTakeFirst()
    expect(before).toBeDefined()
    await db().deleteFrom('users').where('id', '=', owner.id).execute()
    expect(
      await db()
        .selectFrom('ownerDataVersions')
        .select('version')
        .where('userId', '=', owner.id)
        .executeTakeFirst(),
    ).toBeUndefined()
  })
})

describe('the owner data version moves once per statement', () => {
  test('one statement over many of an owner’s rows moves it once, and the answer with it', async () => {
    const owner = await createUser()
    const version = async () =>
      (
        await db()
          .selectFrom('ownerDataVersions')
          .select('version')
          .where('userId', '=', owner.id)
          .executeTakeFirstOrThrow()
      ).version
    await createTestSong(owner.id, { title: TITLE })
    const before = await currentEtag(owner.id)
    const start = Number(await version())
    // Three songs and their fifteen shares in two statements: two moves, not eighteen (a row
    // trigger updated the owner's one row per row, which grew with the square of the count).
    const added = await db()
      .insertInto('songs')
      .values(
        [1, 2, 3].map((n) => ({
          userId: owner.id,
          title: `${TITLE} ${n}`,
          contributorName: 'Ann',
          dateCreated: '2025-03-01',
          toolsUsed: 'Logic Pro',
          fileLink: 'https://example.com/song',
          certificateId: `PT-KEPT-${n}${owner.id.slice(0, 4)}`,
        })),
      )
      .returning('id')
      .execute()
    await db()
      .insertInto('creativeContributions')
      .values(
        added.flatMap(({ id }) =>
          (['lyrics', 'vocals', 'instrumentation', 'production', 'mixing'] as const).map(
            (component) => ({ songId: id, component, contributorPercent: 100, aiPercent: 0 }),
          ),
        ),
      )
      .execute()
    expect(Number(await version())).toBe(start + 2)
    const after = await currentEtag(owner.id)
    expect(after.etag).not.toBe(before.etag)
    expect(after.songs).toHaveLength(4)
  })
})
