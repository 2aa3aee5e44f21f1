import type { LoaderFunctionArgs } from '@remix-run/node'
import { env } from '~/env.server'
import { documentResponse, plainTextResponse } from '~/lib/http.server'
import { requireUser } from '~/services/accounts/auth.server'
import { db } from '~/services/platform/db.server'
import {
  busyAnswer,
  documentOwner,
  renderOffThread,
} from '~/services/platform/document-pool.server'
import { getProofBundle } from '~/services/certificates/record/proof-bundle.server'
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
  if (!result || (!result.ok && result.status === 404))
    return plainTextResponse(404, 'Certificate not found')
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
  return documentResponse(body, {
    contentType: 'application/json; charset=utf-8',
    fileName: result.fileName,
    disposition: 'attachment',
  })
}
