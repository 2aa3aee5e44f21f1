import type { LoaderFunctionArgs } from '@remix-run/node'
import { clientIp } from '~/lib/client-address.server'
import { jsonError, parseQuery } from '~/lib/http.server'
import { applySecurityHeaders } from '~/lib/security-headers.server'
import { ExportQuerySchema } from '~/lib/url-schemas'
import { requireApiUser } from '~/services/accounts/auth.server'
import {
  catalogueExportStream,
  exportFileName,
} from '~/services/certificates/exports/catalogue-export.server'
import { db } from '~/services/platform/db.server'
import { busyAnswer, openDocumentStream } from '~/services/platform/document-pool.server'

/**
 * GET /api/songs/export?format=csv|json|writers-csv — the signed-in user's whole catalogue, as a
 * download; writers-csv is the PRO-ready writers' CSV, one row per writer (issue 51.7).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request)
  const query = parseQuery(request, ExportQuerySchema)
  if (!query.ok) return jsonError(400, query.message)
  const { format } = query.data
  // Its pages are written in the document pool (decision 053), each holding a worker only while
  // it is made (decision 110). The stream is opened before the answer starts, so the caps on
  // open streams (the account's, its address's, everyone's) are a 429 or 503, not a broken
  // download.
  let stream
  try {
    stream = openDocumentStream(
      { userId: user.id, clientAddress: clientIp(request) },
      request.signal,
    )
  } catch (error) {
    return busyAnswer(error)
  }
  const headers = applySecurityHeaders(new Headers())
  headers.set(
    'Content-Type',
    format === 'json' ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8',
  )
  headers.set('Content-Disposition', `attachment; filename="${exportFileName(format)}"`)
  headers.set('Cache-Control', 'private, no-store')
  return new Response(catalogueExportStream(db(), user.id, format, stream), {
    status: 200,
    headers,
  })
}
