import type { LoaderFunctionArgs } from '@remix-run/node'
import { jsonError, parseQuery } from '~/lib/http.server'
import { applySecurityHeaders } from '~/lib/security-headers.server'
import { ExportQuerySchema } from '~/lib/url-schemas'
import { requireApiUser } from '~/services/accounts/auth.server'
import {
  catalogueExportStream,
  exportFileName,
} from '~/services/certificates/exports/catalogue-export.server'
import { db } from '~/services/platform/db.server'
import { admitDocument, busyAnswer, documentOwner } from '~/services/platform/document-pool.server'

/** GET /api/songs/export?format=csv|json — the signed-in user's whole catalogue, as a download. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request)
  const query = parseQuery(request, ExportQuerySchema)
  if (!query.ok) return jsonError(400, query.message)
  const { format } = query.data
  // Its pages are written in the document pool (decision 053): admitted before the answer
  // starts, so a full pool is a 503 (or the owner's own limit a 429), not a broken download.
  let ticket
  try {
    ticket = admitDocument(documentOwner(user.id, null), request.signal)
  } catch (error) {
    return busyAnswer(error)
  }
  const headers = applySecurityHeaders(new Headers())
  headers.set(
    'Content-Type',
    format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
  )
  headers.set('Content-Disposition', `attachment; filename="${exportFileName(format)}"`)
  headers.set('Cache-Control', 'private, no-store')
  return new Response(catalogueExportStream(db(), user.id, format, ticket), {
    status: 200,
    headers,
  })
}
