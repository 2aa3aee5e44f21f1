import fs from 'node:fs'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { ensureBuild } from '../../scripts/lib/build.mjs'
import {
  createDatabaseFromTemplate,
  createTemplateDatabase,
  dropDatabase,
  dropDatabasesNamed,
} from '../setup/postgres'
import { testEnv } from '../setup/test-env'
import {
  adminSession,
  createAdministrator,
  E2E_DATABASES,
  type EmbeddedTemplates,
  makeEmbeddedTemplates,
  type PostgresTemplates,
  startServerWithAdmin,
  useEmbeddedTemplates,
  usePostgresTemplates,
} from './server'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    sharedDataDir: string
    /** The administrator's session cookie on the shared server, for every file (decision 099). */
    adminSession: string
    postgresTemplates: PostgresTemplates
    embeddedTemplates: EmbeddedTemplates
  }
}

export default async function setup(project: TestProject) {
  ensureBuild(path.resolve(__dirname, '../..'))
  // Every server starts from a migrated database made here once (tests/e2e/server.ts): on the
  // embedded database a copied data directory, on PostgreSQL a database cloned from a template.
  const embedded = makeEmbeddedTemplates()
  project.provide('embeddedTemplates', embedded)
  useEmbeddedTemplates(embedded)
  const databaseUrl = process.env.DATABASE_URL
  const postgres = { plain: '', admin: '' }
  if (databaseUrl) {
    postgres.plain = await createTemplateDatabase(databaseUrl)
    const admin = await createDatabaseFromTemplate(
      databaseUrl,
      postgres.plain,
      'prooftrack_template_admin',
    )
    createAdministrator({ ...testEnv(embedded.admin), DATABASE_URL: admin.url })
    postgres.admin = admin.name
  }
  project.provide('postgresTemplates', postgres)
  usePostgresTemplates(postgres)
  const server = await startServerWithAdmin()
  project.provide('baseUrl', server.baseUrl)
  project.provide('sharedDataDir', server.dataDir)
  project.provide('adminSession', await adminSession(server.baseUrl, '198.51.100.200'))
  return async () => {
    await server.stop()
    for (const dir of [embedded.plain, embedded.admin])
      fs.rmSync(dir, { recursive: true, force: true })
    if (databaseUrl) {
      await dropDatabasesNamed(databaseUrl, E2E_DATABASES)
      await dropDatabase(databaseUrl, postgres.admin)
      await dropDatabase(databaseUrl, postgres.plain)
    }
  }
}
