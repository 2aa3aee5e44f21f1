import { type ExpressionBuilder, type Kysely, sql } from 'kysely'
import { jsonArrayFrom } from 'kysely/helpers/postgres'
import type { Database } from '#db/schema'
import type { SnapshotStamp } from '~/lib/timestamp'
import { getTimestampAuthority, TimestampRefused } from '~/timestamp/index.server'
import type { TimestampAuthority } from '~/timestamp/types'
import { beforeDatabaseClose, db, type Executor, inTransaction } from '../../platform/db.server'
import {
  BackgroundJobRunner,
  backoffMs,
  leaseEnd,
  retryAt,
} from '../../platform/background-jobs.server'
import { canonicalJson, sha256Hex } from '~/lib/digest.server'
import { buildManifest, ensureTextSalts } from './manifest.server'
import { getOwnedSong } from '../../songs/songs.server'
import { splitStatuses } from '../../co-writers/split-statuses.server'

// An RFC 3161 timestamp on every snapshot of a song (issue 29, decision 057). A snapshot is
// queued in the transaction that makes it (created, edited, details added, registered) with the
// exact canonical manifest of that state; a background worker asks the TSA, so neither the
// request path nor a TSA that is down ever holds a song back.

export type SnapshotReason = SnapshotStamp['reason']

/**
 * Queues a snapshot of the owner's song as it stands in `trx`. The manifest is the one
 * buildManifest makes, whatever its version.
 */
export async function queueSnapshotTimestamp(
  trx: Executor,
  userId: string,
  songId: number,
  reason: SnapshotReason,
) {
  const song = await getOwnedSong(trx, userId, songId)
  if (!song) throw new Error(`Song ${songId} is not ${userId}'s: no snapshot`)
  const manifest = buildManifest(
    song,
    await ensureTextSalts(trx as Kysely<Database>, songId),
    new Date(),
    await splitStatuses(trx, song),
  )
  await queueManifestTimestamp(trx, songId, reason, canonicalJson(manifest))
}

/** Queues a timestamp of exact manifest bytes (a registration's stored manifest). */
export async function queueManifestTimestamp(
  trx: Executor,
  songId: number,
  reason: SnapshotReason,
  manifest: string,
) {
  await trx
    .insertInto('snapshotTimestamps')
    .values({ songId, reason, manifest, manifestSha256: sha256Hex(manifest) })
    .execute()
  holder.__prooftrackTimestampWorker?.wake()
}

/**
 * Runs a change of the owner's song and queues the snapshot it made, in one transaction: a
 * change is never kept without its snapshot. `songIdOf` says which song changed (null: none).
 */
export function withSnapshot<R>(
  database: Executor,
  userId: string,
  reason: SnapshotReason,
  change: (trx: Executor) => Promise<R>,
  songIdOf: (result: R) => number | null,
): Promise<R> {
  return inTransaction(database, async (trx) => {
    const result = await change(trx)
    const songId = songIdOf(result)
    if (songId !== null) await queueSnapshotTimestamp(trx, userId, songId, reason)
    return result
  })
}

const STAMP_COLUMNS = [
  'id',
  'reason',
  'manifestSha256',
  'status',
  'tsaName',
  'tsaKind',
  'stampedAt',
  'createdAt',
] as const

function toStamp(row: {
  id: number
  reason: SnapshotReason
  manifestSha256: string
  status: 'pending' | 'stamped'
  tsaName: string | null
  tsaKind: 'local' | 'rfc3161' | null
  stampedAt: Date | null
  createdAt: Date
}): SnapshotStamp {
  return {
    ...row,
    stampedAt: row.stampedAt ? row.stampedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  }
}

/**
 * A song's snapshots as a JSON array inside the song's own statement (issue 16's budget): every
 * one, oldest first, for the owner; only the registered record's for anyone else.
 */
export function snapshotStampsOf(
  eb: ExpressionBuilder<Database, 'songs'>,
  viewerId: string | null,
) {
  return jsonArrayFrom(
    eb
      .selectFrom('snapshotTimestamps as t')
      .select([
        't.id',
        't.reason',
        't.manifestSha256',
        't.status',
        't.tsaName',
        't.tsaKind',
        't.stampedAt',
        't.createdAt',
      ])
      .whereRef('t.songId', '=', 'songs.id')
      .where((w) =>
        w.or([
          w('t.reason', '=', 'registered'),
          viewerId === null ? sql<boolean>`false` : w('songs.userId', '=', viewerId),
        ]),
      )
      .orderBy('t.id'),
  )
}

/** What a certificate shows: the snapshot it stands for (the latest the viewer may see), and the owner's history. */
export function certificateStamps(
  rows: {
    id: number
    reason: SnapshotReason
    manifestSha256: string
    status: 'pending' | 'stamped'
    tsaName: string | null
    tsaKind: 'local' | 'rfc3161' | null
    stampedAt: Date | string | null
    createdAt: Date | string
  }[],
  isOwner: boolean,
) {
  const stamps: SnapshotStamp[] = rows.map((row) => ({
    ...row,
    stampedAt: row.stampedAt === null ? null : new Date(row.stampedAt).toISOString(),
    createdAt: new Date(row.createdAt).toISOString(),
  }))
  return { shown: stamps.at(-1) ?? null, history: isOwner ? stamps : null }
}

/** A song's snapshots with their timestamps, oldest first (for its owner: the history). */
export async function snapshotHistory(database: Executor, songId: number) {
  const rows = await database
    .selectFrom('snapshotTimestamps')
    .select(STAMP_COLUMNS)
    .where('songId', '=', songId)
    .orderBy('id')
    .execute()
  return rows.map(toStamp)
}

/**
 * The snapshot a certificate shows: for the public, the registered record's (whose manifest is
 * the one anchored on chain); for the owner, the latest.
 */
export async function shownSnapshot(database: Executor, songId: number, isOwner: boolean) {
  const row = await database
    .selectFrom('snapshotTimestamps')
    .select(STAMP_COLUMNS)
    .where('songId', '=', songId)
    .$if(!isOwner, (q) => q.where('reason', '=', 'registered'))
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row ? toStamp(row) : null
}

/** Every stamped snapshot with its token and chain, oldest first: what the proof bundle carries. */
export async function stampedSnapshots(database: Executor, songId: number) {
  return database
    .selectFrom('snapshotTimestamps')
    .select([
      'id',
      'reason',
      'manifest',
      'manifestSha256',
      'response',
      'tsaName',
      'tsaKind',
      'tsaChainPem',
      'stampedAt',
      'tokenSerial',
    ])
    .where('songId', '=', songId)
    .where('status', '=', 'stamped')
    .orderBy('id')
    .execute()
}

/** 30 s, 2 min, 8 min, 32 min, then hourly: a snapshot is never given up, only retried. */
export function timestampRetryMs(attempts: number) {
  return backoffMs(attempts, 60 * 60 * 1000)
}

/** Claims one due snapshot under a lease (FOR UPDATE SKIP LOCKED), counting the attempt. */
function claimSnapshot(database: Kysely<Database>) {
  return database
    .updateTable('snapshotTimestamps')
    .set((eb) => ({ lockedUntil: leaseEnd(), attempts: eb('attempts', '+', 1) }))
    .where('id', '=', (eb) =>
      eb
        .selectFrom('snapshotTimestamps')
        .select('id')
        .where('status', '=', 'pending')
        .where('nextAttemptAt', '<=', sql<Date>`now()`)
        .where((w) => w.or([w('lockedUntil', 'is', null), w('lockedUntil', '<', sql<Date>`now()`)]))
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'songId', 'manifest', 'attempts'])
    .executeTakeFirst()
}
type ClaimedSnapshot = NonNullable<Awaited<ReturnType<typeof claimSnapshot>>>

/**
 * Stamps pending snapshots (the loop is platform/background-jobs, shared with the mail queue):
 * claims one due row at a time (FOR UPDATE SKIP LOCKED plus a lease, so any number of servers
 * never ask twice for one snapshot at once), asks the TSA, and stores the checked answer, or
 * schedules a retry. The TSA's signing and the checks run in WebCrypto, on Node's thread pool.
 */
export class TimestampWorker extends BackgroundJobRunner<ClaimedSnapshot> {
  constructor(
    private readonly tsa: () => TimestampAuthority = getTimestampAuthority,
    private readonly database: () => Kysely<Database> = db,
    pollMs?: number,
  ) {
    super('timestamp', pollMs)
  }

  protected claim() {
    return claimSnapshot(this.database())
  }

  protected handle(row: ClaimedSnapshot) {
    return this.stampOne(row)
  }

  private async stampOne(row: ClaimedSnapshot) {
    const tsa = this.tsa()
    const update = () => this.database().updateTable('snapshotTimestamps').where('id', '=', row.id)
    try {
      const token = await tsa.stamp(new TextEncoder().encode(row.manifest))
      await update()
        .set({
          status: 'stamped',
          response: token.response,
          tsaName: token.tsaName,
          tsaKind: tsa.kind,
          tsaChainPem: token.chainPem,
          stampedAt: token.genTime,
          tokenSerial: token.serial,
          lockedUntil: null,
          lastError: null,
        })
        .execute()
      return true
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 2000)
      const retryMs = timestampRetryMs(row.attempts)
      await update()
        .set({
          lastError: reason,
          lockedUntil: null,
          nextAttemptAt: retryAt(retryMs),
        })
        .execute()
      // A refused token (imprint, nonce, signature) is a TSA misbehaving, not just down.
      const what = error instanceof TimestampRefused ? 'token refused' : 'TSA unavailable'
      console.warn(
        `[timestamp] snapshot #${row.id} of song ${row.songId}: attempt ${row.attempts}, ${what} (${reason}); next try in ${Math.round(retryMs / 1000)} s`,
      )
      return false
    }
  }
}

const holder = globalThis as typeof globalThis & { __prooftrackTimestampWorker?: TimestampWorker }

/** Started once by the server entry; stops before the database closes at shutdown. */
export function startTimestampWorker() {
  void holder.__prooftrackTimestampWorker?.stop()
  const worker = new TimestampWorker()
  holder.__prooftrackTimestampWorker = worker
  beforeDatabaseClose('timestamp queue', () => worker.stop())
  return worker.start()
}
