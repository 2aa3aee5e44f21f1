import { type Kysely, sql } from 'kysely'

// Frozen in time. Issue 41 (decision 089): one counter per song owner that moves, in the same
// transaction, with every change to what the owner's song lists show: their songs, the songs'
// contributions, recordings and registrations, and the co-writers' invitations and answers
// (written by other users). Signed-in pages key their kept answers and ETags on it, so a trigger
// is the one place that cannot be forgotten by a new code path. The owner's row is taken only
// while it still exists: deleting an account cascades to its songs after the user row is gone.
export async function migrateUp(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE owner_data_versions (
      user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      version bigint NOT NULL DEFAULT 1
    )
  `.execute(db)
  await sql`
    CREATE FUNCTION bump_owner_data_version(owner uuid) RETURNS void
    LANGUAGE plpgsql AS $$
    BEGIN
      IF owner IS NULL THEN RETURN; END IF;
      INSERT INTO owner_data_versions (user_id, version)
      SELECT owner, 1 WHERE EXISTS (SELECT 1 FROM users WHERE id = owner)
      ON CONFLICT (user_id) DO UPDATE SET version = owner_data_versions.version + 1;
    END
    $$
  `.execute(db)
  await sql`
    CREATE FUNCTION songs_bump_owner_data_version() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN PERFORM bump_owner_data_version(OLD.user_id); END IF;
      IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
        PERFORM bump_owner_data_version(NEW.user_id);
      END IF;
      RETURN NULL;
    END
    $$
  `.execute(db)
  await sql`
    CREATE FUNCTION song_part_bump_owner_data_version() RETURNS trigger
    LANGUAGE plpgsql AS $$
    DECLARE
      ids integer[];
    BEGIN
      IF TG_OP = 'INSERT' THEN ids := ARRAY[NEW.song_id];
      ELSIF TG_OP = 'DELETE' THEN ids := ARRAY[OLD.song_id];
      ELSE ids := ARRAY[OLD.song_id, NEW.song_id];
      END IF;
      PERFORM bump_owner_data_version(owner)
      FROM (SELECT DISTINCT user_id AS owner FROM songs WHERE id = ANY (ids)) AS owners;
      RETURN NULL;
    END
    $$
  `.execute(db)
  await sql`
    CREATE TRIGGER songs_owner_data_version
    AFTER INSERT OR UPDATE OR DELETE ON songs
    FOR EACH ROW EXECUTE FUNCTION songs_bump_owner_data_version()
  `.execute(db)
  for (const table of [
    'creative_contributions',
    'song_recordings',
    'blockchain_registrations',
    'split_invitations',
  ])
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_owner_data_version`)}
      AFTER INSERT OR UPDATE OR DELETE ON ${sql.raw(table)}
      FOR EACH ROW EXECUTE FUNCTION song_part_bump_owner_data_version()
    `.execute(db)
}

export async function migrateDown(db: Kysely<unknown>) {
  for (const table of [
    'songs',
    'creative_contributions',
    'song_recordings',
    'blockchain_registrations',
    'split_invitations',
  ])
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${table}_owner_data_version`)} ON ${sql.raw(table)}`.execute(
      db,
    )
  await sql`DROP FUNCTION IF EXISTS song_part_bump_owner_data_version()`.execute(db)
  await sql`DROP FUNCTION IF EXISTS songs_bump_owner_data_version()`.execute(db)
  await sql`DROP FUNCTION IF EXISTS bump_owner_data_version(uuid)`.execute(db)
  await sql`DROP TABLE IF EXISTS owner_data_versions`.execute(db)
}
