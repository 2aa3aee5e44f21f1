import { aiToolFormRows } from '~/lib/ai-tools'
import { type ExpressionBuilder, sql } from 'kysely'
import { jsonObjectFrom } from 'kysely/helpers/postgres'
import type { Database } from '#db/schema'
import { formatDuration } from '~/lib/duration'
import { recordingFormRows, recordingsText } from '~/lib/recording'
import { COMPONENT_LABELS, COMPONENTS, contributionFormRows } from '~/lib/song-constants'
import { type Executor } from '../platform/db.server'
import { getOwnedSong, songQuery, type SongView, toView } from './songs.server'

// New versions of a registered song (issue 14, docs/decisions/038-song-versions.md). A draft
// names the song it supersedes; once registered, its manifest names that song's certificate and
// manifest hash. Only one live registration may succeed a song (a partial unique index).

/** The registered (or registering) successor of a song: at most one, by the database's index. */
export async function successorOf(database: Executor, songId: number) {
  return database
    .selectFrom('blockchainRegistrations as r')
    .innerJoin('songs as s', 's.id', 'r.songId')
    .select(['s.id', 's.certificateId', 'r.status', 'r.updatedAt'])
    .where('r.supersedesSongId', '=', songId)
    .where('r.status', '!=', 'failed')
    .executeTakeFirst()
}

export function successorMessage(certificateId: string | null) {
  return certificateId
    ? `A new version of this certificate is already registered (${certificateId}); only one version can succeed it. Create the new version from ${certificateId} instead.`
    : 'A new version of this certificate is already registered; only one version can succeed it.'
}

/** The database's refusal of a second successor (PostgreSQL unique violation on the index). */
export function isSuccessorConflict(error: unknown) {
  if (typeof error !== 'object' || error === null) return false
  const { code, constraint, message } = error as {
    code?: unknown
    constraint?: unknown
    message?: unknown
  }
  return (
    code === '23505' &&
    (constraint === 'blockchain_registrations_one_successor' ||
      String(message).includes('blockchain_registrations_one_successor'))
  )
}

const PREFILLED = [
  'title',
  'contributorName',
  'coContributorName',
  'coContributorName2',
  'contributorLatinName',
  'coContributorLatinName',
  'coContributor2LatinName',
  'dateCreated',
  'lyrics',
  'toolsUsed',
  'fileLink',
  'genre',
  'isrc',
  'iswc',
  'upc',
  'otherIdentifier',
  'creativeNotes',
  'mainContributorPro',
  'coContributorPro',
  'coContributor2Pro',
  'mainContributorProNumber',
  'coContributorProNumber',
  'coContributor2ProNumber',
  'mainContributorPublisher',
  'mainContributorPublisherIpi',
  'coContributorPublisher',
  'coContributorPublisherIpi',
  'coContributor2Publisher',
  'coContributor2PublisherIpi',
] as const

/**
 * The song form's values for a new version of the owner's registered song: every field as the
 * form shows it (strings, contributions as rows). Null when the song is not the owner's or not
 * registered: an unregistered song is simply edited.
 */
export async function newVersionValues(database: Executor, userId: string, songId: number) {
  const song = await getOwnedSong(database, userId, songId)
  if (!song || !song.isRegistered) return null
  const fields: Partial<Record<(typeof PREFILLED)[number] | 'duration', string>> = {}
  for (const field of PREFILLED) {
    const value = song[field]
    if (value !== null && value !== '') fields[field] = String(value)
  }
  // Stored in seconds, typed as the form reads it ("3:25"): the DDEX export needs it again.
  if (song.durationSeconds !== null) fields.duration = formatDuration(song.durationSeconds)
  // Every component row and every fingerprinted file, as the form posts them: the writer keeps,
  // removes, replaces or adds files from there (decision 040).
  const values = {
    ...fields,
    contributions: contributionFormRows(song.contributions),
    recordings: recordingFormRows(song.recordings),
    aiTools: aiToolFormRows(song.aiTools),
  }
  return { values, supersedes: { id: song.id, certificateId: song.certificateId } }
}

/** Whether the owner may create a new version of this song (theirs, and registered). */
export async function canSupersede(database: Executor, userId: string, songId: number) {
  // "Registered" is the song view's own rule, defined once in songs.server.ts.
  return (await getOwnedSong(database, userId, songId))?.isRegistered ?? false
}

/** Records that a new (unregistered) song of the owner is a version of their registered song. */
export async function linkVersion(
  database: Executor,
  userId: string,
  songId: number,
  supersedesSongId: number,
) {
  if (songId === supersedesSongId) return false
  if (!(await canSupersede(database, userId, supersedesSongId))) return false
  const result = await database
    .updateTable('songs')
    .set({ supersedesSongId })
    .where('id', '=', songId)
    .where('userId', '=', userId)
    .where('supersedesSongId', 'is', null)
    .executeTakeFirst()
  return result.numUpdatedRows === 1n
}

/** What a certificate page says about its place in a chain of versions. */
export interface VersionLinks {
  supersedes: { songId: number; certificateId: string } | null
  supersededBy: { songId: number; certificateId: string; registeredAt: string } | null
}

/**
 * The registered version that succeeds the song in the outer query (`songs`), as a JSON object:
 * a draft or a registration in flight may never be, so only a confirmed one is shown.
 */
export function registeredSuccessorOf(eb: ExpressionBuilder<Database, 'songs'>) {
  return jsonObjectFrom(
    eb
      .selectFrom('blockchainRegistrations as later')
      .innerJoin('songs as laterSong', 'laterSong.id', 'later.songId')
      .select([
        'laterSong.id as songId',
        'laterSong.certificateId',
        'later.blockTime',
        'later.createdAt',
      ])
      .whereRef('later.supersedesSongId', '=', 'songs.id')
      .where('later.status', '=', 'confirmed')
      // At most one by the database's index; the limit keeps the subquery a single row regardless.
      .limit(1),
  )
}

/**
 * The links of a song: the song it supersedes (songQuery's `supersedes`) and its registered
 * successor (registeredSuccessorOf). Both ends of a shown link are registered songs, so their
 * certificates are public anyway.
 */
export function toVersionLinks(
  supersedes: { id: number; certificateId: string } | null,
  later: {
    songId: number
    certificateId: string
    blockTime: string | number | null
    createdAt: string | Date
  } | null,
): VersionLinks {
  return {
    supersedes: supersedes
      ? { songId: supersedes.id, certificateId: supersedes.certificateId }
      : null,
    supersededBy: later
      ? {
          songId: later.songId,
          certificateId: later.certificateId,
          registeredAt:
            later.blockTime !== null
              ? new Date(Number(later.blockTime) * 1000).toISOString()
              : new Date(later.createdAt).toISOString(),
        }
      : null,
  }
}

/** A song's version links in one statement, for `GET /api/songs/:id/versions` (the certificate page reads them with the song, in certificateFor). */
export async function versionLinks(database: Executor, songId: number) {
  const row = await database
    .selectFrom('songs')
    .select((eb) => [
      jsonObjectFrom(
        eb
          .selectFrom('songs as earlier')
          .select(['earlier.id', 'earlier.certificateId'])
          .whereRef('earlier.id', '=', 'songs.supersedesSongId'),
      ).as('supersedes'),
      registeredSuccessorOf(eb).as('supersededBy'),
    ])
    .where('songs.id', '=', songId)
    .executeTakeFirst()
  return toVersionLinks(row?.supersedes ?? null, row?.supersededBy ?? null)
}

const DIFFED: { field: keyof SongView; label: string; format?: (value: number) => string }[] = [
  { field: 'title', label: 'Title' },
  { field: 'dateCreated', label: 'Date created' },
  { field: 'genre', label: 'Genre' },
  { field: 'contributorName', label: 'Main contributor' },
  { field: 'contributorLatinName', label: 'Main contributor in Latin script' },
  { field: 'mainContributorPro', label: 'Main contributor PRO' },
  { field: 'mainContributorProNumber', label: 'Main contributor PRO number' },
  { field: 'coContributorName', label: 'Co-contributor' },
  { field: 'coContributorLatinName', label: 'Co-contributor in Latin script' },
  { field: 'coContributorPro', label: 'Co-contributor PRO' },
  { field: 'coContributorProNumber', label: 'Co-contributor PRO number' },
  { field: 'coContributorName2', label: 'Co-contributor 2' },
  { field: 'coContributor2LatinName', label: 'Co-contributor 2 in Latin script' },
  { field: 'coContributor2Pro', label: 'Co-contributor 2 PRO' },
  { field: 'coContributor2ProNumber', label: 'Co-contributor 2 PRO number' },
  { field: 'isrc', label: 'ISRC' },
  { field: 'iswc', label: 'ISWC' },
  { field: 'upc', label: 'UPC' },
  { field: 'otherIdentifier', label: 'Other identifier' },
  { field: 'durationSeconds', label: 'Length of the recording', format: formatDuration },
  { field: 'toolsUsed', label: 'Tools used' },
  { field: 'fileLink', label: 'Song link' },
  { field: 'lyrics', label: 'Lyrics' },
  { field: 'creativeNotes', label: 'Creative notes' },
]

function shown(value: unknown, format?: (value: number) => string) {
  if (value === null || value === undefined) return ''
  return format && typeof value === 'number' ? format(value) : String(value)
}

function splitText(song: SongView, component: (typeof COMPONENTS)[number]) {
  const row = song.contributions.find((c) => c.component === component)
  return row
    ? `${row.contributorPercent} / ${row.coContributorPercent} / ${row.coContributor2Percent} / AI ${row.aiPercent}`
    : ''
}

/** Field-by-field difference from one version to the next, in the labels the form uses. */
export function versionDiff(before: SongView, after: SongView) {
  const changes: { label: string; before: string; after: string }[] = []
  for (const { field, label, format } of DIFFED) {
    const a = shown(before[field], format)
    const b = shown(after[field], format)
    if (a !== b) changes.push({ label, before: a, after: b })
  }
  const files = [recordingsText(before.recordings), recordingsText(after.recordings)] as const
  if (files[0] !== files[1])
    changes.push({ label: 'Fingerprinted files', before: files[0], after: files[1] })
  for (const component of COMPONENTS) {
    const a = splitText(before, component)
    const b = splitText(after, component)
    if (a !== b)
      changes.push({ label: `Split: ${COMPONENT_LABELS[component]}`, before: a, after: b })
  }
  return changes
}

/**
 * Every version in the chain this song belongs to, oldest first: the songs it supersedes back to
 * the first, and every later draft or version of any of them. Each with its date, registration
 * status and the difference from the version it supersedes. The owner's songs only.
 */
export async function versionHistory(database: Executor, userId: string, songId: number) {
  // The chain is walked only through this user's songs: another user's song yields no rows. The
  // walk and every version's row are one statement (issue 16: at most 3 per page).
  const lineage = sql<number>`(
    with recursive up(id, supersedes_song_id) as (
      select id, supersedes_song_id from songs where id = ${songId} and user_id = ${userId}
      union
      select s.id, s.supersedes_song_id from songs s join up on s.id = up.supersedes_song_id
      where s.user_id = ${userId}
    ),
    down(id) as (
      select id from up where supersedes_song_id is null
      union
      select s.id from songs s join down on s.supersedes_song_id = down.id
      where s.user_id = ${userId}
    )
    select id from down union select id from up
  )`
  const songs: SongView[] = (
    await songQuery(database)
      .where('songs.id', 'in', lineage)
      .where('songs.userId', '=', userId)
      .orderBy('songs.id')
      .execute()
  ).map(toView)
  if (songs.length === 0) return null
  return historyOf(songs, songId)
}

/** The version history from every version of the chain, oldest first. */
function historyOf(songs: SongView[], songId: number) {
  const byId = new Map(songs.map((s) => [s.id, s]))
  return songs.map((song) => {
    const earlier = song.supersedesSongId === null ? null : byId.get(song.supersedesSongId)
    return {
      id: song.id,
      certificateId: song.certificateId,
      title: song.title,
      createdAt: song.createdAt,
      supersedes: earlier ? { id: earlier.id, certificateId: earlier.certificateId } : null,
      registration: song.registration
        ? { status: song.registration.status, createdAt: song.registration.createdAt }
        : null,
      isRegistered: song.isRegistered,
      isCurrent: song.id === songId,
      changes: earlier ? versionDiff(earlier, song) : [],
    }
  })
}
export type VersionHistory = NonNullable<Awaited<ReturnType<typeof versionHistory>>>
