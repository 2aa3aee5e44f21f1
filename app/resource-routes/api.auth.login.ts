import type { ActionFunctionArgs } from '@remix-run/node'
import {
  jsonError,
  jsonResponse,
  methodNotAllowed,
  parseJsonBody,
  requireMethod,
} from '~/lib/http.server'
import { LoginSchema } from '~/lib/auth-schemas'
import { clientIp, pageViewOf } from '~/lib/client-address.server'
import { recordUserAction } from '~/services/analytics.server'
import { LOGIN_FAILED_MESSAGE, LOGIN_FALLBACK } from '~/services/auth.server'
import { db } from '~/services/db.server'
import { startSignIn } from '~/services/login-throttle.server'
import { tooManyMessage } from '~/services/rate-limit.server'
import { createUserSession } from '~/services/session.server'
import { toPublicUser, verifyLogin } from '~/services/users.server'

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const parsed = await parseJsonBody(request, LoginSchema)
  if (!parsed.ok) return parsed.response
  const attempt = await startSignIn({
    usernameOrEmail: parsed.data.usernameOrEmail,
    address: clientIp(request),
    cookie: request.headers.get('Cookie'),
  })
  if (!attempt.allowed) return jsonError(429, tooManyMessage(attempt.limit))
  const user = await verifyLogin(db(), parsed.data.usernameOrEmail, parsed.data.password).catch(
    (error: unknown) => {
      console.error('[login] sign-in failed', error)
      return 'failed' as const
    },
  )
  if (user === 'failed') return jsonError(503, LOGIN_FALLBACK)
  if (!user) return jsonError(401, LOGIN_FAILED_MESSAGE)
  // The session cookie comes from the same helper the HTML sign-in uses.
  const session = await createUserSession(user.id, '/')
  const headers = new Headers({ 'Set-Cookie': session.headers.get('Set-Cookie') ?? '' })
  headers.append('Set-Cookie', await attempt.succeeded(user.id))
  await recordUserAction(db(), pageViewOf(request), 'sign_in', user.id)
  return jsonResponse(toPublicUser(user), { headers })
}

export const loader = methodNotAllowed
