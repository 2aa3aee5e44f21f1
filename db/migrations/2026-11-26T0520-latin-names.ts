import { type Kysely, sql } from 'kysely'

// Frozen in time. Issue 26: a name as PROs and partners need it (DDEX FullNameAsciiTranscribed,
// CWR's ASCII names): each contributor, and each co-writer confirming their share, may give their
// name in Latin script beside the name in their own script. Optional; NULL when not given.
export async function migrateUp(db: Kysely<unknown>) {
  await sql`ALTER TABLE songs
    ADD COLUMN contributor_latin_name varchar(200),
    ADD COLUMN co_contributor_latin_name varchar(200),
    ADD COLUMN co_contributor2_latin_name varchar(200)`.execute(db)
  await sql`ALTER TABLE split_invitations ADD COLUMN credited_latin_name varchar(100)`.execute(db)
}

export async function migrateDown(db: Kysely<unknown>) {
  await sql`ALTER TABLE split_invitations DROP COLUMN IF EXISTS credited_latin_name`.execute(db)
  await sql`ALTER TABLE songs
    DROP COLUMN IF EXISTS co_contributor2_latin_name,
    DROP COLUMN IF EXISTS co_contributor_latin_name,
    DROP COLUMN IF EXISTS contributor_latin_name`.execute(db)
}
