import type { ActionFunctionArgs } from '@remix-run/node'
import { jsonError, jsonResponse, methodNotAllowed, requireMethod } from '~/lib/http.server'
import { requireApiUser } from '~/services/accounts/auth.server'
import { createVerificationCode } from '~/services/accounts/email-verification.server'
import { hit, LIMITS, tooManyMessage } from '~/services/platform/rate-limit.server'
import { db } from '~/services/platform/db.server'

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireApiUser(request)
  if (user.emailVerified) return jsonError(409, 'Your email is already verified.')
  const limited = await hit(
    LIMITS.verificationPerUser(user.id),
    LIMITS.verificationPerUserPerDay(user.id),
  )
  if (!limited.allowed) return jsonError(429, tooManyMessage(limited))
  const { code, expiresAt } = await createVerificationCode(db(), user.id, user.email)
  return jsonResponse({ verificationCode: code, expiresAt: expiresAt.toISOString() })
}

export const loader = methodNotAllowed
