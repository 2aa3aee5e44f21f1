import { z } from 'zod'

// Query strings and path parameters (docs/decisions/014): anything a loader turns into a number
// or an id is parsed here, with a bounded length, so a bad value is a clear 400 or 404 and
// never reaches the database or the file system as something else.

/** `:id` of a song: a positive whole number of at most nine digits (an int4 id). */
export const SongIdSchema = z
  .string()
  .regex(/^[1-9]\d{0,8}$/)
  .transform(Number)

const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 100'
const OFFSET_MESSAGE = 'offset must be a whole number from 0 to 999999999'

/** GET /api/songs?limit=&offset= — a missing or empty value is the default. */
export const SongListQuerySchema = z.object({
  limit: z
    .string()
    .regex(/^\d{1,3}$/, LIMIT_MESSAGE)
    .transform(Number)
    .pipe(z.number().min(1, LIMIT_MESSAGE).max(100, LIMIT_MESSAGE))
    .default(100),
  offset: z
    .string()
    .regex(/^\d{1,9}$/, OFFSET_MESSAGE)
    .transform(Number)
    .default(0),
})

/** `?format=json` on the ledger page; any other value shows the page. */
export const LedgerQuerySchema = z.object({ format: z.enum(['json']).optional().catch(undefined) })

/**
 * GET /api/songs/export?format=csv|json|writers-csv — missing is CSV; anything else is a 400.
 * writers-csv: the PRO-ready writers' CSV, one row per writer (issue 51.7).
 */
export const ExportQuerySchema = z.object({
  format: z
    .enum(['csv', 'json', 'writers-csv'], { message: 'format must be csv, json or writers-csv' })
    .default('csv'),
})
