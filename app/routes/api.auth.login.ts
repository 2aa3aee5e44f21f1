import type { ActionFunctionArgs } from '@remix-run/node'
import { jsonError, jsonResponse, parseJsonBody } from '~/lib/http.server'
import { LoginSchema } from '~/lib/auth-schemas'
import { clientIp } from '~/services/analytics.server'
import { LOGIN_FAILED_MESSAGE } from '~/services/auth.server'
import { clear, hit, LIMITS, tooManyMessage } from '~/services/rate-limit.server'
import { createUserSession } from '~/services/session.server'
import { toPublicUser, verifyLogin } from '~/services/users.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return jsonError(405, 'Method not allowed')
  const parsed = await parseJsonBody(request, LoginSchema)
  if (!parsed.ok) return parsed.response
  const account = LIMITS.loginPerAccount(parsed.data.usernameOrEmail)
  const limited = await hit(account, LIMITS.loginPerAddress(clientIp(request) ?? 'unknown'))
  if (!limited.allowed) return jsonError(429, tooManyMessage(limited))
  const user = await verifyLogin(parsed.data.usernameOrEmail, parsed.data.password)
  if (!user) return jsonError(401, LOGIN_FAILED_MESSAGE)
  await clear(account)
  // The session cookie comes from the same helper the HTML sign-in uses.
  const session = await createUserSession(user.id, '/')
  return jsonResponse(toPublicUser(user), { headers: { 'Set-Cookie': session.headers.get('Set-Cookie') ?? '' } })
}

export function loader() {
  return jsonError(405, 'Method not allowed')
}
