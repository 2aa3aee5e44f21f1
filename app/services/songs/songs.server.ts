import crypto from 'node:crypto'
import { sql } from 'kysely'
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres'
import type { SongInput } from '~/lib/song-schema'
import { AiToolsSchema } from '~/lib/manifest-schema'
import {
  type AiTool,
  type Component,
  COMPONENTS,
  type ContributionValues,
} from '~/lib/song-constants'
import { LOCKED_MESSAGE } from '~/lib/song-lock'
import { SongIdSchema } from '~/lib/url-schemas'
import { env } from '~/env.server'
import { type Executor, inTransaction } from '../platform/db.server'
import { SpaceError, spaceRefusal, textBytes } from './byte-budget.server'

// Crockford's base32 without look-alikes (no I, L, O, U): easy to read aloud and type back.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
export function newCertificateId() {
  const chars = Array.from({ length: 8 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)])
  return `PT-${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`
}

const SONG_COLUMNS = [
  'songs.id',
  'songs.userId',
  'songs.title',
  'songs.contributorName',
  'songs.coContributorName',
  'songs.coContributorName2',
  'songs.contributorLatinName',
  'songs.coContributorLatinName',
  'songs.coContributor2LatinName',
  'songs.dateCreated',
  'songs.toolsUsed',
  'songs.fileLink',
  'songs.arweaveId',
  'songs.certificateId',
  'songs.genre',
  'songs.isrc',
  'songs.iswc',
  'songs.upc',
  'songs.otherIdentifier',
  'songs.mainContributorPro',
  'songs.coContributorPro',
  'songs.coContributor2Pro',
  'songs.mainContributorProNumber',
  'songs.coContributorProNumber',
  'songs.coContributor2ProNumber',
  'songs.createdAt',
  'songs.updatedAt',
  'songs.supersedesSongId',
  'songs.durationSeconds',
  // Issue 51: what the song's writers' shares are derived with (decision 117).
  'songs.contributorWroteMelody',
  'songs.coContributorWroteMelody',
  'songs.coContributor2WroteMelody',
  'songs.wordsWeightPercent',
  // Issue 51.3 and 51.5: each one's publisher, and the AI tools by name (decision 119).
  'songs.mainContributorPublisher',
  'songs.mainContributorPublisherIpi',
  'songs.coContributorPublisher',
  'songs.coContributorPublisherIpi',
  'songs.coContributor2Publisher',
  'songs.coContributor2PublisherIpi',
  'songs.aiTools',
] as const

/**
 * A song with its contributions and its registration, in one query. `texts: false` leaves out
 * its two long texts (lyrics and notes, up to 25,000 characters each; read as null), for readers
 * that list only splits and registrations (the data download's, decision 079).
 */
export function songQuery(database: Executor, { texts = true } = {}) {
  return database
    .selectFrom('songs')
    .select(SONG_COLUMNS)
    .select((eb) => [
      texts ? eb.ref('songs.lyrics').as('lyrics') : sql<string | null>`null`.as('lyrics'),
      texts
        ? eb.ref('songs.creativeNotes').as('creativeNotes')
        : sql<string | null>`null`.as('creativeNotes'),
      jsonArrayFrom(
        eb
          .selectFrom('creativeContributions as c')
          .select([
            'c.component',
            'c.contributorPercent',
            'c.coContributorPercent',
            'c.coContributor2Percent',
            'c.aiPercent',
          ])
          .whereRef('c.songId', '=', 'songs.id')
          .orderBy(
            sql`array_position(array[${sql.join(COMPONENTS.map((c) => sql.lit(c)))}]::varchar[], c.component)`,
          ),
      ).as('contributions'),
      // Its fingerprinted files in the writer's order (decision 040).
      jsonArrayFrom(
        eb
          .selectFrom('songRecordings as f')
          .select(['f.label', 'f.sha256', 'f.size', 'f.mediaType', 'f.fileName', 'f.showFileName'])
          .whereRef('f.songId', '=', 'songs.id')
          .orderBy('f.position'),
      ).as('recordings'),
      jsonObjectFrom(
        eb
          .selectFrom('blockchainRegistrations as r')
          .select([
            'r.transactionSignature',
            'r.walletAddress',
            'r.registrationFee',
            'r.status',
            'r.blockTime',
            'r.createdAt',
            'r.blockchainData',
            'r.confirmationStatus',
            'r.network',
            'r.storageKind',
            'r.storageGateway',
          ])
          .whereRef('r.songId', '=', 'songs.id'),
      ).as('registration'),
      // The registered song this one is a new version of, with what its manifest must name.
      jsonObjectFrom(
        eb
          .selectFrom('songs as earlier')
          .leftJoin('blockchainRegistrations as er', (join) =>
            join.onRef('er.songId', '=', 'earlier.id').on('er.status', '=', 'confirmed'),
          )
          .select([
            'earlier.id',
            'earlier.certificateId',
            'er.transactionSignature',
            sql<string | null>`er.blockchain_data->>'manifestSha256'`.as('manifestSha256'),
          ])
          .whereRef('earlier.id', '=', 'songs.supersedesSongId'),
      ).as('supersedes'),
    ])
}

type SongRow = Awaited<ReturnType<ReturnType<typeof songQuery>['executeTakeFirstOrThrow']>>

export interface RegistrationView {
  transactionSignature: string | null
  walletAddress: string | null
  registrationFee: string
  status: string
  blockTime: number | null
  createdAt: string
  confirmationStatus: string | null
  blockchainData: unknown
  /** Where it went, as recorded (decision 019). */
  network: string | null
  storageKind: string | null
  storageGateway: string | null
}

/** Plain, serialisable song: percentages as numbers, dates as strings. */
export function toView(row: SongRow) {
  const contributions: ContributionValues[] = row.contributions.map((c) => ({
    component: c.component as Component,
    contributorPercent: Number(c.contributorPercent),
    coContributorPercent: Number(c.coContributorPercent),
    coContributor2Percent: Number(c.coContributor2Percent),
    aiPercent: Number(c.aiPercent),
  }))
  const r = row.registration
  const registration: RegistrationView | null = r
    ? {
        transactionSignature: r.transactionSignature,
        walletAddress: r.walletAddress,
        registrationFee: String(r.registrationFee),
        status: r.status,
        blockTime: r.blockTime === null ? null : Number(r.blockTime),
        createdAt: new Date(String(r.createdAt)).toISOString(),
        confirmationStatus: r.confirmationStatus,
        blockchainData: r.blockchainData,
        network: r.network,
        storageKind: r.storageKind,
        storageGateway: r.storageGateway,
      }
    : null
  return {
    ...row,
    aiTools: storedAiTools(row.aiTools),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    recordings: row.recordings.map((f) => ({ ...f, size: Number(f.size) })),
    contributions,
    registration,
    isRegistered: registration !== null && registration.status === 'confirmed',
  }
}
export type SongView = ReturnType<typeof toView>

/**
 * The AI tools a song's row holds: null for a song saved before they could be named (decision
 * 119), never a guess; a value that is not the list it should be reads as not named too.
 */
export function storedAiTools(value: unknown): AiTool[] | null {
  const parsed = AiToolsSchema.nullable().safeParse(value)
  return parsed.success ? parsed.data : null
}

export function nullable<T>(value: T | undefined) {
  return value === undefined ? null : value
}

/**
 * Songs one account may hold (issue 38.3, decision 079): far more than a songwriter's catalogue,
 * and a bound on what one account's pages, exports and data download read.
 */
export const MAX_SONGS_PER_ACCOUNT = 2_000

/** The same words on the form and in the API's JSON error. */
export function songCeilingMessage() {
  return `This account holds ${MAX_SONGS_PER_ACCOUNT.toLocaleString('en-US')} songs, the most one account can hold. Delete songs you no longer need, or write to ${env().SUPPORT_EMAIL} and we will help.`
}

/** The account already holds MAX_SONGS_PER_ACCOUNT songs: 409. */
export class SongCeilingError extends Error {
  constructor() {
    super(songCeilingMessage())
  }
}

export async function songCeilingReached(database: Executor, userId: string) {
  const { n } = await database
    .selectFrom('songs')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow()
  return n >= MAX_SONGS_PER_ACCOUNT
}

export async function createSong(database: Executor, userId: string, input: SongInput) {
  return inTransaction(database, async (trx) => {
    // The account's row is locked first, so two creations at once cannot both pass the count.
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute()
    if (await songCeilingReached(trx, userId)) throw new SongCeilingError()
    const noSpace = await spaceRefusal(trx, userId, textBytes(input))
    if (noSpace) throw new SpaceError(noSpace)
    let song: { id: number; title: string; certificateId: string } | undefined
    for (let attempt = 0; !song && attempt < 5; attempt++) {
      song = await trx
        .insertInto('songs')
        .values({
          userId,
          certificateId: newCertificateId(),
          title: input.title,
          contributorName: input.contributorName,
          coContributorName: nullable(input.coContributorName),
          coContributorName2: nullable(input.coContributorName2),
          contributorLatinName: nullable(input.contributorLatinName),
          coContributorLatinName: nullable(input.coContributorLatinName),
          coContributor2LatinName: nullable(input.coContributor2LatinName),
          dateCreated: input.dateCreated,
          lyrics: nullable(input.lyrics),
          toolsUsed: input.toolsUsed,
          fileLink: input.fileLink,
          genre: nullable(input.genre),
          isrc: nullable(input.isrc),
          iswc: nullable(input.iswc),
          upc: nullable(input.upc),
          otherIdentifier: nullable(input.otherIdentifier),
          creativeNotes: nullable(input.creativeNotes),
          mainContributorPro: nullable(input.mainContributorPro),
          coContributorPro: nullable(input.coContributorPro),
          coContributor2Pro: nullable(input.coContributor2Pro),
          mainContributorProNumber: nullable(input.mainContributorProNumber),
          coContributorProNumber: nullable(input.coContributorProNumber),
          coContributor2ProNumber: nullable(input.coContributor2ProNumber),
          mainContributorPublisher: nullable(input.mainContributorPublisher),
          mainContributorPublisherIpi: nullable(input.mainContributorPublisherIpi),
          coContributorPublisher: nullable(input.coContributorPublisher),
          coContributorPublisherIpi: nullable(input.coContributorPublisherIpi),
          coContributor2Publisher: nullable(input.coContributor2Publisher),
          coContributor2PublisherIpi: nullable(input.coContributor2PublisherIpi),
          // A song saved from now on names its AI tools: an empty list when none was named.
          aiTools: JSON.stringify(input.aiTools),
          // Issue 40: only what was typed or read from the file; no length stays null.
          durationSeconds: input.duration ?? null,
          updatedAt: new Date(),
        })
        // A certificate id collision (1 in 10^12) is simply retried with a new id.
        .onConflict((oc) => oc.column('certificateId').doNothing())
        .returning(['id', 'title', 'certificateId'])
        .executeTakeFirst()
    }
    if (!song) throw new Error('Could not assign a unique certificate id')
    if (input.contributions.length > 0) {
      await trx
        .insertInto('creativeContributions')
        .values(input.contributions.map((c) => ({ songId: song.id, ...c })))
        .execute()
    }
    if (input.recordings.length > 0) {
      await trx
        .insertInto('songRecordings')
        .values(
          input.recordings.map((f, position) => ({
            songId: song.id,
            position,
            label: f.label,
            sha256: f.sha256,
            size: f.size,
            mediaType: nullable(f.mediaType),
            fileName: nullable(f.fileName),
            showFileName: f.showFileName,
          })),
        )
        .execute()
    }
    return song
  })
}

export const SONGS_PAGE_SIZE = 20

/** The owner's songs, newest first, each with contributions and registration: one query a page. */
export async function listSongs(
  database: Executor,
  userId: string,
  { limit = SONGS_PAGE_SIZE, offset = 0 } = {},
) {
  const rows = await songQuery(database)
    .where('songs.userId', '=', userId)
    .orderBy('songs.createdAt', 'desc')
    .orderBy('songs.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()
  return rows.map(toView)
}

/** Only the owner's song: another user's id is simply not found. */
export async function getOwnedSong(database: Executor, userId: string, songId: number) {
  const row = await songQuery(database)
    .where('songs.id', '=', songId)
    .where('songs.userId', '=', userId)
    .executeTakeFirst()
  return row ? toView(row) : null
}

/**
 * Who may see a song's certificate: the owner sees everything; anyone else only once the song is
 * registered on chain (that record is public anyway), and never its lyrics or creative notes.
 */
export function certificateAccess(song: SongView, viewerId: string | null) {
  const isOwner = viewerId !== null && song.userId === viewerId
  if (isOwner) return { song, isOwner }
  if (!song.isRegistered) return null
  return { song: { ...song, lyrics: null, creativeNotes: null }, isOwner }
}

/** A song id from a path or query parameter; anything else is no song. */
export function parseSongId(value: string | undefined) {
  const parsed = SongIdSchema.safeParse(value)
  return parsed.success ? parsed.data : null
}

export { COMPONENTS, LOCKED_MESSAGE }
