import { type Kysely, sql } from 'kysely'

// Frozen in time. The salts of a song's private texts (lyrics, creative notes): 32 random bytes
// each, as 64 lowercase hex characters. A v2 manifest publishes only sha256(salt, NUL, text), so
// nobody can test guessed lyrics without the salt, and the owner can later open the commitment.
// One salt per text, so opening one text never lets anyone test guesses of the other. Filled in at
// a song's first registration; songs registered before carry v1 manifests and need none.
export async function migrateUp(db: Kysely<unknown>) {
  await sql`ALTER TABLE songs ADD COLUMN lyrics_salt char(64)`.execute(db)
  await sql`ALTER TABLE songs ADD COLUMN creative_notes_salt char(64)`.execute(db)
  await sql`ALTER TABLE songs ADD CONSTRAINT songs_lyrics_salt_format CHECK (lyrics_salt ~ '^[0-9a-f]{64}$')`.execute(
    db,
  )
  await sql`ALTER TABLE songs ADD CONSTRAINT songs_creative_notes_salt_format CHECK (creative_notes_salt ~ '^[0-9a-f]{64}$')`.execute(
    db,
  )
}

export async function migrateDown(db: Kysely<unknown>) {
  await sql`ALTER TABLE songs DROP COLUMN IF EXISTS creative_notes_salt`.execute(db)
  await sql`ALTER TABLE songs DROP COLUMN IF EXISTS lyrics_salt`.execute(db)
}
