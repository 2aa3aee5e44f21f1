import { jsonAction, jsonError, jsonResponse, methodNotAllowed } from '~/lib/http.server'
import { VerificationCodeSchema } from '~/lib/auth-schemas'
import { requireApiAdmin } from '~/services/accounts/auth.server'
import { verifyEmailByCode } from '~/services/accounts/email-verification.server'
import { db } from '~/services/platform/db.server'

// The admin confirms a user's email by the code the user mailed to support.
export const action = jsonAction(
  { schema: VerificationCodeSchema, authorize: requireApiAdmin },
  async ({ data }) => {
    const result = await verifyEmailByCode(db(), data.token)
    if (!result.ok) return jsonError(400, result.message)
    return jsonResponse({
      message: 'User email verified successfully!',
      userId: result.user.id,
      email: result.user.email,
    })
  },
)

export const loader = methodNotAllowed
