import type { LoaderFunctionArgs } from '@remix-run/node'
import { env } from '~/env.server'
import { clientIp } from '~/lib/client-address.server'
import { applySecurityHeaders } from '~/lib/security-headers.server'
import { requireSongOwner, requireUser } from '~/services/accounts/auth.server'
import { db } from '~/services/platform/db.server'
import {
  hit,
  LIMITS,
  retryAfterHeaders,
  tooManyRequestsMessage,
} from '~/services/platform/rate-limit.server'
import {
  busyAnswer,
  documentOwner,
  renderOffThread,
} from '~/services/certificates/document-pool.server'
import { splitSheet } from '~/services/certificates/split-sheet.server'
import { resolveTimeZone } from '~/services/platform/time-zone.server'

/** GET /songs/:id/split-sheet.pdf — the owner's split sheet as an A4 PDF; the page's access rule. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  // The certificate PDF's throttle: rendering costs more than asking.
  const limited = await hit(LIMITS.certificatePdfPerAddress(clientIp(request) ?? 'unknown'))
  if (!limited.allowed) {
    const headers = applySecurityHeaders(new Headers(retryAfterHeaders(limited)))
    headers.set('Content-Type', 'text/plain; charset=utf-8')
    return new Response(tooManyRequestsMessage(limited), { status: 429, headers })
  }
  const user = await requireUser(request)
  const song = await requireSongOwner(user.id, params.id)
  const pdf = await renderOffThread(
    {
      kind: 'split-sheet',
      sheet: await splitSheet(db(), song),
      options: {
        appName: env().APP_NAME,
        timeZone: resolveTimeZone(request.headers.get('Cookie'), user).timeZone,
      },
    },
    { owner: documentOwner(user.id, null), signal: request.signal },
  ).catch(busyAnswer)
  if (pdf instanceof Response) return pdf
  const headers = applySecurityHeaders(new Headers())
  headers.set('Content-Type', 'application/pdf')
  headers.set('Content-Disposition', `inline; filename="${song.certificateId}-split-sheet.pdf"`)
  headers.set('Content-Length', String(pdf.byteLength))
  headers.set('Cache-Control', 'private, no-store')
  return new Response(new Uint8Array(pdf), { status: 200, headers })
}
