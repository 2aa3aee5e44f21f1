import { type Kysely, sql } from 'kysely'

// Frozen in time. Registration progress: when a row last moved, so stuck rows can be found.
export async function migrateUp(db: Kysely<unknown>) {
  await sql`ALTER TABLE blockchain_registrations ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`.execute(
    db,
  )
  await sql`CREATE INDEX blockchain_registrations_status_idx ON blockchain_registrations (status, updated_at)`.execute(
    db,
  )
}

export async function migrateDown(db: Kysely<unknown>) {
  await sql`DROP INDEX IF EXISTS blockchain_registrations_status_idx`.execute(db)
  await sql`ALTER TABLE blockchain_registrations DROP COLUMN IF EXISTS updated_at`.execute(db)
}
