import type { LoaderFunctionArgs } from '@remix-run/node'
import { jsonError, jsonResponse } from '~/lib/http.server'
import { getUser } from '~/services/auth.server'
import { pendingVerifications } from '~/services/email-verification.server'
import { isAdmin } from '~/services/users.server'

/** SPEC §7: the codes waiting for the admin, with each user's email to match the sender. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request)
  if (!user) return jsonError(401, 'Unauthorized')
  if (!isAdmin(user)) return jsonError(403, 'Admin access required')
  return jsonResponse(await pendingVerifications())
}
