import { sql } from 'kysely'
import { afterEach, describe, expect, test } from 'vitest'
import * as apiSongs from '~/resource-routes/api.songs'
import * as readyz from '~/resource-routes/readyz'
import * as edit from '~/routes/edit.$id'
import * as submit from '~/routes/submit'
import { DISK_LOW_MESSAGE, setDiskFloorForTests } from '~/services/platform/disk-space.server'
import { BYTE_BUDGET, byteBudgetMessage } from '~/services/songs/byte-budget.server'
import { db } from '../setup/db'
import {
  args,
  authedFormRequest,
  authedRequest,
  createUser,
  respond,
  songFormFields,
} from '../setup/fixtures'

// Issue 50.4 (decision 112): an account, unverified too, could fill the disk with 2,000 songs of
// 4-byte text. Each account has a byte budget, smaller until its address is verified, and every
// write of a song stops, with a clear message, when the data folder's disk runs low.

afterEach(() => setDiskFloorForTests())

// Lyrics of four-byte characters: the most bytes the form lets one song hold (20,000 characters).
const HEAVY_LYRICS = '𝄞'.repeat(20_000)

const fields = (extra: Record<string, string> = {}) =>
  songFormFields(
    {
      title: 'ሰላም 🎵',
      dateCreated: '2025-03-01',
      contributorName: 'Ὅμηρος',
      toolsUsed: 'Piano',
      fileLink: 'https://example.com/a.mp3',
      ...extra,
    },
    () => ({ contributorPercent: '100' }),
  )

const post = async (userId: string, values: Record<string, string>) =>
  respond(async () =>
    submit.action(args(await authedFormRequest('http://localhost/submit', userId, values))),
  )

/** Fills the account's songs with text straight in the table, up to `bytes`. */
async function fillTo(userId: string, bytes: number) {
  const each = 1_000_000
  for (let written = 0; written < bytes; written += each)
    await sql`
      insert into songs (user_id, title, contributor_name, date_created, tools_used, file_link,
                         certificate_id, updated_at, creative_notes)
      values (${userId}, 'filler', 'A', '2025-03-01', 'Piano', 'https://example.com/a.mp3',
              ${'PT-FILL-' + Math.random().toString(16).slice(2, 14)}, now(),
              ${'x'.repeat(Math.min(each, bytes - written))})`.execute(db())
}

const songCount = async (userId: string) =>
  (
    await db()
      .selectFrom('songs')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow()
  ).n

describe('an account has a byte budget', () => {
  test('an unverified account at its budget is refused a new song with a message, on the form and the API', async () => {
    const user = await createUser({ emailVerified: false, firstName: '김민지' })
    await fillTo(user.id, BYTE_BUDGET.unverified - 40_000)
    const before = await songCount(user.id)
    for (const intent of ['review', 'create']) {
      const refused = await post(user.id, { ...fields({ lyrics: HEAVY_LYRICS }), intent })
      expect(refused.status).toBe(409)
      const body = await refused.json()
      expect(body.step).toBe('form')
      expect(body.refused).toBe(byteBudgetMessage(false))
      expect(body.refused).toContain('2 MB an account can hold until its email address is verified')
      expect(body.values.title).toBe('ሰላም 🎵')
    }
    const api = await apiSongs.action(
      args(
        await authedRequest('http://localhost/api/songs', user.id, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            title: 'ሰላም',
            dateCreated: '2025-03-01',
            contributorName: 'Ὅμηρος',
            toolsUsed: 'Piano',
            fileLink: 'https://example.com/a.mp3',
            lyrics: HEAVY_LYRICS,
            contributions: [{ component: 'vocals', contributorPercent: 100 }],
          }),
        }),
      ),
    )
    expect(api.status).toBe(409)
    expect(await api.json()).toEqual({ message: byteBudgetMessage(false), code: 'no-space' })
    expect(await songCount(user.id)).toBe(before)

    // A small song still fits: the budget counts bytes, not songs.
    const small = await post(user.id, { ...fields(), intent: 'create' })
    expect(small.status).toBe(302)
  }, 60_000)

  test('a verified account holds far more, and an edit that grows a song past the budget is refused while one that shrinks it saves', async () => {
    const user = await createUser({ emailVerified: true })
    await fillTo(user.id, BYTE_BUDGET.unverified + 500_000)
    const created = await post(user.id, { ...fields({ lyrics: HEAVY_LYRICS }), intent: 'create' })
    expect(created.status).toBe(302)
    const songId = new URL(created.headers.get('Location')!, 'http://localhost').searchParams.get(
      'created',
    )!

    await fillTo(user.id, BYTE_BUDGET.verified - (await accountBytes(user.id)) - 1000)
    const editTo = async (extra: Record<string, string>) =>
      respond(async () =>
        edit.action(
          args(await authedFormRequest(`http://localhost/edit/${songId}`, user.id, fields(extra)), {
            id: songId,
          }),
        ),
      )
    const grown = await editTo({ title: 'ሰላም 🎵 '.repeat(20) })
    expect(grown.status).toBe(409)
    expect((await grown.json()).message).toBe(byteBudgetMessage(true))
    expect(byteBudgetMessage(true)).toContain('50 MB one account can hold')
    // Shorter text always saves, so a full account can make room.
    const shrunk = await editTo({ title: 'ሰላም' })
    expect(shrunk.status).toBe(302)
    const row = await db()
      .selectFrom('songs')
      .select('title')
      .where('id', '=', Number(songId))
      .executeTakeFirstOrThrow()
    expect(row.title).toBe('ሰላም')
  }, 120_000)
})

test('a disk below the floor refuses a new song with a message, and /readyz says so', async () => {
  const user = await createUser({ emailVerified: true })
  // A floor above any disk's free space stands for a full disk.
  setDiskFloorForTests(Number.MAX_SAFE_INTEGER)
  const refused = await post(user.id, { ...fields(), intent: 'create' })
  expect(refused.status).toBe(503)
  expect((await refused.json()).refused).toBe(DISK_LOW_MESSAGE)
  expect(await songCount(user.id)).toBe(0)
  const ready = await readyz.loader()
  expect(ready.status).toBe(200)
  expect(await ready.json()).toEqual({ status: 'ok', disk: 'low', message: DISK_LOW_MESSAGE })

  setDiskFloorForTests()
  expect(await (await readyz.loader()).json()).toEqual({ status: 'ok' })
  expect((await post(user.id, { ...fields(), intent: 'create' })).status).toBe(302)
})

async function accountBytes(userId: string) {
  const { bytes } = await db()
    .selectFrom('songs')
    .select(sql<string>`sum(octet_length(songs::text))::bigint`.as('bytes'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(bytes)
}
