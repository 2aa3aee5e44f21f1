import crypto from 'node:crypto'
import { env } from '~/env.server'
import { DEFAULT_TIME_ZONE } from '~/lib/dates'
import { publicSigningIdentity } from '~/signing/index.server'
import type { KeptDocumentKind, KeptDocumentProjection } from '#db/schema'
import type { Executor } from '../../platform/db.server'
import { renderOffThread } from '../../platform/document-pool.server'
import type { PdfJob } from './pdf-render.server'
import { rendererFingerprint } from './renderer-fingerprint.server'

// Issues 49.1 and 53 (decision 104). A PDF is made, and signed, once per snapshot of what it
// prints and kept in the database, where every app server reads it; a download serves the kept
// bytes and needs no place in the document pool. The snapshot is the digest of the renderer and
// of the whole job it would be given, built from the data the route has just read: a new version,
// a co-writer's answer, an invitation expiring, a registration finishing or its timestamp arriving
// changes the job, so the kept bytes are never older than the data behind them.

/**
 * Kept per song, kind and projection, newest first; older rows go when a new one is kept. Apart
 * per projection (decision 121): the zones visitors send, as many as they like, replace only
 * visitors' copies, never the owner's.
 */
export const KEPT_PER_PROJECTION = 4

export interface KeptDocumentKey {
  songId: number
  kind: KeptDocumentKind
  projection: KeptDocumentProjection
  timeZone: string
  /** SHA-256 (hex) of the renderer, the signer, the projection and the job. */
  snapshot: string
}

/**
 * The key a document made from `job` is kept under. Besides the job, the worker reads the signer
 * (decision 103: its chain goes in the signature, and the development key's PDFs say so on their
 * face) and the contact the signature names: an operator who installs a key, or changes the
 * address, gets PDFs signed and printed that way.
 */
export async function keptDocumentKey(
  songId: number,
  projection: KeptDocumentProjection,
  job: PdfJob,
): Promise<KeptDocumentKey> {
  const signer = await publicSigningIdentity()
  const snapshot = crypto
    .createHash('sha256')
    .update(
      JSON.stringify([
        await rendererFingerprint(),
        signer.chainPem,
        signer.isDevelopment,
        env().SUPPORT_EMAIL,
        projection,
        job,
      ]),
    )
    .digest('hex')
  return {
    songId,
    kind: job.kind,
    projection,
    timeZone: job.options.timeZone ?? DEFAULT_TIME_ZONE,
    snapshot,
  }
}

/** The kept bytes under `key`, or null. */
export async function keptDocument(database: Executor, key: KeptDocumentKey) {
  const row = await database
    .selectFrom('keptDocuments')
    .select('bytes')
    .where('songId', '=', key.songId)
    .where('kind', '=', key.kind)
    .where('projection', '=', key.projection)
    .where('timeZone', '=', key.timeZone)
    .where('snapshot', '=', key.snapshot)
    .executeTakeFirst()
  return row ? Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength) : null
}

/**
 * Keeps `bytes` under `key`. Two servers that made the same snapshot at once keep the first
 * one's; the other's copy is served once and dropped. Then the song's older rows of this kind go:
 * this view's earlier snapshots, and any of its projection beyond the newest KEPT_PER_PROJECTION.
 */
export async function keepDocument(database: Executor, key: KeptDocumentKey, bytes: Uint8Array) {
  await database
    .insertInto('keptDocuments')
    .values({ ...key, bytes, sha256: crypto.createHash('sha256').update(bytes).digest('hex') })
    .onConflict((oc) => oc.doNothing())
    .execute()
  await database
    .deleteFrom('keptDocuments')
    .where('songId', '=', key.songId)
    .where('kind', '=', key.kind)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('projection', '=', key.projection),
          eb('timeZone', '=', key.timeZone),
          eb('snapshot', '!=', key.snapshot),
        ]),
        // The snapshot digests the projection and the zone: one row each within a song's kind.
        eb.and([
          eb('projection', '=', key.projection),
          eb(
            'snapshot',
            'not in',
            eb
              .selectFrom('keptDocuments')
              .select('snapshot')
              .where('songId', '=', key.songId)
              .where('kind', '=', key.kind)
              .where('projection', '=', key.projection)
              .orderBy('createdAt', 'desc')
              .limit(KEPT_PER_PROJECTION),
          ),
        ]),
      ]),
    )
    .execute()
}

// The same snapshot asked for again while it is being made waits for that making instead of
// taking another place in the pool: a certificate shared widely is met by many at once.
const making = new Map<string, Promise<Buffer>>()

/**
 * The PDF `job` makes, as kept for this song and view, else made in the document pool (throwing
 * its busy and aborted errors, which `busyAnswer` turns into answers), kept and returned.
 * `owner` and `signal` are the pool's: whose documents a render counts against, and the request's.
 */
export async function keptOrMadePdf(
  database: Executor,
  request: {
    songId: number
    projection: KeptDocumentProjection
    job: PdfJob
    owner: string
    signal?: AbortSignal
  },
) {
  const key = await keptDocumentKey(request.songId, request.projection, request.job)
  const kept = await keptDocument(database, key)
  if (kept) return kept
  const id = `${key.songId}:${key.snapshot}`
  const underway = making.get(id)
  if (underway) {
    try {
      return await underway
    } catch {
      // That request was refused or went away: this one asks the pool for itself.
    }
  }
  const made = make(database, key, request)
  making.set(id, made)
  try {
    return await made
  } finally {
    if (making.get(id) === made) making.delete(id)
  }
}

async function make(
  database: Executor,
  key: KeptDocumentKey,
  { job, owner, signal }: { job: PdfJob; owner: string; signal?: AbortSignal },
) {
  const bytes = await renderOffThread(job, { owner, signal })
  try {
    await keepDocument(database, key, bytes)
  } catch (error) {
    // The PDF is made and good: a copy not kept costs only a render on the next download.
    console.warn(`[documents] a ${key.kind} PDF was not kept:`, error)
  }
  return bytes
}
