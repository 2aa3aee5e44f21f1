import { type Kysely, sql } from 'kysely'
import { RENAMED_TIME_ZONES } from '../../app/lib/time-zone-names'

// Issue 39.14 (decisions 085, 093): an account may hold a zone by a name the tz database has
// retired (Asia/Calcutta, Europe/Kiev), saved before the app showed today's names. The app reads
// it as today's name; this rewrites it once, so the row says what Settings shows.
//
// Not frozen like the others, on purpose: the renames are one table, RENAMED_TIME_ZONES, pure
// data that only grows, and a copy here would be a second definition that could disagree. Run
// later against a larger table, it still only turns retired names into today's.
export async function migrateUp(db: Kysely<unknown>) {
  const renames = Object.entries(RENAMED_TIME_ZONES).map(
    ([retired, current]) => sql`(${retired}, ${current})`,
  )
  await sql`
    UPDATE users u SET time_zone = r.current
    FROM (VALUES ${sql.join(renames)}) AS r(retired, current)
    WHERE u.time_zone = r.retired`.execute(db)
}

// Nothing to undo: the old and the new name are the same clock, and which row held which
// spelling is not kept.
export async function migrateDown() {}
