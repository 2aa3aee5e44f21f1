import { type Kysely, sql } from 'kysely'

// Frozen in time. A reset request is queued as it arrives and resolved by the mail worker, so
// the request does the same work whether or not the address has an account (decision 015).
export async function migrateUp(db: Kysely<unknown>) {
  await sql`CREATE TABLE password_reset_requests (
    id serial PRIMARY KEY,
    email varchar(255) NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db)
}

export async function migrateDown(db: Kysely<unknown>) {
  await sql`DROP TABLE IF EXISTS password_reset_requests`.execute(db)
}
