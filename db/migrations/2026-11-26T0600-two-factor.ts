import { type Kysely, sql } from 'kysely'

// Frozen in time. Issue 28, part 3: TOTP two-factor sign-in (decision 063). A user's key is kept
// sealed (AES-256-GCM under a key derived from SESSION_SECRET, as the mail queue's bodies), never
// in clear; `confirmed_at` is null while enrolment waits for its first code. `last_used_step`
// is the RFC 6238 time step of the last code accepted, so no code works twice. Recovery codes
// are kept as SHA-256 digests salted per user, each used once. A session records when it
// passed a second factor (null: it did not), which the admin pages require.
export async function migrateUp(db: Kysely<unknown>) {
  await sql`CREATE TABLE user_two_factors (
    user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    sealed_secret text NOT NULL,
    recovery_salt varchar(64) NOT NULL,
    confirmed_at timestamptz,
    last_used_step bigint,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db)
  await sql`CREATE TABLE two_factor_recovery_codes (
    id serial PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    code_hash varchar(64) NOT NULL,
    used_at timestamptz
  )`.execute(db)
  await sql`CREATE INDEX two_factor_recovery_codes_user_idx ON two_factor_recovery_codes (user_id)`.execute(
    db,
  )
  await sql`ALTER TABLE sessions ADD COLUMN second_factor_at timestamptz`.execute(db)
}

export async function migrateDown(db: Kysely<unknown>) {
  await sql`ALTER TABLE sessions DROP COLUMN IF EXISTS second_factor_at`.execute(db)
  await sql`DROP TABLE IF EXISTS two_factor_recovery_codes`.execute(db)
  await sql`DROP TABLE IF EXISTS user_two_factors`.execute(db)
}
