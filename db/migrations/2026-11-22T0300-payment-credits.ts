import { type Kysely, sql } from 'kysely'

// Frozen in time. A succeeded payment is one registration credit for the song it was bought for:
// a claim reserves it (registration_id, unique), a confirmed registration consumes it
// (consumed_at), a failed one gives it back (registration_id cleared). A Checkout Session and
// its PaymentIntent are one payment, so both ids are unique.
export async function migrateUp(db: Kysely<unknown>) {
  await sql`ALTER TABLE payment_history ADD COLUMN song_id integer REFERENCES songs (id) ON DELETE SET NULL`.execute(
    db,
  )
  await sql`ALTER TABLE payment_history ADD COLUMN stripe_checkout_session_id varchar(255)`.execute(
    db,
  )
  await sql`ALTER TABLE payment_history ADD CONSTRAINT payment_history_checkout_session_key UNIQUE (stripe_checkout_session_id)`.execute(
    db,
  )
  await sql`ALTER TABLE payment_history ADD COLUMN registration_id integer REFERENCES blockchain_registrations (id) ON DELETE SET NULL`.execute(
    db,
  )
  await sql`ALTER TABLE payment_history ADD CONSTRAINT payment_history_registration_key UNIQUE (registration_id)`.execute(
    db,
  )
  await sql`ALTER TABLE payment_history ADD COLUMN consumed_at timestamptz`.execute(db)
  await sql`CREATE INDEX payment_history_open_credit_idx ON payment_history (user_id, song_id) WHERE consumed_at IS NULL`.execute(
    db,
  )
}

export async function migrateDown(db: Kysely<unknown>) {
  await sql`DROP INDEX IF EXISTS payment_history_open_credit_idx`.execute(db)
  await sql`ALTER TABLE payment_history DROP COLUMN IF EXISTS consumed_at`.execute(db)
  await sql`ALTER TABLE payment_history DROP COLUMN IF EXISTS registration_id`.execute(db)
  await sql`ALTER TABLE payment_history DROP COLUMN IF EXISTS stripe_checkout_session_id`.execute(
    db,
  )
  await sql`ALTER TABLE payment_history DROP COLUMN IF EXISTS song_id`.execute(db)
}
