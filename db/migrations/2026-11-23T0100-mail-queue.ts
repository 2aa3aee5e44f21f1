import { type Kysely, sql } from 'kysely'

// Frozen in time. The outbox becomes a queue that workers in every server process drain
// (decision 015): a claim lease, a retry count and time, and where each message went. Bodies
// are stored sealed (AES-256-GCM) and wiped once delivered, so no reset link or mailed code
// can be read from the database; this migration cannot seal the plaintext bodies written
// before it, so it drops them — and with them every message still waiting (they were only
// ever logged, or interrupted mid-send), which is marked failed with the reason.
export async function migrateUp(db: Kysely<unknown>) {
  await sql`ALTER TABLE mail_outbox ADD COLUMN sealed_body text`.execute(db)
  await sql`ALTER TABLE mail_outbox ADD COLUMN attempts integer NOT NULL DEFAULT 0`.execute(db)
  await sql`ALTER TABLE mail_outbox ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now()`.execute(
    db,
  )
  await sql`ALTER TABLE mail_outbox ADD COLUMN locked_until timestamptz`.execute(db)
  await sql`ALTER TABLE mail_outbox ADD COLUMN delivered_via varchar(10)`.execute(db)
  await sql`UPDATE mail_outbox SET status = 'failed', error = 'Written before the mail queue: only logged or interrupted, never sent by it; its plaintext body was removed.' WHERE status = 'queued'`.execute(
    db,
  )
  await sql`ALTER TABLE mail_outbox DROP COLUMN text_body`.execute(db)
  await sql`CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status = 'queued'`.execute(
    db,
  )
}

export async function migrateDown(db: Kysely<unknown>) {
  await sql`DROP INDEX IF EXISTS mail_outbox_due_idx`.execute(db)
  await sql`ALTER TABLE mail_outbox ADD COLUMN text_body text NOT NULL DEFAULT ''`.execute(db)
  await sql`ALTER TABLE mail_outbox DROP COLUMN IF EXISTS delivered_via`.execute(db)
  await sql`ALTER TABLE mail_outbox DROP COLUMN IF EXISTS locked_until`.execute(db)
  await sql`ALTER TABLE mail_outbox DROP COLUMN IF EXISTS next_attempt_at`.execute(db)
  await sql`ALTER TABLE mail_outbox DROP COLUMN IF EXISTS attempts`.execute(db)
  await sql`ALTER TABLE mail_outbox DROP COLUMN IF EXISTS sealed_body`.execute(db)
}
