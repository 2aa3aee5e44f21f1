import type { LoaderFunctionArgs } from '@remix-run/node'
import { clientIp } from '~/lib/client-address.server'
import { applySecurityHeaders } from '~/lib/security-headers.server'
import { requireRecentSignIn, requireUser } from '~/services/accounts/auth.server'
import { accountDataZip, prepareAccountData } from '~/services/accounts/data-export.server'
import { getSessionId } from '~/services/accounts/session.server'
import {
  busyAnswer,
  openDocumentStream,
  ticketStream,
} from '~/services/platform/document-pool.server'
import { ownedSongPages } from '~/services/certificates/exports/catalogue-export.server'
import { db } from '~/services/platform/db.server'
import { tooManyMessage } from '~/services/platform/rate-limit.server'
import { redirectWithToast } from '~/services/platform/toast.server'

/**
 * GET /settings/data.zip — everything we hold about the signed-in account, one ZIP (issue 28,
 * decision 067). A plain link, like the proof bundle, so it works without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  await requireRecentSignIn(request, user)
  const sid = await getSessionId(request.headers.get('Cookie'))
  const prepared = await prepareAccountData(db(), user, sid)
  if (!prepared.ok)
    return redirectWithToast('/settings/data', {
      type: 'error',
      title: 'No download just now',
      description: tooManyMessage(prepared.limited),
    })
  // Opened as a stream of the document pool before the answer starts (decisions 053 and 110), so
  // the caps on open streams are a 429 or 503, not a broken download; its pieces are deflated
  // there, each holding a worker only while it is made.
  let stream
  try {
    stream = openDocumentStream(
      { userId: user.id, clientAddress: clientIp(request) },
      request.signal,
    )
  } catch (error) {
    return busyAnswer(error)
  }
  // Streamed as it is read (issue 38.3, decision 079): no length is known ahead.
  const headers = applySecurityHeaders(new Headers())
  headers.set('Content-Type', 'application/zip')
  headers.set('Content-Disposition', `attachment; filename="${prepared.fileName}"`)
  headers.set('Cache-Control', 'private, no-store')
  const chunks = accountDataZip(
    prepared,
    (options) => ownedSongPages(db(), user.id, options),
    (bytes) => stream.render({ kind: 'deflate-piece', bytes }),
  )
  return new Response(ticketStream(chunks, stream), { status: 200, headers })
}
