import { Blob as NodeBlob } from 'node:buffer'
import fs from 'node:fs'
import { afterAll, afterEach, beforeEach, inject, vi } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../../db/client'
import { useDatabase } from '~/services/platform/db.server'
import { createDatabaseFromTemplate, dropDatabase } from './postgres'
import { testEnv } from './test-env'

Object.assign(process.env, testEnv())

// A test that logs an error has found one: console.error fails it (Epic Stack's rule).
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`)
  })
})
afterEach(() => {
  vi.restoreAllMocks()
})

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
