import { type Kysely, sql } from 'kysely'

// Frozen in time. Wrong guesses at a mailed verification code are counted on the code itself,
// which is void after a few (decision 017).
export async function migrateUp(db: Kysely<unknown>) {
  await sql`ALTER TABLE email_verification_tokens ADD COLUMN attempts integer NOT NULL DEFAULT 0`.execute(
    db,
  )
}

export async function migrateDown(db: Kysely<unknown>) {
  await sql`ALTER TABLE email_verification_tokens DROP COLUMN IF EXISTS attempts`.execute(db)
}
