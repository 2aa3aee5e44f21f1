import { type Kysely, sql } from 'kysely'

// Frozen in time.
// analytics_events.source says who vouches for a row: 'server' (a page the server itself served),
// 'user' (sent to the track endpoint with a session), 'anonymous' (sent without one). Rows written
// before this column cannot be told apart (the old endpoint let anyone send metadata that looked
// like a server page view), so they take the default and are shown as unverified.
// payment_history.voided_at is when a refund or dispute stopped a payment being a credit.
export async function migrateUp(db: Kysely<unknown>) {
  await sql`ALTER TABLE analytics_events ADD COLUMN source varchar(20) NOT NULL DEFAULT 'anonymous'`.execute(
    db,
  )
  await sql`ALTER TABLE analytics_events ADD CONSTRAINT analytics_events_source_check CHECK (source IN ('server', 'user', 'anonymous'))`.execute(
    db,
  )
  await sql`ALTER TABLE payment_history ADD COLUMN voided_at timestamptz`.execute(db)
}

export async function migrateDown(db: Kysely<unknown>) {
  await sql`ALTER TABLE payment_history DROP COLUMN IF EXISTS voided_at`.execute(db)
  await sql`ALTER TABLE analytics_events DROP COLUMN IF EXISTS source`.execute(db)
}
