import type { ActionFunctionArgs } from '@remix-run/node'
import {
  jsonError,
  jsonResponse,
  methodNotAllowed,
  parseJsonBody,
  requireMethod,
} from '~/lib/http.server'
import { ForgotPasswordSchema } from '~/lib/auth-schemas'
import { clientIp } from '~/lib/client-address.server'
import { CHECK_EMAIL_MESSAGE, requestPasswordResetLimited } from '~/services/password-reset.server'
import { tooManyMessage } from '~/services/rate-limit.server'
import { db } from '~/services/db.server'

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const parsed = await parseJsonBody(request, ForgotPasswordSchema)
  if (!parsed.ok) return parsed.response
  const limited = await requestPasswordResetLimited(
    db(),
    parsed.data.email,
    clientIp(request) ?? 'unknown',
  )
  if (!limited.allowed) return jsonError(429, tooManyMessage(limited))
  return jsonResponse({ message: CHECK_EMAIL_MESSAGE })
}

export const loader = methodNotAllowed
