import { type Kysely, sql } from 'kysely'

// Frozen in time. Issue 28: passkeys (WebAuthn credentials) as a way in, and the challenges the
// server issued for a ceremony: kept here, for five minutes and one use, so a challenge the
// browser sends back is only ever compared with one we made (decision 064).
export async function migrateUp(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE passkeys (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      credential_id varchar(1024) NOT NULL UNIQUE,
      public_key bytea NOT NULL,
      counter bigint NOT NULL DEFAULT 0 CHECK (counter >= 0),
      transports varchar(200) NOT NULL DEFAULT '',
      name varchar(64) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz
    )`.execute(db)
  await sql`CREATE INDEX passkeys_user_id_idx ON passkeys (user_id)`.execute(db)
  await sql`
    CREATE TABLE passkey_challenges (
      id varchar(64) PRIMARY KEY,
      challenge varchar(128) NOT NULL,
      purpose varchar(16) NOT NULL CHECK (purpose IN ('register', 'sign-in')),
      user_id uuid REFERENCES users(id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      CHECK ((purpose = 'register') = (user_id IS NOT NULL))
    )`.execute(db)
  await sql`CREATE INDEX passkey_challenges_expires_at_idx ON passkey_challenges (expires_at)`.execute(
    db,
  )
}

export async function migrateDown(db: Kysely<unknown>) {
  await sql`DROP TABLE IF EXISTS passkey_challenges`.execute(db)
  await sql`DROP TABLE IF EXISTS passkeys`.execute(db)
}
