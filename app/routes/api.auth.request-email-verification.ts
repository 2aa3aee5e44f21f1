import type { ActionFunctionArgs } from '@remix-run/node'
import { jsonError, jsonResponse } from '~/lib/http.server'
import { getUser } from '~/services/auth.server'
import { createVerificationCode } from '~/services/email-verification.server'
import { hit, LIMITS, tooManyMessage } from '~/services/rate-limit.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return jsonError(405, 'Method not allowed')
  const user = await getUser(request)
  if (!user) return jsonError(401, 'Unauthorized')
  if (user.emailVerified) return jsonError(409, 'Your email is already verified.')
  const limited = await hit(LIMITS.verificationPerUser(user.id), LIMITS.verificationPerUserPerDay(user.id))
  if (!limited.allowed) return jsonError(429, tooManyMessage(limited))
  const { code, expiresAt } = await createVerificationCode(user.id, user.email)
  return jsonResponse({ verificationCode: code, expiresAt: expiresAt.toISOString() })
}

export function loader() {
  return jsonError(405, 'Method not allowed')
}
