import { type Kysely, sql } from 'kysely'

// Frozen in time. Issue 52 (polish, decision 115): the very first sign-in was greeted "Welcome
// back". An account counts its sign-ins, so the greeting is decided from what the server knows.
// Accounts from before this column that hold a session or a recorded action of their own have
// been here before and count one; the rest, made and never signed in, start at none.
export async function migrateUp(db: Kysely<unknown>) {
  await sql`ALTER TABLE users ADD COLUMN sign_ins integer NOT NULL DEFAULT 0 CHECK (sign_ins >= 0)`.execute(
    db,
  )
  await sql`
    UPDATE users u SET sign_ins = 1
    WHERE EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = u.id)
       OR EXISTS (SELECT 1 FROM analytics_events e WHERE e.user_id = u.id)`.execute(db)
}

export async function migrateDown(db: Kysely<unknown>) {
  await sql`ALTER TABLE users DROP COLUMN sign_ins`.execute(db)
}
