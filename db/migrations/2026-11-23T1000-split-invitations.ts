import { type Kysely, sql } from 'kysely'

// Frozen in time. Issue 13: a co-writer confirms or disputes their share through a mailed link.
// One row per invitation sent for one contributor slot of one song. The token is stored only as
// its SHA-256 (like reset tokens); the address stays private to the owner, and the manifest gets
// only a salted commitment to it (email_salt). split_sha256 is the split the invitee was shown:
// an edit of the split voids the live invitations (voided_at), so a confirmation always speaks
// for the split it saw. One live invitation per slot.
export async function migrateUp(db: Kysely<unknown>) {
  await sql`CREATE TABLE split_invitations (
    id serial PRIMARY KEY,
    song_id integer NOT NULL REFERENCES songs (id) ON DELETE CASCADE,
    slot varchar(20) NOT NULL CHECK (slot IN ('main', 'co-contributor', 'co-contributor-2')),
    email varchar(255) NOT NULL,
    email_salt char(64) NOT NULL,
    token_hash char(64) NOT NULL UNIQUE,
    split_sha256 char(64) NOT NULL,
    expires_at timestamptz NOT NULL,
    sent_count integer NOT NULL DEFAULT 1 CHECK (sent_count > 0),
    last_sent_at timestamptz NOT NULL DEFAULT now(),
    created_at timestamptz NOT NULL DEFAULT now(),
    revoked_at timestamptz,
    voided_at timestamptz,
    decision varchar(10) CHECK (decision IN ('confirmed', 'disputed')),
    decided_at timestamptz,
    credited_name varchar(100),
    pro varchar(100),
    ipi varchar(11),
    dispute_reason varchar(500),
    owner_notified_at timestamptz,
    CHECK ((decision IS NULL) = (decided_at IS NULL)),
    CHECK (decision IS DISTINCT FROM 'confirmed' OR credited_name IS NOT NULL),
    CHECK (decision IS DISTINCT FROM 'disputed' OR dispute_reason IS NOT NULL)
  )`.execute(db)
  await sql`CREATE UNIQUE INDEX split_invitations_one_live ON split_invitations (song_id, slot) WHERE revoked_at IS NULL AND voided_at IS NULL`.execute(
    db,
  )
}

export async function migrateDown(db: Kysely<unknown>) {
  await sql`DROP TABLE IF EXISTS split_invitations`.execute(db)
}
