import type { LoaderFunctionArgs } from '@remix-run/node'
import { jsonError, jsonResponse } from '~/lib/http.server'
import { clientIp } from '~/lib/client-address.server'
import {
  hit,
  LIMITS,
  retryAfterHeaders,
  tooManyRequestsMessage,
} from '~/services/platform/rate-limit.server'
import { NOT_REGISTERED } from '~/lib/page-messages'
import { certificateReport } from '~/services/certificates/record/verification.server'
import { pdfSignerFacts } from '~/services/certificates/documents/pdf-signer-facts.server'

/**
 * GET /verify/:certificateId.json — the verification page's report as JSON, for scripts
 * (`npm run verify` asks it which transaction to check). Public facts only: no owner section.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  // The page's throttle: both run the same checks against the chain and permanent storage.
  const limited = await hit(LIMITS.certificateVerifyPerAddress(clientIp(request) ?? 'unknown'))
  if (!limited.allowed)
    return jsonResponse(
      { message: tooManyRequestsMessage(limited) },
      { status: 429, headers: retryAfterHeaders(limited) },
    )
  const found = await certificateReport(params.certificateId)
  if (!found) return jsonError(404, NOT_REGISTERED)
  // The registered snapshot's RFC 3161 token rides along, so a script can check it itself.
  return jsonResponse({
    ...found.report,
    links: found.links,
    timestamp: found.timestamp,
    timestampToken: found.timestampToken,
    // Whose key signs this certificate's PDFs, to pin with `npm run verify -- --pdf` (49.1).
    pdfSigner: await pdfSignerFacts(),
  })
}
