import type { LoaderFunctionArgs } from '@remix-run/node'
import { env } from '~/env.server'
import { applySecurityHeaders } from '~/lib/security-headers.server'
import { getUser } from '~/services/auth.server'
import { renderCertificatePdf } from '~/services/certificate-pdf.server'
import { getCertificate, parseSongId } from '~/services/songs.server'

/** GET /certificate/:id.pdf — the one-page A4 certificate; the same access rule as the page. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const songId = parseSongId(params.id)
  const user = songId === null ? null : await getUser(request)
  const certificate = songId === null ? null : await getCertificate(songId, user?.id ?? null)
  if (!certificate) return notFound()

  const e = env()
  const pdf = await renderCertificatePdf(certificate.song, { appName: e.APP_NAME, certificateUrl: `${e.APP_URL}/certificate/${songId}` })
  const headers = applySecurityHeaders(new Headers())
  headers.set('Content-Type', 'application/pdf')
  headers.set('Content-Disposition', `inline; filename="${certificate.song.certificateId}.pdf"`)
  headers.set('Content-Length', String(pdf.byteLength))
  headers.set('Cache-Control', 'private, no-store')
  return new Response(new Uint8Array(pdf), { status: 200, headers })
}

function notFound() {
  const headers = applySecurityHeaders(new Headers())
  headers.set('Content-Type', 'text/plain; charset=utf-8')
  headers.set('Cache-Control', 'no-store')
  return new Response('Certificate not found', { status: 404, headers })
}
