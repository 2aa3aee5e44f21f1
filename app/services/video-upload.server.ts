import path from 'node:path'
import { unstable_parseMultipartFormData, type UploadHandler } from '@remix-run/node'
import type { LandingVideoInfo } from '~/lib/admin'
import {
  MAX_VIDEO_BYTES,
  type UploadError,
  type UploadReturnPath,
  uploadReturnPath,
  VIDEO_FIELD,
} from '~/lib/video-upload'
import { discardRest } from '~/lib/http.server'
import { forgetAnonymousPages } from './anonymous-pages.server'
import { db } from './db.server'
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
  // Filled in by the part handler as the body streams past.
  const state: {
    returnTo: UploadReturnPath
    pendingId: number | null
    video: ReceivedVideo | null
    bodyTooLarge: boolean
  } = { returnTo: uploadReturnPath(null), pendingId: null, video: null, bodyTooLarge: false }
  try {
    if (!multipart) return { ok: false, error: 'invalid', returnTo: state.returnTo }

    const handler: UploadHandler = async ({ name, filename, contentType, data }) => {
      if (filename === undefined) {
        const value = await readField(data)
        if (name === 'redirectTo') state.returnTo = uploadReturnPath(value)
        return value
      }
      if (name !== VIDEO_FIELD || state.video) throw new UploadRefused('invalid')
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
      return undefined
    }
    await unstable_parseMultipartFormData(readerRequest(request, reader, state), handler)
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
    // However the parser passes the stream's failure on, a body past the limit is too large.
    if (state.bodyTooLarge) return { ok: false, error: 'too-large', returnTo: state.returnTo }
    if (error instanceof UploadRefused)
      return { ok: false, error: error.reason, returnTo: state.returnTo }
    // The parser's words for a body that is not valid multipart: the client's mistake, not ours.
    if (error instanceof Error && /^malformed multipart/.test(error.message))
      return { ok: false, error: 'invalid', returnTo: state.returnTo }
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
 * The parser reads through our reader, so whatever it leaves unread can still be drained. The
 * whole body is counted too: many small fields, or framing around the file, cannot take it
 * past the largest valid upload whatever Content-Length says.
 */
function readerRequest(
  request: Request,
  reader: ReadableStreamDefaultReader<Uint8Array>,
  state: { bodyTooLarge: boolean },
) {
  let seen = 0
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read()
      if (done) return controller.close()
      seen += value.byteLength
      if (seen > MAX_VIDEO_BYTES + MULTIPART_OVERHEAD) {
        state.bodyTooLarge = true
        controller.error(new UploadRefused('too-large'))
      } else {
        controller.enqueue(value)
      }
    },
  })
  return new Request(request.url, {
    method: 'POST',
    headers: request.headers,
    body,
    duplex: 'half',
  })
}

async function readField(data: AsyncIterable<Uint8Array>) {
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of data) {
    size += chunk.byteLength
    if (size > MAX_FIELD_BYTES) throw new UploadRefused('invalid')
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
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
    if (size > MAX_VIDEO_BYTES) throw new UploadRefused('too-large')
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
