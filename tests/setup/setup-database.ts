import { Blob as NodeBlob } from 'node:buffer'
import fs from 'node:fs'
import { afterAll, inject } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../../db/client'
import { useDatabase } from '~/services/platform/db.server'
import { createDatabaseFromTemplate, dropDatabase } from './postgres'

// The database part of a test file's set-up; setup-rules.ts runs first. Only the files of the
// 'database' and 'event-loop' projects (vitest.config.ts) pay for it: loading the snapshot takes a second or more.
const databaseUrl = process.env.DATABASE_URL
let handle: DatabaseHandle
let cleanup = async () => {}
if (databaseUrl) {
  const database = await createDatabaseFromTemplate(databaseUrl, inject('postgresTemplate'))
  handle = await openDatabase({ databaseUrl: database.url, dataDir: '' })
  cleanup = () => dropDatabase(databaseUrl, database.name)
} else {
  // jsdom swaps in a Blob without arrayBuffer(), which PGlite needs: use Node's own.
  const snapshot = new NodeBlob([fs.readFileSync(inject('pgliteSnapshot'))]) as unknown as Blob
  handle = await openDatabase({ dataDir: '', inMemory: true, loadDataDir: snapshot })
}
useDatabase(handle)

afterAll(async () => {
  await handle.close()
  await cleanup()
})
