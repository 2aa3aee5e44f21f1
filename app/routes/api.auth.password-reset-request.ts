import type { ActionFunctionArgs } from '@remix-run/node'
import { jsonError, jsonResponse, parseJsonBody } from '~/lib/http.server'
import { ForgotPasswordSchema } from '~/lib/auth-schemas'
import { clientIp } from '~/services/analytics.server'
import { CHECK_EMAIL_MESSAGE, requestPasswordResetLimited } from '~/services/password-reset.server'
import { tooManyMessage } from '~/services/rate-limit.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return jsonError(405, 'Method not allowed')
  const parsed = await parseJsonBody(request, ForgotPasswordSchema)
  if (!parsed.ok) return parsed.response
  const limited = await requestPasswordResetLimited(parsed.data.email, clientIp(request) ?? 'unknown')
  if (!limited.allowed) return jsonError(429, tooManyMessage(limited))
  return jsonResponse({ message: CHECK_EMAIL_MESSAGE })
}

export function loader() {
  return jsonError(405, 'Method not allowed')
}
