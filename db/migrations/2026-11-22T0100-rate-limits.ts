import { type Kysely, sql } from 'kysely'

// Frozen in time. Rate-limit counters live in PostgreSQL so limits hold across app servers.
export async function migrateUp(db: Kysely<unknown>) {
  await sql`CREATE TABLE rate_limits (
    key varchar(255) NOT NULL,
    window_start timestamptz NOT NULL,
    hits integer NOT NULL DEFAULT 0,
    PRIMARY KEY (key, window_start)
  )`.execute(db)
  await sql`CREATE INDEX rate_limits_window_start_idx ON rate_limits (window_start)`.execute(db)
}

export async function migrateDown(db: Kysely<unknown>) {
  await sql`DROP TABLE IF EXISTS rate_limits`.execute(db)
}
