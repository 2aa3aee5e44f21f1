import { Blob as NodeBlob } from 'node:buffer'
import fs from 'node:fs'
import { sql } from 'kysely'
import { afterAll, inject, vi } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../../db/client'
import { seedPlans } from '../../db/seed'
import { closeDocumentPoolForTests } from '~/services/platform/document-pool.server'
import { resetServerStateForTests, useDatabase } from '~/services/platform/db.server'
import { createDatabaseFromTemplate, dropDatabase } from './postgres'

// The database part of a test file's set-up; setup-rules.ts runs first. Only the files of the
// database projects (vitest.config.ts) pay for it: loading the snapshot takes a second or more.
const databaseUrl = process.env.DATABASE_URL
// The 'database' project runs file after file in one process per worker (decision 090): there
// the embedded database is opened once and emptied before each file, and the app's modules are
// evaluated again for each file, so no module keeps what the file before configured or cached.
const shared = process.env.SHARE_TEST_PROCESS === '1'
const holder = globalThis as typeof globalThis & { __sharedTestDatabase?: DatabaseHandle }

let handle: DatabaseHandle
let cleanup = async () => {}
if (databaseUrl) {
  const database = await createDatabaseFromTemplate(databaseUrl, inject('postgresTemplate'))
  handle = await openDatabase({ databaseUrl: database.url, dataDir: '' })
  cleanup = async () => {
    await handle.close()
    await dropDatabase(databaseUrl, database.name)
  }
} else if (shared && holder.__sharedTestDatabase) {
  handle = holder.__sharedTestDatabase
  await emptyDatabase(handle)
} else {
  // jsdom swaps in a Blob without arrayBuffer(), which PGlite needs: use Node's own.
  const snapshot = new NodeBlob([fs.readFileSync(inject('pgliteSnapshot'))]) as unknown as Blob
  handle = await openDatabase({ dataDir: '', inMemory: true, loadDataDir: snapshot })
  if (shared) holder.__sharedTestDatabase = handle
  else cleanup = () => handle.close()
}
useDatabase(handle)
if (shared) vi.resetModules()

afterAll(async () => {
  // The workers and buffers the file started stop (and flush) while its database is still open.
  if (shared) {
    await resetServerStateForTests()
    closeDocumentPoolForTests()
  }
  await cleanup()
})

/**
 * Back to the migrated snapshot's contents: every table emptied, its identities restarted, the
 * free plan seeded again (the only row the snapshot holds besides the migrations' own list).
 */
async function emptyDatabase({ db }: DatabaseHandle) {
  // The one connection's session too: no advisory lock or setting left by the file before.
  await sql`select pg_advisory_unlock_all()`.execute(db)
  await sql`reset all`.execute(db)
  const tables = await sql<{ name: string }>`
    select quote_ident(table_name) as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'
      and table_name not in ('kysely_migration', 'kysely_migration_lock')`.execute(db)
  await sql
    .raw(`truncate ${tables.rows.map((table) => table.name).join(', ')} restart identity cascade`)
    .execute(db)
  await seedPlans(db)
}
