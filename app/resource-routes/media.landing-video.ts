import type { LoaderFunctionArgs } from '@remix-run/node'
import { parseRange } from '~/lib/http-range'
import { jsonError } from '~/lib/http.server'
import { applySecurityHeaders } from '~/lib/security-headers.server'
import { latestLandingVideo, readLandingVideo } from '~/services/admin/landing-video.server'

const NO_VIDEO = 'No landing video has been uploaded yet.'

/** Streams the landing video; browsers seek with Range requests, so those get 206 partial bodies. */
export async function loader({ request }: LoaderFunctionArgs) {
  const video = await latestLandingVideo()
  if (!video) return jsonError(404, NO_VIDEO)
  const { size, uploadedAt } = video
  // The id changes with every upload, so one server's ETag holds on every other server too.
  const etag = `"v${video.id}-${size.toString(16)}"`
  const lastModified = uploadedAt.toUTCString()

  const headers = applySecurityHeaders(new Headers())
  headers.set('Content-Type', video.contentType)
  headers.set('Accept-Ranges', 'bytes')
  headers.set('Cache-Control', 'public, max-age=300')
  headers.set('ETag', etag)
  headers.set('Last-Modified', lastModified)

  // A resumed download must not splice bytes of a newer video onto an older one.
  const ifRange = request.headers.get('If-Range')
  const rangeHeader =
    ifRange && ifRange !== etag && ifRange !== lastModified ? null : request.headers.get('Range')
  const range = parseRange(rangeHeader, size)

  if (range === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${size}`)
    headers.delete('Content-Type')
    return new Response(null, { status: 416, headers })
  }

  const start = range?.start ?? 0
  const end = range?.end ?? size - 1
  headers.set('Content-Length', String(Math.max(0, end - start + 1)))
  if (range) headers.set('Content-Range', `bytes ${start}-${end}/${size}`)
  const status = range ? 206 : 200

  if (request.method === 'HEAD' || size === 0) return new Response(null, { status, headers })
  return new Response(readLandingVideo(video, start, end), { status, headers })
}
