import path from 'node:path'
import type { LandingVideoInfo } from '~/lib/admin'
import {
  MAX_VIDEO_BYTES,
  type UploadError,
  type UploadReturnPath,
  uploadReturnPath,
  VIDEO_FIELD,
} from '~/lib/video-upload'
import { discardRest } from '~/lib/http.server'
import { forgetAnonymousPages } from '../platform/anonymous-pages.server'
import { MultipartRefused, readMultipart } from '../platform/multipart.server'
import { db } from '../platform/db.server'
import { CHUNK_BYTES, latestLandingVideo, videoContentType } from './landing-video.server'

/** Older uploads beyond this many are deleted after a successful upload. */
export const KEEP_VIDEOS = 3
// Room for the multipart framing and the small fields around a file of the maximum size.
const MULTIPART_OVERHEAD = 64 * 1024
// A refused upload's remaining bytes are read and dropped, so the browser gets our answer
// instead of a reset connection; past this much the connection is simply cut.
const DRAIN_LIMIT = 4 * MAX_VIDEO_BYTES
// An incomplete upload this old is left over from a crash: no upload takes an hour.
const STALE_UPLOAD_MS = 60 * 60 * 1000
const MAX_FIELD_BYTES = 1024
// The form sends the video and a return path; a few more parts are tolerated, not thousands.
const MAX_PARTS = 16

export type UploadResult =
  | { ok: true; fileName: string; size: number; returnTo: UploadReturnPath }
  | { ok: false; error: UploadError; returnTo: UploadReturnPath }

class UploadRefused extends Error {
  constructor(public readonly reason: Exclude<UploadError, 'failed'>) {
    super(reason)
  }
}

/**
 * Receives the landing video from a multipart body, writing the `video` part in chunks to an
 * incomplete `landing_videos` row (which `latestLandingVideo` never serves) and completing it
 * only once it is whole and valid. A wrong type is refused before a byte is written; a part over
 * the limit is refused as soon as it crosses it. On any failure the row and its chunks go.
 */
export async function receiveLandingVideo(request: Request): Promise<UploadResult> {
  const declared = Number(request.headers.get('Content-Length') ?? NaN)
  const multipart = /^multipart\/form-data;.*boundary=/i.test(
    request.headers.get('Content-Type') ?? '',
  )
  if (!request.body) return { ok: false, error: 'invalid', returnTo: uploadReturnPath(null) }
  const reader = request.body.getReader()
  // Filled in by the part handlers as the body streams past.
  const state: {
    returnTo: UploadReturnPath
    pendingId: number | null
    video: ReceivedVideo | null
  } = { returnTo: uploadReturnPath(null), pendingId: null, video: null }
  try {
    if (!multipart) return { ok: false, error: 'invalid', returnTo: state.returnTo }

    await readMultipart(
      request,
      reader,
      {
        parts: MAX_PARTS,
        files: 1,
        fieldBytes: MAX_FIELD_BYTES,
        textBytes: MAX_PARTS * MAX_FIELD_BYTES,
        fileBytes: MAX_VIDEO_BYTES,
        bodyBytes: MAX_VIDEO_BYTES + MULTIPART_OVERHEAD,
      },
      {
        onField(name, value) {
          if (name === 'redirectTo') state.returnTo = uploadReturnPath(value)
        },
        async onFile({ name, filename, contentType, data }) {
          if (name !== VIDEO_FIELD) throw new UploadRefused('invalid')
          if (!contentType.toLowerCase().startsWith('video/')) throw new UploadRefused('invalid')
          // A body declared too big for any valid upload is refused before its file is written.
          if (declared > MAX_VIDEO_BYTES + MULTIPART_OVERHEAD) throw new UploadRefused('too-large')
          const fileName = `${Date.now()}-${safeBaseName(filename)}.${extensionFor(filename, contentType)}`
          const pending = await db()
            .insertInto('landingVideos')
            .values({ fileName, contentType: videoContentType(fileName), chunkBytes: CHUNK_BYTES })
            .returning('id')
            .executeTakeFirstOrThrow()
          state.pendingId = pending.id
          const size = await streamToChunks(data, pending.id)
          if (size === 0) throw new UploadRefused('invalid')
          state.video = { id: pending.id, fileName, size }
        },
      },
    )
    const video = state.video
    if (!video) return { ok: false, error: 'invalid', returnTo: state.returnTo }

    await db()
      .updateTable('landingVideos')
      .set({ size: video.size, completedAt: new Date() })
      .where('id', '=', video.id)
      .execute()
    state.pendingId = null
    // The landing page a visitor is sent from memory shows the new video from now on.
    forgetAnonymousPages()
    // The upload has succeeded; failing to tidy older ones must not say otherwise.
    await pruneLandingVideos().catch((error: unknown) =>
      console.warn('[video] could not remove older videos', error),
    )
    return { ok: true, fileName: video.fileName, size: video.size, returnTo: state.returnTo }
  } catch (error) {
    if (error instanceof UploadRefused)
      return { ok: false, error: error.reason, returnTo: state.returnTo }
    // The body itself refused (its size, its parts, its format): the client's mistake, not ours.
    if (error instanceof MultipartRefused) {
      const tooLarge = error.problem === 'files-too-large' || error.problem === 'body-too-large'
      return { ok: false, error: tooLarge ? 'too-large' : 'invalid', returnTo: state.returnTo }
    }
    console.error('[video] upload failed', error)
    return { ok: false, error: 'failed', returnTo: state.returnTo }
  } finally {
    if (state.pendingId !== null) {
      const id = state.pendingId
      await db()
        .deleteFrom('landingVideos')
        .where('id', '=', id)
        .execute()
        .catch((error: unknown) =>
          console.warn(`[video] could not remove the incomplete upload ${id}`, error),
        )
    }
    await discardRest(reader, DRAIN_LIMIT)
  }
}

interface ReceivedVideo {
  id: number
  fileName: string
  size: number
}

/**
 * Writes the part as CHUNK_BYTES rows while it streams (one chunk in memory at a time, the
 * parser waiting on each insert) and stops as soon as it crosses the limit.
 */
async function streamToChunks(data: AsyncIterable<Uint8Array>, videoId: number) {
  let size = 0
  let seq = 0
  let pending: Uint8Array[] = []
  let pendingBytes = 0
  const write = async (chunk: Uint8Array) => {
    await db()
      .insertInto('landingVideoChunks')
      .values({ videoId, seq: seq++, data: chunk })
      .execute()
  }
  for await (const piece of data) {
    size += piece.byteLength
    pending.push(piece)
    pendingBytes += piece.byteLength
    while (pendingBytes >= CHUNK_BYTES) {
      const joined = Buffer.concat(pending)
      await write(joined.subarray(0, CHUNK_BYTES))
      pending = [joined.subarray(CHUNK_BYTES)]
      pendingBytes = joined.byteLength - CHUNK_BYTES
    }
  }
  if (pendingBytes > 0) await write(Buffer.concat(pending))
  return size
}

const EXTENSIONS: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/ogg': 'ogv',
  'video/quicktime': 'mov',
}

function extensionFor(filename: string, contentType: string) {
  const known = EXTENSIONS[contentType.toLowerCase().split(';')[0]!.trim()]
  if (known) return known
  const fromName = path.extname(filename).slice(1).toLowerCase()
  return /^[a-z0-9]{1,5}$/.test(fromName) ? fromName : 'video'
}

function safeBaseName(filename: string) {
  const base = path.basename(filename, path.extname(filename)).normalize('NFKD').toLowerCase()
  const safe = base
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
  return safe || 'video'
}

/** Keeps the newest few videos; also removes uploads a crash left incomplete. */
export async function pruneLandingVideos(keep = KEEP_VIDEOS) {
  await db()
    .deleteFrom('landingVideos')
    .where((eb) =>
      eb.or([
        eb.and([
          eb('completedAt', 'is', null),
          eb('createdAt', '<', new Date(Date.now() - STALE_UPLOAD_MS)),
        ]),
        eb.and([
          eb('completedAt', 'is not', null),
          eb(
            'id',
            'not in',
            eb
              .selectFrom('landingVideos')
              .select('id')
              .where('completedAt', 'is not', null)
              .orderBy('completedAt', 'desc')
              .orderBy('id', 'desc')
              .limit(keep),
          ),
        ]),
      ]),
    )
    .execute()
}

/** What the video panel shows about the video the landing page plays. */
export async function currentLandingVideo(): Promise<LandingVideoInfo | null> {
  const video = await latestLandingVideo()
  return video ? { uploadedAt: video.uploadedAt.toISOString(), size: video.size } : null
}
