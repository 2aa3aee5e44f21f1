import { type Kysely, sql } from 'kysely'

// Frozen in time. Issues 49.1 and 53 (decision 104): a PDF is made, and signed, once per snapshot
// of what it prints and kept here, where every app server on one PostgreSQL reads it. A row is one
// document's bytes under everything they depend on: the song, the kind, whose view (a visitor's
// public projection or the owner's, which may hold private texts), the zone its dates are printed
// in, and `snapshot`, the SHA-256 of the renderer and of the whole job it was given (the view,
// the options): any change to what the PDF would print is another snapshot. The split sheet is
// the owner's document only. Rows go with their song.
export async function migrateUp(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE kept_documents (
      song_id integer NOT NULL REFERENCES songs(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('certificate', 'split-sheet')),
      projection text NOT NULL CHECK (projection IN ('public', 'owner')),
      time_zone text NOT NULL CHECK (length(time_zone) BETWEEN 1 AND 100),
      snapshot text NOT NULL CHECK (snapshot ~ '^[0-9a-f]{64}$'),
      bytes bytea NOT NULL CHECK (octet_length(bytes) > 0),
      sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (song_id, kind, projection, time_zone, snapshot),
      CHECK (kind = 'certificate' OR projection = 'owner')
    )`.execute(db)
}

export async function migrateDown(db: Kysely<unknown>) {
  await sql`DROP TABLE IF EXISTS kept_documents`.execute(db)
}
