import { type Kysely, sql } from 'kysely'

// Frozen in time. Issue 52.9 (decision 114): the song form's review is answered with a redirect
// to a page that can be reloaded, /submit?review=<id>, so the reviewed values wait here, under a
// random id, for a day. `fields` are the form's own name/value pairs as the review read them
// (the song a new version supersedes among them), so creating parses them as the review did.
// `song_id` is set in the transaction that creates the song: a second "Create Certificate" from
// the same review (Back, reload, a double tap) finds it and creates nothing. Rows go with their
// account and with their song.
export async function migrateUp(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE review_drafts (
      id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{22}$'),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      fields jsonb NOT NULL,
      song_id integer REFERENCES songs(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    )`.execute(db)
  await sql`CREATE INDEX review_drafts_user_created ON review_drafts (user_id, created_at)`.execute(
    db,
  )
  await sql`CREATE INDEX review_drafts_expires ON review_drafts (expires_at)`.execute(db)
}

export async function migrateDown(db: Kysely<unknown>) {
  await sql`DROP TABLE IF EXISTS review_drafts`.execute(db)
}
