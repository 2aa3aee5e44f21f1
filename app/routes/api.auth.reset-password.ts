import type { ActionFunctionArgs } from '@remix-run/node'
import { jsonError, jsonResponse, parseJsonBody } from '~/lib/http.server'
import { ResetPasswordSchema } from '~/lib/auth-schemas'
import { trustDevice } from '~/services/login-throttle.server'
import { resetPassword } from '~/services/password-reset.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return jsonError(405, 'Method not allowed')
  const parsed = await parseJsonBody(request, ResetPasswordSchema)
  if (!parsed.ok) return parsed.response
  const result = await resetPassword(parsed.data.token, parsed.data.password)
  if (!result.ok) return jsonError(400, result.message)
  return jsonResponse({ message: 'Password reset successful' }, { headers: { 'Set-Cookie': await trustDevice(request.headers.get('Cookie'), result.userId) } })
}

export function loader() {
  return jsonError(405, 'Method not allowed')
}
