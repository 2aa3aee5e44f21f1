import { type Kysely, sql } from 'kysely'

// Frozen in time. A new version of a registered song (issue 14): the draft names the song it
// supersedes; its registration carries the same link, and a partial unique index lets only one
// live (not failed) registration succeed any one song, however many drafts point at it.
export async function migrateUp(db: Kysely<unknown>) {
  await sql`ALTER TABLE songs ADD COLUMN supersedes_song_id integer REFERENCES songs (id) ON DELETE RESTRICT`.execute(
    db,
  )
  await sql`ALTER TABLE songs ADD CONSTRAINT songs_supersedes_other CHECK (supersedes_song_id <> id)`.execute(
    db,
  )
  await sql`CREATE INDEX songs_supersedes_song_id_idx ON songs (supersedes_song_id) WHERE supersedes_song_id IS NOT NULL`.execute(
    db,
  )
  await sql`ALTER TABLE blockchain_registrations ADD COLUMN supersedes_song_id integer REFERENCES songs (id) ON DELETE RESTRICT`.execute(
    db,
  )
  await sql`CREATE UNIQUE INDEX blockchain_registrations_one_successor ON blockchain_registrations (supersedes_song_id) WHERE supersedes_song_id IS NOT NULL AND status <> 'failed'`.execute(
    db,
  )
}

export async function migrateDown(db: Kysely<unknown>) {
  await sql`DROP INDEX IF EXISTS blockchain_registrations_one_successor`.execute(db)
  await sql`ALTER TABLE blockchain_registrations DROP COLUMN IF EXISTS supersedes_song_id`.execute(
    db,
  )
  await sql`DROP INDEX IF EXISTS songs_supersedes_song_id_idx`.execute(db)
  await sql`ALTER TABLE songs DROP COLUMN IF EXISTS supersedes_song_id`.execute(db)
}
