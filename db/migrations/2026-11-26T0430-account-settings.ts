import { type Kysely, sql } from 'kysely'

// Frozen in time. Issue 28: what the sessions list shows (when a browser first and last came,
// which browser it said it was), when a session last proved its owner (the re-auth window for
// sensitive changes), and the moment an account was deleted (its row stays as an empty tombstone
// because registered songs, which are permanent records, keep pointing at it).
export async function migrateUp(db: Kysely<unknown>) {
  await sql`ALTER TABLE sessions ADD COLUMN created_at timestamptz NOT NULL DEFAULT now()`.execute(
    db,
  )
  await sql`ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now()`.execute(
    db,
  )
  await sql`ALTER TABLE sessions ADD COLUMN user_agent varchar(512)`.execute(db)
  await sql`ALTER TABLE sessions ADD COLUMN reauthenticated_at timestamptz`.execute(db)
  await sql`ALTER TABLE users ADD COLUMN deleted_at timestamptz`.execute(db)
}

export async function migrateDown(db: Kysely<unknown>) {
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS deleted_at`.execute(db)
  await sql`ALTER TABLE sessions DROP COLUMN IF EXISTS reauthenticated_at`.execute(db)
  await sql`ALTER TABLE sessions DROP COLUMN IF EXISTS user_agent`.execute(db)
  await sql`ALTER TABLE sessions DROP COLUMN IF EXISTS last_seen_at`.execute(db)
  await sql`ALTER TABLE sessions DROP COLUMN IF EXISTS created_at`.execute(db)
}
