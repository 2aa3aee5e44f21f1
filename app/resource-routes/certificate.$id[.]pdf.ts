import type { LoaderFunctionArgs } from '@remix-run/node'
import { env } from '~/env.server'
import { documentResponse, plainTextResponse } from '~/lib/http.server'
import { clientIp } from '~/lib/client-address.server'
import { getUser } from '~/services/accounts/auth.server'
import { busyAnswer, documentOwner } from '~/services/platform/document-pool.server'
import {
  hit,
  LIMITS,
  retryAfterHeaders,
  tooManyRequestsMessage,
} from '~/services/platform/rate-limit.server'
import { certificateFor } from '~/services/certificates/record/certificate.server'
import { keptOrMadePdf } from '~/services/certificates/documents/kept-documents.server'
import { ownerPdfWords } from '~/services/certificates/documents/pdf-locale.server'
import { verifyAddress } from '~/services/certificates/record/verify-address.server'
import { db } from '~/services/platform/db.server'
import { parseSongId } from '~/services/songs/songs.server'
import { resolveTimeZone } from '~/services/platform/time-zone.server'

/** GET /certificate/:id.pdf — the one-page A4 certificate; the same access rule as the page. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  // Rendering a PDF costs far more than asking for one: a throttle per address, before any work.
  const limited = await hit(LIMITS.certificatePdfPerAddress(clientIp(request) ?? 'unknown'))
  if (!limited.allowed)
    return plainTextResponse(429, tooManyRequestsMessage(limited), retryAfterHeaders(limited))
  const songId = parseSongId(params.id)
  if (songId === null) return notFound()
  const user = await getUser(request)
  // The same projection as the page: a visitor's PDF holds only the public facts.
  const found = await certificateFor(db(), songId, user?.id ?? null)
  if (!found) return notFound()

  const e = env()
  // Made once per snapshot of what it prints and kept (decision 104): a kept copy takes no place
  // in the document pool. The owner's copy and a visitor's are kept apart.
  const pdf = await keptOrMadePdf(db(), {
    songId,
    projection: found.isOwner ? 'owner' : 'public',
    job: {
      kind: 'certificate',
      song: found.certificate,
      options: {
        appName: e.APP_NAME,
        certificateUrl: `${e.APP_URL}/certificate/${songId}`,
        verifyUrl: verifyAddress(found.certificate, e.APP_URL),
        timeZone: resolveTimeZone(request.headers.get('Cookie'), user).timeZone,
        timestamp: found.timestamps.shown,
      },
      // In the owner's language, whoever downloads it: one certificate, one PDF (decision 122).
      words: await ownerPdfWords(db(), songId),
    },
    // One requester's PDFs at a time are bounded; a visitor's by their address (decision 053).
    owner: documentOwner(user?.id, clientIp(request)),
    signal: request.signal,
  }).catch(busyAnswer)
  if (pdf instanceof Response) return pdf
  return documentResponse(pdf, {
    contentType: 'application/pdf',
    fileName: `${found.certificate.certificateId}.pdf`,
    disposition: 'inline',
  })
}

function notFound() {
  return plainTextResponse(404, 'Certificate not found')
}
