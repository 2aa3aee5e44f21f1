import type { LoaderFunctionArgs } from '@remix-run/node'
import { env } from '~/env.server'
import { clientIp } from '~/lib/client-address.server'
import { documentResponse, plainTextResponse } from '~/lib/http.server'
import { requireSongOwner, requireUser } from '~/services/accounts/auth.server'
import { db } from '~/services/platform/db.server'
import {
  hit,
  LIMITS,
  retryAfterHeaders,
  tooManyRequestsMessage,
} from '~/services/platform/rate-limit.server'
import { busyAnswer, documentOwner } from '~/services/platform/document-pool.server'
import { keptOrMadePdf } from '~/services/certificates/documents/kept-documents.server'
import { splitSheet } from '~/services/certificates/documents/split-sheet.server'
import { ownerPdfWords } from '~/services/certificates/documents/pdf-locale.server'
import { resolveTimeZone } from '~/services/platform/time-zone.server'

/** GET /songs/:id/split-sheet.pdf — the owner's split sheet as an A4 PDF; the page's access rule. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  // The certificate PDF's throttle: rendering costs more than asking.
  const limited = await hit(LIMITS.certificatePdfPerAddress(clientIp(request) ?? 'unknown'))
  if (!limited.allowed)
    return plainTextResponse(429, tooManyRequestsMessage(limited), retryAfterHeaders(limited))
  const user = await requireUser(request)
  const song = await requireSongOwner(user.id, params.id)
  // Made once per snapshot of what it prints and kept (decision 104).
  const pdf = await keptOrMadePdf(db(), {
    songId: song.id,
    projection: 'owner',
    job: {
      kind: 'split-sheet',
      sheet: await splitSheet(db(), song),
      options: {
        appName: env().APP_NAME,
        timeZone: resolveTimeZone(request.headers.get('Cookie'), user).timeZone,
      },
      // In the owner's language (decision 122).
      words: await ownerPdfWords(db(), song.id),
    },
    owner: documentOwner(user.id, null),
    signal: request.signal,
  }).catch(busyAnswer)
  if (pdf instanceof Response) return pdf
  return documentResponse(pdf, {
    contentType: 'application/pdf',
    fileName: `${song.certificateId}-split-sheet.pdf`,
    disposition: 'inline',
  })
}
