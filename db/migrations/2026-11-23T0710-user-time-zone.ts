import { type Kysely, sql } from 'kysely'

// Frozen in time. The time zone a user chose for dates shown without JavaScript (an IANA name,
// checked by the app); null means the browser's zone, or UTC.
export async function migrateUp(db: Kysely<unknown>) {
  await sql`ALTER TABLE users ADD COLUMN time_zone varchar(64)`.execute(db)
}

export async function migrateDown(db: Kysely<unknown>) {
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS time_zone`.execute(db)
}
