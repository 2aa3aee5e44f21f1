import crypto from 'node:crypto'
import { sql } from 'kysely'
import { beforeEach, expect, test } from 'vitest'
import { databaseKind } from '~/services/platform/db.server'
import {
  pruneExpired,
  startHousekeeping,
  vacuumEmbedded,
} from '~/services/admin/housekeeping.server'
import { db } from '../setup/db'
import { createUser } from '../setup/fixtures'

const HOUR = 60 * 60 * 1000
const ago = (ms: number) => new Date(Date.now() - ms)
const later = (ms: number) => new Date(Date.now() + ms)

beforeEach(async () => {
  await db().deleteFrom('sessions').execute()
  await db().deleteFrom('passwordResetTokens').execute()
  await db().deleteFrom('emailVerificationTokens').execute()
  await db().deleteFrom('rateLimits').execute()
})

/** One row that must go and one that must stay, in each table the pruning touches. */
async function seed() {
  const user = await createUser()
  const token = () => crypto.randomBytes(16).toString('hex')
  await db()
    .insertInto('sessions')
    .values([
      { sidHash: 'expired', sess: '{}', expire: ago(1000), userId: user.id },
      { sidHash: 'live', sess: '{}', expire: later(HOUR), userId: user.id },
    ])
    .execute()
  for (const table of ['passwordResetTokens', 'emailVerificationTokens'] as const) {
    await db()
      .insertInto(table)
      .values([
        { userId: user.id, token: token(), expiresAt: ago(1000) },
        { userId: user.id, token: token(), expiresAt: later(HOUR), used: true },
        { userId: user.id, token: `live-${token()}`, expiresAt: later(HOUR) },
      ])
      .execute()
  }
  await db()
    .insertInto('rateLimits')
    .values([
      { key: 'login:ip:a', windowStart: ago(25 * HOUR), hits: 3 },
      { key: 'login:ip:a', windowStart: ago(HOUR), hits: 3 },
    ])
    .execute()
}

test('pruning deletes expired sessions, spent or expired reset links and codes, and ended rate-limit windows, and nothing live', async () => {
  await seed()
  expect(await pruneExpired()).toEqual({
    sessions: 1,
    passwordResetTokens: 2,
    verificationCodes: 2,
    rateLimitWindows: 1,
  })
  expect(await db().selectFrom('sessions').select('sidHash').execute()).toEqual([
    { sidHash: 'live' },
  ])
  for (const table of ['passwordResetTokens', 'emailVerificationTokens'] as const) {
    const left = await db().selectFrom(table).select(['token', 'used']).execute()
    expect(left).toEqual([{ token: expect.stringMatching(/^live-/), used: false }])
  }
  expect(await db().selectFrom('rateLimits').select('windowStart').execute()).toHaveLength(1)
  expect(await pruneExpired()).toEqual({
    sessions: 0,
    passwordResetTokens: 0,
    verificationCodes: 0,
    rateLimitWindows: 0,
  })
})

test('the schedule prunes soon after start and stops before the database closes', async () => {
  await seed()
  const housekeeping = startHousekeeping({ firstRunMs: 10, intervalMs: 60_000 })
  await expect
    .poll(async () => (await db().selectFrom('sessions').select('sidHash').execute()).length)
    .toBe(1)
  await housekeeping.stop()
  await db()
    .insertInto('sessions')
    .values({ sidHash: 'expired-later', sess: '{}', expire: ago(1000), userId: null })
    .execute()
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(
    await db()
      .selectFrom('sessions')
      .select('sidHash')
      .where('sidHash', '=', 'expired-later')
      .execute(),
  ).toHaveLength(1)
})

test('the embedded database is vacuumed and analysed, having no autovacuum; PostgreSQL is left to its own', async () => {
  const user = await createUser()
  await db()
    .insertInto('sessions')
    .values(
      Array.from({ length: 50 }, (_, i) => ({
        sidHash: `vacuum-${i}`,
        sess: '{}',
        expire: later(HOUR),
        userId: user.id,
      })),
    )
    .execute()
  const stats = async () =>
    (
      await sql<{
        reltuples: number
        relallvisible: number
      }>`select reltuples::float8 as reltuples, relallvisible from pg_class where relname = 'sessions'`.execute(
        db(),
      )
    ).rows[0]!
  const ran = await vacuumEmbedded()
  if (databaseKind() !== 'pglite') return expect(ran).toBe(false)
  expect(ran).toBe(true)
  const after = await stats()
  // The planner now knows the table's size, and its pages are marked all-visible, so a count
  // can be answered from an index alone.
  expect(after.reltuples).toBe(50)
  expect(after.relallvisible).toBeGreaterThan(0)
})
