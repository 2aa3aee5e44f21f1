import { type Kysely, sql } from 'kysely'

// Frozen in time. Several fingerprinted files per song, each with a label (issue 17, decision
// 040): one row per file, numbered from 0 in the order the writer gave them. A song's single
// recording from 2026-11-23T0600 is copied in as position 0, labelled "Recording", and the
// songs.recording_* columns go: the table is the one place a fingerprint lives.
export async function migrateUp(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE song_recordings (
      song_id integer NOT NULL REFERENCES songs (id) ON DELETE CASCADE,
      position smallint NOT NULL CHECK (position >= 0 AND position < 5),
      label varchar(60) NOT NULL CHECK (length(btrim(label)) > 0),
      sha256 char(64) NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
      size bigint NOT NULL CHECK (size > 0),
      media_type varchar(255),
      file_name varchar(255),
      show_file_name boolean NOT NULL DEFAULT false,
      PRIMARY KEY (song_id, position)
    )`.execute(db)
  await sql`
    INSERT INTO song_recordings (song_id, position, label, sha256, size, media_type, file_name, show_file_name)
    SELECT id, 0, 'Recording', recording_sha256, recording_size, recording_media_type,
           recording_file_name, recording_show_file_name
    FROM songs WHERE recording_sha256 IS NOT NULL`.execute(db)
  for (const column of [
    'recording_show_file_name',
    'recording_file_name',
    'recording_media_type',
    'recording_size',
    'recording_sha256',
  ]) {
    await sql`ALTER TABLE songs DROP COLUMN ${sql.ref(column)}`.execute(db)
  }
}

// Back to one recording per song: the first file of each song returns to the song's columns.
export async function migrateDown(db: Kysely<unknown>) {
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
  await sql`
    UPDATE songs SET recording_sha256 = r.sha256, recording_size = r.size,
      recording_media_type = r.media_type, recording_file_name = r.file_name,
      recording_show_file_name = r.show_file_name
    FROM song_recordings r WHERE r.song_id = songs.id AND r.position = 0`.execute(db)
  await sql`DROP TABLE IF EXISTS song_recordings`.execute(db)
}
