import type { LoaderFunctionArgs } from '@remix-run/node'
import { applySecurityHeaders } from '~/lib/security-headers.server'
import { requireUser } from '~/services/accounts/auth.server'
import { downloadAccountData } from '~/services/accounts/data-export.server'
import { getSessionId } from '~/services/accounts/session.server'
import { db } from '~/services/platform/db.server'
import { tooManyMessage } from '~/services/platform/rate-limit.server'
import { redirectWithToast } from '~/services/platform/toast.server'

/**
 * GET /settings/data.zip — everything we hold about the signed-in account, one ZIP (issue 28,
 * decision 067). A plain link, like the proof bundle, so it works without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  // lead: requireRecentSignIn at merge
  const sid = await getSessionId(request.headers.get('Cookie'))
  const result = await downloadAccountData(db(), user, sid)
  if (!result.ok)
    return redirectWithToast('/settings/data', {
      type: 'error',
      title: 'No download just now',
      description: tooManyMessage(result.limited),
    })
  const headers = applySecurityHeaders(new Headers())
  headers.set('Content-Type', 'application/zip')
  headers.set('Content-Disposition', `attachment; filename="${result.fileName}"`)
  // Personal data: never kept by a browser or a proxy cache.
  headers.set('Cache-Control', 'no-store')
  headers.set('Content-Length', String(result.zip.byteLength))
  return new Response(result.zip, { status: 200, headers })
}
