import { sql } from 'kysely'
import type { Executor } from '../platform/db.server'

// Issue 53 (decision 116): GET /api/songs lists summaries, the whole song is at GET /api/songs/:id.
// PostgreSQL writes the page's JSON itself and the driver reads it as one text value: no row
// objects, dates or numbers for Node to parse, convert and serialise again (what 100 whole songs
// cost: the driver 37 %, GC 25 % of the answer's time). Dates as JavaScript's toISOString writes
// them, so a summary's dates read the same as the whole song's.
const iso = (column: 's.created_at' | 's.updated_at' | 'r.created_at') =>
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
          'contributorName', s.contributor_name,
          'coContributorName', s.co_contributor_name,
          'coContributorName2', s.co_contributor_name2,
          'dateCreated', s.date_created,
          'fileLink', s.file_link,
          'genre', s.genre,
          'isrc', s.isrc,
          'iswc', s.iswc,
          'upc', s.upc,
          'durationSeconds', s.duration_seconds,
          'supersedesSongId', s.supersedes_song_id,
          'createdAt', ${iso('s.created_at')},
          'updatedAt', ${iso('s.updated_at')},
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
      select id, title, certificate_id, contributor_name, co_contributor_name,
        co_contributor_name2, date_created, file_link, genre, isrc, iswc, upc, duration_seconds,
        supersedes_song_id, created_at, updated_at
      from songs
      where user_id = ${userId}
      order by created_at desc, id desc
      limit ${limit} offset ${offset}
    ) as s
    left join blockchain_registrations as r on r.song_id = s.id
  `.execute(database)
  return rows[0]!.body
}
