import { type Kysely, sql } from 'kysely'

// Frozen in time. Issue 38 (decision 077): a session is kept as the SHA-256 of its id, as the
// reset and email-change tokens are, so a copy of the database (its WAL, a backup, a replica)
// holds nothing a browser can sign in with. The cookie keeps the id itself: hashing the stored
// ids in place keeps everybody signed in across the upgrade. sha256() is core PostgreSQL (11+),
// so the same statement runs on PGlite and on PostgreSQL.
export async function migrateUp(db: Kysely<unknown>) {
  await sql`ALTER TABLE sessions RENAME COLUMN sid TO sid_hash`.execute(db)
  await sql`UPDATE sessions SET sid_hash = encode(sha256(convert_to(sid_hash, 'UTF8')), 'hex')`.execute(
    db,
  )
  await sql`ALTER TABLE sessions ALTER COLUMN sid_hash TYPE varchar(64)`.execute(db)
}

// A hash cannot be turned back into the id: going down signs everybody out.
export async function migrateDown(db: Kysely<unknown>) {
  await sql`DELETE FROM sessions`.execute(db)
  await sql`ALTER TABLE sessions ALTER COLUMN sid_hash TYPE varchar(255)`.execute(db)
  await sql`ALTER TABLE sessions RENAME COLUMN sid_hash TO sid`.execute(db)
}
