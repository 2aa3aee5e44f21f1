import type { LoaderFunctionArgs } from '@remix-run/node'
import { jsonError, jsonResponse } from '~/lib/http.server'
import { adminAnalytics } from '~/services/admin-analytics.server'
import { getUser } from '~/services/auth.server'
import { isAdmin } from '~/services/users.server'

/** SPEC §3 admin analytics. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request)
  if (!user) return jsonError(401, 'Unauthorized')
  if (!isAdmin(user)) return jsonError(403, 'Admin access required')
  return jsonResponse(await adminAnalytics())
}
