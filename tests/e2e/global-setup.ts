import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { ensureBuild } from '../../scripts/lib/build.mjs'
import { createTemplateDatabase, dropDatabase, dropDatabasesNamed } from '../setup/postgres'
import { E2E_DATABASES, startServerWithAdmin, usePostgresTemplate } from './server'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    postgresTemplate: string
  }
}

export default async function setup(project: TestProject) {
  ensureBuild(path.resolve(__dirname, '../..'))
  // On PostgreSQL each server's DATA_DIR gets a database cloned from one migrated template
  // (tests/e2e/server.ts, databaseUrlFor).
  const databaseUrl = process.env.DATABASE_URL
  const template = databaseUrl ? await createTemplateDatabase(databaseUrl) : ''
  project.provide('postgresTemplate', template)
  usePostgresTemplate(template)
  const server = await startServerWithAdmin()
  project.provide('baseUrl', server.baseUrl)
  return async () => {
    await server.stop()
    if (databaseUrl) {
      await dropDatabasesNamed(databaseUrl, E2E_DATABASES)
      await dropDatabase(databaseUrl, template)
    }
  }
}
