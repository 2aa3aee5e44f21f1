import { jsonAction, jsonError, jsonResponse, methodNotAllowed } from '~/lib/http.server'
import { ResetPasswordSchema } from '~/lib/auth-schemas'
import { trustDevice } from '~/services/accounts/login-throttle.server'
import { resetPassword } from '~/services/accounts/password-reset.server'
import { db } from '~/services/platform/db.server'

export const action = jsonAction({ schema: ResetPasswordSchema }, async ({ request, data }) => {
  const result = await resetPassword(db(), data.token, data.password)
  if (!result.ok) return jsonError(400, result.message)
  return jsonResponse(
    { message: 'Password reset successful' },
    { headers: { 'Set-Cookie': await trustDevice(request.headers.get('Cookie'), result.userId) } },
  )
})

export const loader = methodNotAllowed
