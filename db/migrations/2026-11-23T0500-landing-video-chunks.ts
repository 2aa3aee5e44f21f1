import { type Kysely, sql } from 'kysely'

// Frozen in time. The landing video lives in the database, so every app server on one
// PostgreSQL plays the same one (decision 024): a row per upload, its bytes in 256 KB chunks
// written while the upload streams and read back only for the range a player asks for. Every
// chunk but the last holds exactly chunk_bytes. completed_at is set once every chunk is in; until
// then nothing serves the row, and a row left incomplete by a crash is pruned later.
export async function migrateUp(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE landing_videos (
      id serial PRIMARY KEY,
      file_name text NOT NULL,
      content_type text NOT NULL,
      chunk_bytes integer NOT NULL CHECK (chunk_bytes > 0),
      size bigint NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz
    )`.execute(db)
  await sql`CREATE INDEX landing_videos_completed_at_idx ON landing_videos (completed_at)`.execute(
    db,
  )
  await sql`
    CREATE TABLE landing_video_chunks (
      video_id integer NOT NULL REFERENCES landing_videos (id) ON DELETE CASCADE,
      seq integer NOT NULL CHECK (seq >= 0),
      data bytea NOT NULL,
      PRIMARY KEY (video_id, seq)
    )`.execute(db)
}

export async function migrateDown(db: Kysely<unknown>) {
  await sql`DROP TABLE IF EXISTS landing_video_chunks`.execute(db)
  await sql`DROP TABLE IF EXISTS landing_videos`.execute(db)
}
