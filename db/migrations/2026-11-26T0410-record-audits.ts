import { type Kysely, sql } from 'kysely'

// Frozen in time. Issue 30: the record audit re-verifies every confirmed registration against the
// chain and permanent storage, and keeps the latest result per registration here.
// - checked_at: when it was last checked (NULL until the first check); the oldest goes first.
// - claimed_until: a server's lease on the record while it checks it, so that two servers
//   auditing together never check one record twice in one pass.
export async function migrateUp(db: Kysely<unknown>) {
  await sql`CREATE TABLE record_audits (
    registration_id integer PRIMARY KEY REFERENCES blockchain_registrations(id) ON DELETE CASCADE,
    certificate_id varchar(64) NOT NULL,
    ok boolean NOT NULL,
    reason text,
    checked_at timestamptz,
    claimed_until timestamptz
  )`.execute(db)
  await sql`CREATE INDEX record_audits_checked_at ON record_audits (checked_at)`.execute(db)
  await sql`CREATE INDEX record_audits_failing ON record_audits (checked_at) WHERE NOT ok`.execute(
    db,
  )
}

export async function migrateDown(db: Kysely<unknown>) {
  await sql`DROP TABLE IF EXISTS record_audits`.execute(db)
}
