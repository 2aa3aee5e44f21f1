import type { Updateable } from 'kysely'
import type { SongsTable } from '#db/schema'
import { PERCENT_FIELDS, type PercentField } from '~/lib/song-constants'
import type { Executor } from '../platform/db.server'
import { storedAiTools } from './songs.server'

// An edit saved without a change is no edit: it must not bump the song's time nor queue a
// snapshot (issue 39 item 17). These say whether a save would change what the song holds.

type SongColumns = Omit<Updateable<SongsTable>, 'updatedAt'>

/** Whether any of these columns holds something else in the song's row now. */
export async function songColumnsDiffer(trx: Executor, songId: number, columns: SongColumns) {
  const row = await trx
    .selectFrom('songs')
    .selectAll()
    .where('id', '=', songId)
    .executeTakeFirstOrThrow()
  return (Object.keys(columns) as (keyof SongColumns)[]).some((column) =>
    column === 'aiTools'
      ? aiToolsText(columns.aiTools) !== aiToolsText(row.aiTools)
      : (columns[column] ?? null) !== (row[column] ?? null),
  )
}

// The AI tools are written as JSON text and read back as a value: compared as the same text.
function aiToolsText(value: unknown) {
  return JSON.stringify(storedAiTools(typeof value === 'string' ? JSON.parse(value) : value))
}

type SplitRow = { component: string } & Record<PercentField, string | number>

/** One row as text, percentages read as numbers ('60.00' from the database is 60). */
const rowKey = (row: SplitRow) =>
  `${row.component}:${PERCENT_FIELDS.map((field) => Number(row[field])).join(',')}`
const splitKey = (rows: readonly SplitRow[]) => rows.map(rowKey).sort().join('|')

/** Whether these contribution rows differ from the song's (order does not matter). */
export async function splitDiffers(trx: Executor, songId: number, rows: readonly SplitRow[]) {
  const current = await trx
    .selectFrom('creativeContributions')
    .selectAll()
    .where('songId', '=', songId)
    .execute()
  return splitKey(current) !== splitKey(rows)
}
