import { type Kysely, sql } from 'kysely'

// Frozen in time. The root loader looks for a co-writer's answer the owner has not yet been told
// of on every signed-in page (issue 13); this partial index holds only those few rows, so the
// look-up costs next to nothing however many invitations there have been.
export async function migrateUp(db: Kysely<unknown>) {
  await sql`CREATE INDEX split_invitations_pending_notice ON split_invitations (song_id) WHERE decision IS NOT NULL AND owner_notified_at IS NULL`.execute(
    db,
  )
}

export async function migrateDown(db: Kysely<unknown>) {
  await sql`DROP INDEX IF EXISTS split_invitations_pending_notice`.execute(db)
}
