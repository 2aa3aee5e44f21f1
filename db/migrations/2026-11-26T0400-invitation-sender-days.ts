import { type Kysely, sql } from 'kysely'

// Frozen in time. Decision 054: an address's invitation mails a day are counted per owner as
// well, so one stranger cannot use up the address's day. invitation_sender_days: mails one owner
// sent one address (SHA-256 of its canonical spelling) on one UTC day, counted with one
// conditional upsert. Rows already in invitation_mail_days and invitation_refusals keep their
// keys: a refusal under the earlier key is still compared (legacyAddressKey).
export async function migrateUp(db: Kysely<unknown>) {
  await sql`CREATE TABLE invitation_sender_days (
    sender_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    address_sha256 char(64) NOT NULL,
    day date NOT NULL,
    sent integer NOT NULL CHECK (sent > 0),
    PRIMARY KEY (sender_id, address_sha256, day)
  )`.execute(db)
}

export async function migrateDown(db: Kysely<unknown>) {
  await sql`DROP TABLE IF EXISTS invitation_sender_days`.execute(db)
}
