import type { LoaderFunctionArgs } from '@remix-run/node'
import { env } from '~/env.server'
import { applySecurityHeaders } from '~/lib/security-headers.server'
import { requireUser } from '~/services/accounts/auth.server'
import { db } from '~/services/platform/db.server'
import {
  busyAnswer,
  documentOwner,
  renderOffThread,
} from '~/services/certificates/document-pool.server'
import { getProofBundle } from '~/services/certificates/proof-bundle.server'
import { parseSongId } from '~/services/songs/songs.server'
import { redirectWithToast } from '~/services/platform/toast.server'
import { getStorage } from '~/storage/index.server'

/**
 * GET /certificate/:id/proof-bundle — the owner's proof bundle, one JSON download (decision 022).
 * A plain link, so it works without JavaScript; anyone but the owner gets 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { id: userId } = await requireUser(request)
  const songId = parseSongId(params.id)
  const result =
    songId === null
      ? null
      : await getProofBundle(db(), userId, songId, { storage: getStorage(), appUrl: env().APP_URL })
  if (!result || (!result.ok && result.status === 404)) return plain(404, 'Certificate not found')
  // The owner followed a link: the reason comes back on the certificate, as a toast.
  if (!result.ok)
    return redirectWithToast(`/certificate/${songId}`, {
      type: 'error',
      title: 'No proof bundle',
      description: result.message,
    })

  // Written in the document pool (decision 053), counted as one of the owner's documents.
  const body = await renderOffThread(
    { kind: 'proof-bundle', bundle: result.input },
    { owner: documentOwner(userId, null), signal: request.signal },
  ).catch(busyAnswer)
  if (body instanceof Response) return body
  const headers = applySecurityHeaders(new Headers())
  headers.set('Content-Type', 'application/json; charset=utf-8')
  headers.set('Content-Disposition', `attachment; filename="${result.fileName}"`)
  // It holds unpublished texts and their salts: never kept by a browser or a proxy cache.
  headers.set('Cache-Control', 'no-store')
  headers.set('Content-Length', String(body.byteLength))
  return new Response(new Uint8Array(body), { status: 200, headers })
}

function plain(status: number, message: string) {
  const headers = applySecurityHeaders(new Headers())
  headers.set('Content-Type', 'text/plain; charset=utf-8')
  headers.set('Cache-Control', 'no-store')
  return new Response(message, { status, headers })
}
