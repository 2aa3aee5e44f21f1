import { sql } from 'kysely'
import type { Executor } from '../platform/db.server'

// Issue 53 (decision 116): GET /api/songs lists summaries, the whole song is at GET /api/songs/:id.
// A summary is what a list of songs shows (the dashboard's and /songs' table): each field more
// is work for PostgreSQL on every row, and half the fields halved its time building the JSON.
// PostgreSQL writes the page's JSON itself and the driver reads it as one text value: no row
// objects, dates or numbers for Node to parse, convert and serialise again (what 100 whole songs
// cost: the driver 37 %, GC 25 % of the answer's time). Dates as JavaScript's toISOString writes
// them, so a summary's dates read the same as the whole song's.
const iso = (column: 's.created_at' | 'r.created_at') =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`)

/** One page of the owner's songs, newest first, as the JSON text of an array of summaries. */
export async function songSummariesJson(
  database: Executor,
  userId: string,
  { limit, offset }: { limit: number; offset: number },
) {
  const { rows } = await sql<{ body: string }>`
    select coalesce(
      json_agg(
        json_build_object(
          'id', s.id,
          'title', s.title,
          'certificateId', s.certificate_id,
          'fileLink', s.file_link,
          'dateCreated', s.date_created,
          'createdAt', ${iso('s.created_at')},
          'isRegistered', coalesce(r.status = 'confirmed', false),
          'registration', case when r.id is null then null else json_build_object(
            'status', r.status,
            'network', r.network,
            'transactionSignature', r.transaction_signature,
            'createdAt', ${iso('r.created_at')}
          ) end
        )
        order by s.created_at desc, s.id desc
      ),
      '[]'
    )::text as body
    from (
      -- Only what a summary shows: never the lyrics and notes (up to 25,000 characters each).
      select id, title, certificate_id, file_link, date_created, created_at
      from songs
      where user_id = ${userId}
      order by created_at desc, id desc
      limit ${limit} offset ${offset}
    ) as s
    left join blockchain_registrations as r on r.song_id = s.id
  `.execute(database)
  return rows[0]!.body
}
