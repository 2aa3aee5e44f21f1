import { type Kysely, sql } from 'kysely'

// Frozen in time. Issue 52.12 (decision 115): "Resend" mails an invitation with a new token and
// its row forgets the old one, so the first mail's link answered "not found… check that you
// copied the whole link", which sent people hunting for a typo. The hashes a resend replaced are
// kept here (never a token), so that link can say a newer invitation was sent; it still opens
// nothing. Rows go with their invitation.
export async function migrateUp(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE replaced_invitation_tokens (
      token_hash char(64) PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
      invitation_id integer NOT NULL REFERENCES split_invitations(id) ON DELETE CASCADE,
      replaced_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`CREATE INDEX replaced_invitation_tokens_invitation ON replaced_invitation_tokens (invitation_id)`.execute(
    db,
  )
}

export async function migrateDown(db: Kysely<unknown>) {
  await sql`DROP TABLE IF EXISTS replaced_invitation_tokens`.execute(db)
}
