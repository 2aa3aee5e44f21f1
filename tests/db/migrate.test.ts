import { sql } from 'kysely'
import { expect, test } from 'vitest'
import { migrateToLatest, openDatabase } from '../../db/client'
import { db } from '../setup/db'
import { createEmptyDatabase, dropDatabase } from '../setup/postgres'

test('migrations are recorded, and running them again applies nothing', async () => {
  const applied = await sql<{
    name: string
  }>`select name from kysely_migration order by name`.execute(db())
  expect(applied.rows.map((row) => row.name)).toEqual([
    '2026-11-22T0000-initial',
    '2026-11-22T0100-rate-limits',
    '2026-11-22T0200-registration-progress',
    '2026-11-22T0300-payment-credits',
    '2026-11-23T0100-mail-queue',
    '2026-11-23T0110-verification-code-attempts',
    '2026-11-23T0120-password-reset-requests',
    '2026-11-23T0200-event-source-voided-payments',
    '2026-11-23T0300-registration-network',
    '2026-11-23T0400-private-text-salts',
    '2026-11-23T0500-landing-video-chunks',
    '2026-11-23T0600-recording-fingerprint',
    '2026-11-23T0710-user-time-zone',
    '2026-11-23T0716-song-versions',
    '2026-11-23T0800-song-recordings',
  ])
  expect(await migrateToLatest(db())).toEqual([])
})

test('a failed migration throws its error, naming the migration, so start-up stops', async () => {
  const serverUrl = process.env.DATABASE_URL
  const empty = serverUrl ? await createEmptyDatabase(serverUrl) : null
  const handle = await openDatabase({ databaseUrl: empty?.url, dataDir: '', inMemory: true })
  try {
    // A table in the way makes the first migration fail the way a real conflict would.
    await sql`create table users (id int)`.execute(handle.db)
    await expect(migrateToLatest(handle.db)).rejects.toThrow(
      /Migration 2026-11-22T0000-initial failed: .*users/,
    )
  } finally {
    await handle.close()
    if (serverUrl && empty) await dropDatabase(serverUrl, empty.name)
  }
})
