import { type Kysely, sql } from 'kysely'

// Frozen in time. Issue 29: an RFC 3161 timestamp on every snapshot of a song (decision 057).
// One row per snapshot (created, edited, details added, registered): the exact canonical manifest
// bytes it stamps, and once a TSA answered, its whole answer (the DER TimeStampResp, the `.tsr`
// file OpenSSL verifies), the TSA's name and the certificates that check it. A row stays
// 'pending' until stamped, claimed by a worker with FOR UPDATE SKIP LOCKED plus a lease, retried
// with backoff while the TSA is down.
export async function migrateUp(db: Kysely<unknown>) {
  await sql`CREATE TABLE snapshot_timestamps (
    id serial PRIMARY KEY,
    song_id integer NOT NULL REFERENCES songs(id) ON DELETE CASCADE,
    reason varchar(12) NOT NULL CHECK (reason IN ('created', 'edited', 'details', 'registered')),
    manifest text NOT NULL,
    manifest_sha256 char(64) NOT NULL,
    status varchar(8) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'stamped')),
    response bytea,
    tsa_name varchar(200),
    tsa_kind varchar(8) CHECK (tsa_kind IN ('local', 'rfc3161')),
    tsa_chain_pem text,
    stamped_at timestamptz,
    token_serial varchar(80),
    attempts integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    locked_until timestamptz,
    last_error varchar(2000),
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK (status = 'pending' OR (response IS NOT NULL AND tsa_name IS NOT NULL AND stamped_at IS NOT NULL))
  )`.execute(db)
  await sql`CREATE INDEX snapshot_timestamps_song ON snapshot_timestamps (song_id, id)`.execute(db)
  await sql`CREATE INDEX snapshot_timestamps_due ON snapshot_timestamps (next_attempt_at) WHERE status = 'pending'`.execute(
    db,
  )
}

export async function migrateDown(db: Kysely<unknown>) {
  await sql`DROP TABLE IF EXISTS snapshot_timestamps`.execute(db)
}
