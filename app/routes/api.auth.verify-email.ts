import type { ActionFunctionArgs } from '@remix-run/node'
import { jsonError, jsonResponse, parseJsonBody } from '~/lib/http.server'
import { VerificationCodeSchema } from '~/lib/auth-schemas'
import { getUser } from '~/services/auth.server'
import { verifyEmailByCode } from '~/services/email-verification.server'
import { isAdmin } from '~/services/users.server'

// The admin confirms a user's email by the code the user mailed to support.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return jsonError(405, 'Method not allowed')
  const user = await getUser(request)
  if (!user) return jsonError(401, 'Unauthorized')
  if (!isAdmin(user)) return jsonError(403, 'Admin access required')
  const parsed = await parseJsonBody(request, VerificationCodeSchema)
  if (!parsed.ok) return parsed.response
  const result = await verifyEmailByCode(parsed.data.token)
  if (!result.ok) return jsonError(400, result.message)
  return jsonResponse({ message: 'User email verified successfully!', userId: result.user.id, email: result.user.email })
}

export function loader() {
  return jsonError(405, 'Method not allowed')
}
