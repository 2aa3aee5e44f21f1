import type { ActionFunctionArgs } from '@remix-run/node'
import {
  jsonError,
  jsonResponse,
  methodNotAllowed,
  parseJsonBody,
  requireMethod,
} from '~/lib/http.server'
import { VerificationCodeSchema } from '~/lib/auth-schemas'
import { requireApiAdmin } from '~/services/auth.server'
import { verifyEmailByCode } from '~/services/email-verification.server'
import { db } from '~/services/db.server'

// The admin confirms a user's email by the code the user mailed to support.
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  await requireApiAdmin(request)
  const parsed = await parseJsonBody(request, VerificationCodeSchema)
  if (!parsed.ok) return parsed.response
  const result = await verifyEmailByCode(db(), parsed.data.token)
  if (!result.ok) return jsonError(400, result.message)
  return jsonResponse({
    message: 'User email verified successfully!',
    userId: result.user.id,
    email: result.user.email,
  })
}

export const loader = methodNotAllowed
