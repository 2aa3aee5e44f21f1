import { type Kysely, sql } from 'kysely'

// Frozen in time. Issue 54 (decision 120): the language the person chose, kept on the account so
// every device and every mail speaks it. Null: not chosen, the browser's Accept-Language decides.
export async function migrateUp(db: Kysely<unknown>) {
  await sql`ALTER TABLE users ADD COLUMN locale text`.execute(db)
}

export async function migrateDown(db: Kysely<unknown>) {
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS locale`.execute(db)
}
