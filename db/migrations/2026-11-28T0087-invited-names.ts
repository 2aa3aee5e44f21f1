import { type Kysely, sql } from 'kysely'

// Frozen in time. Issue 38 (decision 087): an invitation remembers the name its slot held when it
// was sent, so a dispute belongs to the person who raised it and not to whoever fills the slot
// next. Rows from before are given the name their slot holds today, the best there is; a slot
// that is empty today leaves it null, and such a row goes by its slot as before.
export async function migrateUp(db: Kysely<unknown>) {
  await sql`ALTER TABLE split_invitations ADD COLUMN invited_name text`.execute(db)
  await sql`
    UPDATE split_invitations i SET invited_name = nullif(CASE i.slot
        WHEN 'main' THEN s.contributor_name
        WHEN 'co-contributor' THEN s.co_contributor_name
        ELSE s.co_contributor_name2 END, '')
    FROM songs s WHERE s.id = i.song_id`.execute(db)
}

export async function migrateDown(db: Kysely<unknown>) {
  await sql`ALTER TABLE split_invitations DROP COLUMN invited_name`.execute(db)
}
