import { beforeEach, describe, expect, test, vi } from 'vitest'
import { parseRange } from '~/lib/http-range'
import { loader } from '~/resource-routes/media.landing-video'
import { latestLandingVideo, videoContentType } from '~/services/admin/landing-video.server'
import { db } from '../setup/db'

describe('parseRange', () => {
  const size = 1000

  test('no header, or an empty one, means the whole file', () => {
    expect(parseRange(null, size)).toBeNull()
    expect(parseRange('', size)).toBeNull()
  })

  test('bytes=a-b is an inclusive range', () => {
    expect(parseRange('bytes=0-499', size)).toEqual({ start: 0, end: 499 })
    expect(parseRange('bytes=500-999', size)).toEqual({ start: 500, end: 999 })
    expect(parseRange('bytes=0-0', size)).toEqual({ start: 0, end: 0 })
    expect(parseRange('bytes=999-999', size)).toEqual({ start: 999, end: 999 })
  })

  test('an end past the file is clamped to the last byte', () => {
    expect(parseRange('bytes=0-5000', size)).toEqual({ start: 0, end: 999 })
    expect(parseRange('bytes=10-99999999999999999999999', size)).toEqual({ start: 10, end: 999 })
  })

  test('bytes=a- runs to the end of the file', () => {
    expect(parseRange('bytes=0-', size)).toEqual({ start: 0, end: 999 })
    expect(parseRange('bytes=990-', size)).toEqual({ start: 990, end: 999 })
    expect(parseRange('bytes=999-', size)).toEqual({ start: 999, end: 999 })
  })

  test('bytes=-n is the last n bytes, or the whole file when n is larger', () => {
    expect(parseRange('bytes=-200', size)).toEqual({ start: 800, end: 999 })
    expect(parseRange('bytes=-1', size)).toEqual({ start: 999, end: 999 })
    expect(parseRange('bytes=-1000', size)).toEqual({ start: 0, end: 999 })
    expect(parseRange('bytes=-5000', size)).toEqual({ start: 0, end: 999 })
  })

  test('a start at or past the end of the file is unsatisfiable', () => {
    expect(parseRange('bytes=1000-', size)).toBe('unsatisfiable')
    expect(parseRange('bytes=1000-1200', size)).toBe('unsatisfiable')
    expect(parseRange('bytes=5000-6000', size)).toBe('unsatisfiable')
  })

  test('an empty suffix, or any range of an empty file, is unsatisfiable', () => {
    expect(parseRange('bytes=-0', size)).toBe('unsatisfiable')
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable')
    expect(parseRange('bytes=0-10', 0)).toBe('unsatisfiable')
    expect(parseRange('bytes=-5', 0)).toBe('unsatisfiable')
  })

  test('the unit is case-insensitive and surrounding spaces are ignored', () => {
    expect(parseRange('Bytes=1-2', size)).toEqual({ start: 1, end: 2 })
    expect(parseRange('  bytes=1-2  ', size)).toEqual({ start: 1, end: 2 })
  })

  test.each([
    ['bytes=5-2', 'the end before the start'],
    ['bytes=-', 'no numbers at all'],
    ['bytes=', 'an empty range set'],
    ['items=0-5', 'another unit'],
    ['0-5', 'no unit'],
    ['bytes=0-1,5-6', 'several ranges'],
    ['bytes=abc-def', 'words for numbers'],
    ['bytes=1.5-2', 'fractions'],
    ['bytes=-1-2', 'negative numbers'],
    ['bytes=0 - 5', 'spaces inside the range'],
  ])('%s (%s) is ignored, so the whole file is sent', (header) => {
    expect(parseRange(header, size)).toBeNull()
  })
})

describe('videoContentType', () => {
  test.each([
    ['demo.mp4', 'video/mp4'],
    ['DEMO.MP4', 'video/mp4'],
    ['demo.webm', 'video/webm'],
    ['demo.ogg', 'video/ogg'],
    ['demo.ogv', 'video/ogg'],
    ['demo.mov', 'video/quicktime'],
    ['demo.avi', 'application/octet-stream'],
    ['demo', 'application/octet-stream'],
  ])('%s is served as %s', (name, type) => {
    expect(videoContentType(name)).toBe(type)
  })
})

const bytes = Buffer.from('0123456789abcdefghij')

/**
 * Stores a finished video the way an upload does, in chunks of `chunkBytes` (8 here, so a
 * range crosses chunk boundaries; uploads use 256 KB).
 */
async function storeVideo(
  fileName: string,
  content: Buffer,
  completedAt: Date | null,
  chunkBytes = 8,
) {
  const video = await db()
    .insertInto('landingVideos')
    .values({
      fileName,
      contentType: videoContentType(fileName),
      chunkBytes,
      size: content.byteLength,
      completedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  for (let seq = 0; seq * chunkBytes < content.byteLength; seq++) {
    await db()
      .insertInto('landingVideoChunks')
      .values({
        videoId: video.id,
        seq,
        data: content.subarray(seq * chunkBytes, (seq + 1) * chunkBytes),
      })
      .execute()
  }
  return video.id
}

const writeVideo = (name: string, content: Buffer, completedAt: Date) =>
  storeVideo(name, content, completedAt)

function get(headers: Record<string, string> = {}, method = 'GET') {
  return loader({
    request: new Request('http://localhost/media/landing-video', { method, headers }),
    params: {},
    context: {},
  })
}

async function body(response: Response) {
  return Buffer.from(await response.arrayBuffer()).toString()
}

beforeEach(async () => {
  await db().deleteFrom('landingVideos').execute()
})

describe('latestLandingVideo', () => {
  test('no upload means no video', async () => {
    expect(await latestLandingVideo()).toBeNull()
  })

  test('the most recently completed upload wins, and an upload still being written is skipped', async () => {
    await writeVideo('old.mp4', bytes, new Date('2025-01-01T00:00:00Z'))
    const newest = await writeVideo(
      'new.webm',
      Buffer.from('abc'),
      new Date('2025-03-01T00:00:00Z'),
    )
    await storeVideo('in-progress.mp4', bytes, null)

    const video = await latestLandingVideo()
    expect(video).toEqual({
      id: newest,
      fileName: 'new.webm',
      size: 3,
      chunkBytes: 8,
      contentType: 'video/webm',
      uploadedAt: new Date('2025-03-01T00:00:00Z'),
    })
  })
})

describe('GET /media/landing-video', () => {
  test('answers 404 with a JSON message when no video was uploaded', async () => {
    const response = await get()
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ message: expect.any(String) })
  })

  test('streams the whole video across its chunks with caching, range and security headers', async () => {
    await writeVideo('demo.mp4', bytes, new Date('2025-02-01T00:00:00Z'))
    const response = await get()
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('video/mp4')
    expect(response.headers.get('Content-Length')).toBe(String(bytes.length))
    expect(response.headers.get('Accept-Ranges')).toBe('bytes')
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=300')
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(response.headers.get('Content-Security-Policy')).toContain("default-src 'none'")
    expect(response.headers.get('Content-Range')).toBeNull()
    expect(await body(response)).toBe(bytes.toString())
  })

  test('serves the newest upload', async () => {
    await writeVideo('first.mp4', bytes, new Date('2025-01-01T00:00:00Z'))
    await writeVideo('second.webm', Buffer.from('newer'), new Date('2025-02-01T00:00:00Z'))
    const response = await get()
    expect(response.headers.get('Content-Type')).toBe('video/webm')
    expect(await body(response)).toBe('newer')
  })

  test.each([
    ['bytes=2-5', 2, 5],
    ['bytes=6-17', 6, 17],
    ['bytes=8-15', 8, 15],
    ['bytes=15-', 15, 19],
    ['bytes=-4', 16, 19],
    ['bytes=0-999', 0, 19],
  ])('%s answers 206 with that part', async (range, start, end) => {
    await writeVideo('demo.mp4', bytes, new Date('2025-02-01T00:00:00Z'))
    const response = await get({ Range: range })
    expect(response.status).toBe(206)
    expect(response.headers.get('Content-Range')).toBe(`bytes ${start}-${end}/${bytes.length}`)
    expect(response.headers.get('Content-Length')).toBe(String(end - start + 1))
    expect(await body(response)).toBe(bytes.subarray(start, end + 1).toString())
  })

  test('a range reads only the chunks it needs', async () => {
    await writeVideo('demo.mp4', bytes, new Date('2025-02-01T00:00:00Z'))
    const spy = vi.spyOn(db().getExecutor(), 'executeQuery')
    const response = await get({ Range: 'bytes=9-10' })
    expect(await body(response)).toBe('9a')
    const chunkReads = spy.mock.calls
      .map(([query]) => query)
      .filter((query) => query.sql.includes('landing_video_chunks'))
    spy.mockRestore()
    expect(chunkReads.map((query) => query.parameters.at(-1))).toEqual([1])
  })

  test('an unsatisfiable range answers 416 with the file size', async () => {
    await writeVideo('demo.mp4', bytes, new Date('2025-02-01T00:00:00Z'))
    const response = await get({ Range: 'bytes=20-' })
    expect(response.status).toBe(416)
    expect(response.headers.get('Content-Range')).toBe(`bytes */${bytes.length}`)
    expect(await body(response)).toBe('')
  })

  test('a range we do not honour gets the whole file', async () => {
    await writeVideo('demo.mp4', bytes, new Date('2025-02-01T00:00:00Z'))
    const response = await get({ Range: 'bytes=0-1,4-5' })
    expect(response.status).toBe(200)
    expect(await body(response)).toBe(bytes.toString())
  })

  test('If-Range honours the range only while the video is unchanged', async () => {
    await writeVideo('demo.mp4', bytes, new Date('2025-02-01T00:00:00Z'))
    const etag = (await get({}, 'HEAD')).headers.get('ETag')
    expect(etag).toBeTruthy()

    const same = await get({ Range: 'bytes=0-1', 'If-Range': etag ?? '' })
    expect(same.status).toBe(206)
    expect(await body(same)).toBe('01')

    const stale = await get({ Range: 'bytes=0-1', 'If-Range': '"an-older-version"' })
    expect(stale.status).toBe(200)
    expect(await body(stale)).toBe(bytes.toString())
  })

  test('HEAD answers the headers without a body', async () => {
    await writeVideo('demo.mp4', bytes, new Date('2025-02-01T00:00:00Z'))
    const response = await get({ Range: 'bytes=0-9' }, 'HEAD')
    expect(response.status).toBe(206)
    expect(response.headers.get('Content-Length')).toBe('10')
    expect(response.body).toBeNull()
  })
})
