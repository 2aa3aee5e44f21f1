import crypto from 'node:crypto'
import pg from 'pg'
import { migrateToLatest, openDatabase } from '../../db/client'
import { seedPlans } from '../../db/seed'

function withDatabase(url: string, database: string) {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

async function admin<T>(url: string, run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

export async function createTemplateDatabase(url: string) {
  const name = `prooftrack_template_${crypto.randomBytes(4).toString('hex')}`
  await admin(url, (client) => client.query(`CREATE DATABASE ${name}`))
  const handle = await openDatabase({ databaseUrl: withDatabase(url, name), dataDir: '' })
  await migrateToLatest(handle.db)
  await seedPlans(handle.db)
  await handle.close()
  return name
}

/** A throwaway database cloned from the migrated template: each test file gets its own. */
export async function createDatabaseFromTemplate(
  url: string,
  template: string,
  prefix = 'prooftrack_test',
) {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`
  await admin(url, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`))
  return { name, url: withDatabase(url, name) }
}

export async function dropDatabase(url: string, name: string) {
  await admin(url, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
}

export async function createEmptyDatabase(url: string) {
  const name = `prooftrack_empty_${crypto.randomBytes(6).toString('hex')}`
  await admin(url, (client) => client.query(`CREATE DATABASE ${name}`))
  return { name, url: withDatabase(url, name) }
}

/** Drops every database whose name starts with `prefix_` (what a run made and left behind). */
export async function dropDatabasesNamed(url: string, prefix: string) {
  await admin(url, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1`,
      [`${prefix}\\_%`],
    )
    for (const { datname } of rows)
      await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`)
  })
}
