import { type Kysely, sql } from 'kysely'

// Frozen in time. Issue 30: the record audit stalled the embedded server at 10,000 registered
// certificates: each batch's claim joined every registration with its audit row and sorted them
// all by last check (decision 069). From here on a confirmed registration gets its record_audits
// row when it is confirmed (checked_at NULL: never checked), so the claim walks this table's
// index in its own order and stops after one batch.
// - The rows of registrations confirmed before now are made here.
// - record_audits_unchecked: the never-checked rows, which a pass takes first, by registration.
// - record_audits_due: the checked rows, oldest check first, as a pass takes them next.
export async function migrateUp(db: Kysely<unknown>) {
  await sql`INSERT INTO record_audits (registration_id, certificate_id, ok)
    SELECT r.id, s.certificate_id, false
    FROM blockchain_registrations r JOIN songs s ON s.id = r.song_id
    WHERE r.status = 'confirmed' AND r.transaction_signature IS NOT NULL
    ON CONFLICT (registration_id) DO NOTHING`.execute(db)
  await sql`CREATE INDEX record_audits_unchecked ON record_audits (registration_id) WHERE checked_at IS NULL`.execute(
    db,
  )
  await sql`CREATE INDEX record_audits_due ON record_audits (checked_at, registration_id) WHERE checked_at IS NOT NULL`.execute(
    db,
  )
}

export async function migrateDown(db: Kysely<unknown>) {
  await sql`DROP INDEX IF EXISTS record_audits_due`.execute(db)
  await sql`DROP INDEX IF EXISTS record_audits_unchecked`.execute(db)
}
