import { jsonAction, jsonError, jsonResponse, methodNotAllowed } from '~/lib/http.server'
import { ForgotPasswordSchema } from '~/lib/auth-schemas'
import { clientIp } from '~/lib/client-address.server'
import { CHECK_EMAIL_MESSAGE } from '~/lib/page-messages'
import { requestPasswordResetLimited } from '~/services/accounts/password-reset.server'
import { tooManyMessage } from '~/services/platform/rate-limit.server'
import { db } from '~/services/platform/db.server'

export const action = jsonAction({ schema: ForgotPasswordSchema }, async ({ request, data }) => {
  const limited = await requestPasswordResetLimited(
    db(),
    data.email,
    clientIp(request) ?? 'unknown',
  )
  if (!limited.allowed) return jsonError(429, tooManyMessage(limited))
  return jsonResponse({ message: CHECK_EMAIL_MESSAGE })
})

export const loader = methodNotAllowed
