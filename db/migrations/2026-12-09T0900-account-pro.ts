import { type Kysely, sql } from 'kysely'

// Frozen in time. Issue 51 item 4 (decision 118): the account's own PRO and PRO number (an IPI
// name number, or a society's own member number), both optional, filled in as the main
// contributor's on a new song. No song reads them: a song keeps what its form saved.
export async function migrateUp(db: Kysely<unknown>) {
  await sql`ALTER TABLE users
    ADD COLUMN pro text,
    ADD COLUMN pro_number text`.execute(db)
}

export async function migrateDown(db: Kysely<unknown>) {
  await sql`ALTER TABLE users
    DROP COLUMN IF EXISTS pro,
    DROP COLUMN IF EXISTS pro_number`.execute(db)
}
