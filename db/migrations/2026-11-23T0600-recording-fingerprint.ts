import { type Kysely, sql } from 'kysely'

// Frozen in time. A song's recording fingerprint (decision 026): the SHA-256 of the file's bytes,
// its size and media type, and its name with the owner's choice whether to publish it. The file
// itself is never stored anywhere. Digest and size come together or not at all.
export async function migrateUp(db: Kysely<unknown>) {
  await sql`ALTER TABLE songs ADD COLUMN recording_sha256 char(64)`.execute(db)
  await sql`ALTER TABLE songs ADD COLUMN recording_size bigint`.execute(db)
  await sql`ALTER TABLE songs ADD COLUMN recording_media_type varchar(255)`.execute(db)
  await sql`ALTER TABLE songs ADD COLUMN recording_file_name varchar(255)`.execute(db)
  await sql`ALTER TABLE songs ADD COLUMN recording_show_file_name boolean NOT NULL DEFAULT false`.execute(
    db,
  )
  await sql`ALTER TABLE songs ADD CONSTRAINT songs_recording_sha256_format CHECK (recording_sha256 ~ '^[0-9a-f]{64}$')`.execute(
    db,
  )
  await sql`ALTER TABLE songs ADD CONSTRAINT songs_recording_size_positive CHECK (recording_size > 0)`.execute(
    db,
  )
  await sql`ALTER TABLE songs ADD CONSTRAINT songs_recording_complete CHECK ((recording_sha256 IS NULL) = (recording_size IS NULL))`.execute(
    db,
  )
}

export async function migrateDown(db: Kysely<unknown>) {
  for (const column of [
    'recording_show_file_name',
    'recording_file_name',
    'recording_media_type',
    'recording_size',
    'recording_sha256',
  ]) {
    await sql`ALTER TABLE songs DROP COLUMN IF EXISTS ${sql.ref(column)}`.execute(db)
  }
}
