import { type Kysely, sql } from 'kysely'

// Frozen in time. Issue 51 items 3 and 5 (decision 119): each contributor's publisher and its IPI
// name number, both optional, and the generative-AI tools the owner named with the components
// each worked on, as a JSON list of { name, components }. A song saved before holds null there:
// "AI tools not named", never a guess; a song saved since holds a list, empty when none was named.
export async function migrateUp(db: Kysely<unknown>) {
  await sql`ALTER TABLE songs
    ADD COLUMN main_contributor_publisher text,
    ADD COLUMN main_contributor_publisher_ipi text,
    ADD COLUMN co_contributor_publisher text,
    ADD COLUMN co_contributor_publisher_ipi text,
    ADD COLUMN co_contributor2_publisher text,
    ADD COLUMN co_contributor2_publisher_ipi text,
    ADD COLUMN ai_tools jsonb
      CHECK (ai_tools IS NULL OR jsonb_typeof(ai_tools) = 'array')`.execute(db)
}

export async function migrateDown(db: Kysely<unknown>) {
  await sql`ALTER TABLE songs
    DROP COLUMN IF EXISTS main_contributor_publisher,
    DROP COLUMN IF EXISTS main_contributor_publisher_ipi,
    DROP COLUMN IF EXISTS co_contributor_publisher,
    DROP COLUMN IF EXISTS co_contributor_publisher_ipi,
    DROP COLUMN IF EXISTS co_contributor2_publisher,
    DROP COLUMN IF EXISTS co_contributor2_publisher_ipi,
    DROP COLUMN IF EXISTS ai_tools`.execute(db)
}
