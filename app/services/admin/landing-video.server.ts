import path from 'node:path'
import { db } from '../platform/db.server'

/**
 * The landing video lives in the database, in chunks, so every app server on one PostgreSQL
 * plays the same one and none holds it whole in memory (decision 024).
 */
export const CHUNK_BYTES = 256 * 1024

export interface LandingVideo {
  id: number
  fileName: string
  size: number
  chunkBytes: number
  contentType: string
  uploadedAt: Date
}

const CONTENT_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.ogg': 'video/ogg',
  '.ogv': 'video/ogg',
  '.mov': 'video/quicktime',
}

export function videoContentType(fileName: string) {
  return CONTENT_TYPES[path.extname(fileName).toLowerCase()] ?? 'application/octet-stream'
}

/** The most recently completed upload, or null when none has been uploaded yet. */
export async function latestLandingVideo(): Promise<LandingVideo | null> {
  const row = await db()
    .selectFrom('landingVideos')
    .select(['id', 'fileName', 'size', 'chunkBytes', 'contentType', 'completedAt'])
    .where('completedAt', 'is not', null)
    .orderBy('completedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (!row?.completedAt) return null
  return {
    id: row.id,
    fileName: row.fileName,
    size: Number(row.size),
    chunkBytes: row.chunkBytes,
    contentType: row.contentType,
    uploadedAt: row.completedAt,
  }
}

/**
 * Bytes start..end (inclusive) of a video, read one chunk per pull: a range touches only the
 * chunks it needs, and a slow player holds back the reads. A video pruned while it is being
 * read ends the stream with an error (the player asks again and gets the newer one).
 */
export function readLandingVideo(video: LandingVideo, start: number, end: number) {
  let seq = Math.floor(start / video.chunkBytes)
  const last = Math.floor(end / video.chunkBytes)
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (seq > last) return controller.close()
      const row = await db()
        .selectFrom('landingVideoChunks')
        .select('data')
        .where('videoId', '=', video.id)
        .where('seq', '=', seq)
        .executeTakeFirst()
      if (!row)
        return controller.error(
          new Error(`Landing video ${video.id} lost its chunk ${seq} while being read`),
        )
      const offset = seq * video.chunkBytes
      controller.enqueue(
        row.data.subarray(
          Math.max(0, start - offset),
          Math.min(row.data.byteLength, end - offset + 1),
        ),
      )
      seq++
    },
  })
}
