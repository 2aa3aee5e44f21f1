import { jsonAction, jsonError, jsonResponse, methodNotAllowed } from '~/lib/http.server'
import { ApiLoginSchema } from '~/lib/auth-schemas'
import { clientIp } from '~/lib/client-address.server'
import { LOGIN_FAILED_MESSAGE, LOGIN_FALLBACK } from '~/services/accounts/auth.server'
import { db } from '~/services/platform/db.server'
import { startSignIn } from '~/services/accounts/login-throttle.server'
import { tooManyMessage } from '~/services/platform/rate-limit.server'
import { completeSignIn, TWO_FACTOR_REQUIRED_MESSAGE } from '~/services/accounts/sign-in.server'
import { checkCode, hasTwoFactor } from '~/services/accounts/two-factor.server'
import { toPublicUser, verifyLogin } from '~/services/accounts/users.server'

export const action = jsonAction({ schema: ApiLoginSchema }, async ({ request, data }) => {
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
  const device = await attempt.succeeded(user.id)
  // The code is checked only for an account that has two-factor on; the rest is completeSignIn's,
  // as for every other way in.
  let secondFactor: 'totp' | 'recovery-code' | undefined
  if (data.code && (await hasTwoFactor(db(), user.id))) {
    const check = await checkCode(db(), user.id, data.code)
    if (!check.ok && 'limited' in check)
      return jsonError(429, tooManyMessage(check.limited), { twoFactorRequired: true })
    if (!check.ok) return codeOwed(check.message, device)
    secondFactor = check.kind
  }
  const done = await completeSignIn(request, user, { method: 'password', secondFactor, api: true })
  if (!done.signedIn) return codeOwed(TWO_FACTOR_REQUIRED_MESSAGE, device)
  done.headers.append('Set-Cookie', device)
  return jsonResponse(toPublicUser(user), { headers: done.headers })
})

/** 401 with `twoFactorRequired`: the password was right, the code is missing or wrong. */
function codeOwed(message: string, device: string) {
  return jsonResponse(
    { message, twoFactorRequired: true },
    { status: 401, headers: { 'Set-Cookie': device } },
  )
}

export const loader = methodNotAllowed
