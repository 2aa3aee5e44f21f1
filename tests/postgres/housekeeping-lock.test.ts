// Runs only against a real PostgreSQL (the CI's second stage, or any run with DATABASE_URL set):
// PGlite has one connection, so a second holder of the pruning lock cannot exist there.
import crypto from 'node:crypto'
import { sql } from 'kysely'
import { expect, test } from 'vitest'
import { pruneExpired } from '~/services/admin/housekeeping.server'
import { db, databaseKind } from '../setup/db'
import { createUser } from '../setup/fixtures'

test('while another server prunes (holds the lock), this one skips and deletes nothing', async () => {
  expect(databaseKind()).toBe('postgres')
  const user = await createUser()
  await db()
    .insertInto('sessions')
    .values({
      sidHash: `expired-${crypto.randomBytes(4).toString('hex')}`,
      sess: '{}',
      expire: new Date(Date.now() - 1000),
      userId: user.id,
    })
    .execute()
  let skipped: Awaited<ReturnType<typeof pruneExpired>> | undefined
  await db()
    .transaction()
    .execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(150001)`.execute(trx)
      skipped = await pruneExpired()
    })
  expect(skipped).toBeNull()
  expect(
    await db().selectFrom('sessions').select('sidHash').where('userId', '=', user.id).execute(),
  ).toHaveLength(1)
  // With the lock free, the next pass does its work.
  expect(await pruneExpired()).not.toBeNull()
  expect(
    await db().selectFrom('sessions').select('sidHash').where('userId', '=', user.id).execute(),
  ).toHaveLength(0)
})
