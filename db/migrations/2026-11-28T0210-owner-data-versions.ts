import { type Kysely, sql } from 'kysely'

// Frozen in time. Issue 41 (decision 089): one counter per song owner that moves, in the same
// transaction, with every change to what the owner's song lists show: their songs, the songs'
// contributions, recordings and registrations, and the co-writers' invitations and answers
// (written by other users). Signed-in pages key their kept answers and ETags on it, so a trigger
// is the one place that cannot be forgotten by a new code path. The owner's row is taken only
// while it still exists: deleting an account cascades to its songs after the user row is gone.
const TRIGGERS = [
  ['songs', 'songs_bump_owner_data_version'],
  ['creative_contributions', 'song_part_bump_owner_data_version'],
  ['song_recordings', 'song_part_bump_owner_data_version'],
  ['blockchain_registrations', 'song_part_bump_owner_data_version'],
  ['split_invitations', 'song_part_bump_owner_data_version'],
] as const

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
  // Once per statement, over its transition tables: a row trigger moved the owner's one row once
  // per changed row, and PostgreSQL follows every earlier version of a row updated again in the
  // same transaction, so a statement touching thousands of one owner's rows (deleting their
  // unregistered songs) grew with the square of its size.
  await sql`
    CREATE FUNCTION songs_bump_owner_data_version() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        PERFORM bump_owner_data_version(owner) FROM (SELECT DISTINCT user_id AS owner FROM new_rows) AS owners;
      ELSIF TG_OP = 'DELETE' THEN
        PERFORM bump_owner_data_version(owner) FROM (SELECT DISTINCT user_id AS owner FROM old_rows) AS owners;
      ELSE
        PERFORM bump_owner_data_version(owner)
        FROM (SELECT user_id AS owner FROM old_rows UNION SELECT user_id FROM new_rows) AS owners;
      END IF;
      RETURN NULL;
    END
    $$
  `.execute(db)
  await sql`
    CREATE FUNCTION song_part_bump_owner_data_version() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        PERFORM bump_owner_data_version(owner)
        FROM (SELECT DISTINCT user_id AS owner FROM songs WHERE id IN (SELECT song_id FROM new_rows)) AS owners;
      ELSIF TG_OP = 'DELETE' THEN
        PERFORM bump_owner_data_version(owner)
        FROM (SELECT DISTINCT user_id AS owner FROM songs WHERE id IN (SELECT song_id FROM old_rows)) AS owners;
      ELSE
        PERFORM bump_owner_data_version(owner)
        FROM (
          SELECT DISTINCT user_id AS owner FROM songs
          WHERE id IN (SELECT song_id FROM old_rows UNION SELECT song_id FROM new_rows)
        ) AS owners;
      END IF;
      RETURN NULL;
    END
    $$
  `.execute(db)
  for (const [table, bump] of TRIGGERS) {
    // A trigger with transition tables answers one kind of statement.
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_owner_data_version_insert`)}
      AFTER INSERT ON ${sql.raw(table)} REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION ${sql.raw(bump)}()
    `.execute(db)
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_owner_data_version_update`)}
      AFTER UPDATE ON ${sql.raw(table)} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION ${sql.raw(bump)}()
    `.execute(db)
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_owner_data_version_delete`)}
      AFTER DELETE ON ${sql.raw(table)} REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION ${sql.raw(bump)}()
    `.execute(db)
  }
}

export async function migrateDown(db: Kysely<unknown>) {
  for (const [table] of TRIGGERS)
    for (const event of ['insert', 'update', 'delete'])
      await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${table}_owner_data_version_${event}`)} ON ${sql.raw(table)}`.execute(
        db,
      )
  await sql`DROP FUNCTION IF EXISTS song_part_bump_owner_data_version()`.execute(db)
  await sql`DROP FUNCTION IF EXISTS songs_bump_owner_data_version()`.execute(db)
  await sql`DROP FUNCTION IF EXISTS bump_owner_data_version(uuid)`.execute(db)
  await sql`DROP TABLE IF EXISTS owner_data_versions`.execute(db)
}
