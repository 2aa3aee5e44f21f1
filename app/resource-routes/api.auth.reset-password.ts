import type { ActionFunctionArgs } from '@remix-run/node'
import {
  jsonError,
  jsonResponse,
  methodNotAllowed,
  parseJsonBody,
  requireMethod,
} from '~/lib/http.server'
import { ResetPasswordSchema } from '~/lib/auth-schemas'
import { trustDevice } from '~/services/login-throttle.server'
import { resetPassword } from '~/services/password-reset.server'
import { db } from '~/services/db.server'

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const parsed = await parseJsonBody(request, ResetPasswordSchema)
  if (!parsed.ok) return parsed.response
  const result = await resetPassword(db(), parsed.data.token, parsed.data.password)
  if (!result.ok) return jsonError(400, result.message)
  return jsonResponse(
    { message: 'Password reset successful' },
    { headers: { 'Set-Cookie': await trustDevice(request.headers.get('Cookie'), result.userId) } },
  )
}

export const loader = methodNotAllowed
