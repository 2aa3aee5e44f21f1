import { type Kysely, sql } from 'kysely'

// Frozen in time. Issue 40: the recording's length in whole seconds, which a DDEX ERN message
// requires (SoundRecording/Duration). Optional, given by the owner or read from their file in the
// browser; NULL when not given, never guessed. Not part of any certificate manifest.
export async function migrateUp(db: Kysely<unknown>) {
  await sql`ALTER TABLE songs ADD COLUMN duration_seconds integer
    CHECK (duration_seconds BETWEEN 1 AND 86400)`.execute(db)
}

export async function migrateDown(db: Kysely<unknown>) {
  await sql`ALTER TABLE songs DROP COLUMN IF EXISTS duration_seconds`.execute(db)
}
