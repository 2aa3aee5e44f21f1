import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { migrateToLatest, openDatabase } from '../../db/client'
import { seedPlans } from '../../db/seed'
import { createTemplateDatabase, dropDatabase } from './postgres'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string
    postgresTemplate: string
  }
}

/**
 * Migrates one database for the whole run. On PGlite the migrated data directory is dumped
 * once and every test file loads that dump (a cold PGlite start plus migrations costs seconds);
 * on PostgreSQL every test file clones a migrated template database.
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL
  if (databaseUrl) {
    const template = await createTemplateDatabase(databaseUrl)
    project.provide('postgresTemplate', template)
    project.provide('pgliteSnapshot', '')
    return async () => dropDatabase(databaseUrl, template)
  }
  const handle = await openDatabase({ dataDir: '', inMemory: true })
  await migrateToLatest(handle.db)
  await seedPlans(handle.db)
  if (!handle.dump) throw new Error('The embedded database cannot be dumped')
  const dump = await handle.dump()
  await handle.close()
  const file = path.join(
    fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-snapshot-')),
    'pglite.tar',
  )
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  project.provide('pgliteSnapshot', file)
  project.provide('postgresTemplate', '')
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true })
}
