import { jsonAction, jsonError, jsonResponse, methodNotAllowed } from '~/lib/http.server'
import { LoginSchema } from '~/lib/auth-schemas'
import { clientIp, pageViewOf } from '~/lib/client-address.server'
import { recordUserAction } from '~/services/platform/analytics.server'
import { LOGIN_FAILED_MESSAGE, LOGIN_FALLBACK } from '~/services/accounts/auth.server'
import { db } from '~/services/platform/db.server'
import { startSignIn } from '~/services/accounts/login-throttle.server'
import { tooManyMessage } from '~/services/platform/rate-limit.server'
import { createUserSession } from '~/services/accounts/session.server'
import { toPublicUser, verifyLogin } from '~/services/accounts/users.server'

export const action = jsonAction({ schema: LoginSchema }, async ({ request, data }) => {
  const attempt = await startSignIn({
    usernameOrEmail: data.usernameOrEmail,
    address: clientIp(request),
    cookie: request.headers.get('Cookie'),
  })
  if (!attempt.allowed) return jsonError(429, tooManyMessage(attempt.limit))
  const user = await verifyLogin(db(), data.usernameOrEmail, data.password).catch(
    (error: unknown) => {
      console.error('[login] sign-in failed', error)
      return 'failed' as const
    },
  )
  if (user === 'failed') return jsonError(503, LOGIN_FALLBACK)
  if (!user) return jsonError(401, LOGIN_FAILED_MESSAGE)
  // The session cookie comes from the same helper the HTML sign-in uses.
  const session = await createUserSession(request, user.id, '/')
  const headers = new Headers({ 'Set-Cookie': session.headers.get('Set-Cookie') ?? '' })
  headers.append('Set-Cookie', await attempt.succeeded(user.id))
  await recordUserAction(db(), pageViewOf(request), 'sign_in', user.id)
  return jsonResponse(toPublicUser(user), { headers })
})

export const loader = methodNotAllowed
