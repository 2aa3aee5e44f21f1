import type { LoaderFunctionArgs } from '@remix-run/node'
import { jsonError, jsonResponse } from '~/lib/http.server'
import { adminStats } from '~/services/admin-analytics.server'
import { getUser } from '~/services/auth.server'
import { isAdmin } from '~/services/users.server'

/** SPEC §7: the four totals (the spec's client fetches them without showing them). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request)
  if (!user) return jsonError(401, 'Unauthorized')
  if (!isAdmin(user)) return jsonError(403, 'Admin access required')
  return jsonResponse(await adminStats())
}
