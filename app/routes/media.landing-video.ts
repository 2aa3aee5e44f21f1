import fs from 'node:fs/promises'
import { createReadableStreamFromReadable, type LoaderFunctionArgs } from '@remix-run/node'
import { parseRange } from '~/lib/http-range'
import { jsonError } from '~/lib/http.server'
import { applySecurityHeaders } from '~/lib/security-headers.server'
import { latestLandingVideo } from '~/services/landing-video.server'

const NO_VIDEO = 'No landing video has been uploaded yet.'

/** Streams the landing video; browsers seek with Range requests, so those get 206 partial bodies. */
export async function loader({ request }: LoaderFunctionArgs) {
  const video = await latestLandingVideo()
  if (!video) return jsonError(404, NO_VIDEO)

  let file
  try {
    file = await fs.open(video.path, 'r')
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return jsonError(404, NO_VIDEO)
    throw error
  }
  // Sizes come from the opened file, so a replacement uploaded meanwhile cannot skew the range.
  const { size, mtime } = await file.stat().catch(async (error: unknown) => {
    await file.close()
    throw error
  })
  const etag = `"${size.toString(16)}-${mtime.getTime().toString(16)}"`

  const headers = applySecurityHeaders(new Headers())
  headers.set('Content-Type', video.contentType)
  headers.set('Accept-Ranges', 'bytes')
  headers.set('Cache-Control', 'public, max-age=300')
  headers.set('ETag', etag)
  headers.set('Last-Modified', mtime.toUTCString())

  // A resumed download must not splice bytes of a newer video onto an older one.
  const ifRange = request.headers.get('If-Range')
  const rangeHeader = ifRange && ifRange !== etag && ifRange !== mtime.toUTCString() ? null : request.headers.get('Range')
  const range = parseRange(rangeHeader, size)

  if (range === 'unsatisfiable') {
    await file.close()
    headers.set('Content-Range', `bytes */${size}`)
    headers.delete('Content-Type')
    return new Response(null, { status: 416, headers })
  }

  const start = range?.start ?? 0
  const end = range?.end ?? size - 1
  headers.set('Content-Length', String(Math.max(0, end - start + 1)))
  if (range) headers.set('Content-Range', `bytes ${start}-${end}/${size}`)
  const status = range ? 206 : 200

  if (request.method === 'HEAD' || size === 0) {
    await file.close()
    return new Response(null, { status, headers })
  }
  const body = createReadableStreamFromReadable(file.createReadStream({ start, end }))
  return new Response(body, { status, headers })
}
