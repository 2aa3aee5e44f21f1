import { type Kysely, sql } from 'kysely'

// Frozen in time. Issue 28 (decision 067): changing the email address by a link mailed to the new
// one; Google connected and disconnected from the settings; the final mail of a deleted account
// forgetting its address once it has gone out.
export async function migrateUp(db: Kysely<unknown>) {
  // One live request per account; the token is kept only as its SHA-256.
  await sql`CREATE TABLE email_change_tokens (
    id serial PRIMARY KEY,
    user_id uuid NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
    new_email varchar(255) NOT NULL,
    token_hash varchar(64) NOT NULL UNIQUE,
    expires_at timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db)
  // Set when the owner disconnects Google: a Google account with the same address no longer
  // links itself at sign-in (it must be connected again from the settings).
  await sql`ALTER TABLE users ADD COLUMN google_disconnected_at timestamptz`.execute(db)
  await sql`ALTER TABLE mail_outbox ADD COLUMN forget_recipient boolean NOT NULL DEFAULT false`.execute(
    db,
  )
}

export async function migrateDown(db: Kysely<unknown>) {
  await sql`ALTER TABLE mail_outbox DROP COLUMN IF EXISTS forget_recipient`.execute(db)
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS google_disconnected_at`.execute(db)
  await sql`DROP TABLE IF EXISTS email_change_tokens`.execute(db)
}
