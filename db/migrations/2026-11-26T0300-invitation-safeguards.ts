import { type Kysely, sql } from 'kysely'

// Frozen in time. Issue 24: what keeps an invitation mail from being a way to write to strangers,
// and a dispute from being erased by an edit.
// - invitation_refusals: an address whose holder refused every further invitation (the link in
//   each invitation mail); kept as the SHA-256 of the trimmed, lower-cased address.
// - invitation_mail_days: invitation mails sent to one address on one UTC day, from every owner
//   together, counted with one conditional upsert so several servers never exceed the cap.
// - split_invitations.dispute_lifted_at: a dispute stays in force after the edit that voids its
//   invitation, until the co-writer who disputed answers again or their slot is removed.
// - mail_outbox.list_unsubscribe: the List-Unsubscribe URL of a mail that has one.
export async function migrateUp(db: Kysely<unknown>) {
  await sql`CREATE TABLE invitation_refusals (
    address_sha256 char(64) PRIMARY KEY,
    refused_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db)
  await sql`CREATE TABLE invitation_mail_days (
    address_sha256 char(64) NOT NULL,
    day date NOT NULL,
    sent integer NOT NULL CHECK (sent > 0),
    PRIMARY KEY (address_sha256, day)
  )`.execute(db)
  await sql`ALTER TABLE split_invitations ADD COLUMN dispute_lifted_at timestamptz`.execute(db)
  await sql`CREATE INDEX split_invitations_standing_disputes ON split_invitations (song_id) WHERE decision = 'disputed' AND dispute_lifted_at IS NULL`.execute(
    db,
  )
  await sql`ALTER TABLE mail_outbox ADD COLUMN list_unsubscribe varchar(500)`.execute(db)
}

export async function migrateDown(db: Kysely<unknown>) {
  await sql`ALTER TABLE mail_outbox DROP COLUMN IF EXISTS list_unsubscribe`.execute(db)
  await sql`DROP INDEX IF EXISTS split_invitations_standing_disputes`.execute(db)
  await sql`ALTER TABLE split_invitations DROP COLUMN IF EXISTS dispute_lifted_at`.execute(db)
  await sql`DROP TABLE IF EXISTS invitation_mail_days`.execute(db)
  await sql`DROP TABLE IF EXISTS invitation_refusals`.execute(db)
}
