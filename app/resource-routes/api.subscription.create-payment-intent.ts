import { jsonAction, jsonError, jsonResponse, methodNotAllowed } from '~/lib/http.server'
import { CreatePaymentIntentSchema } from '~/lib/payment-schema'
import { requireApiUser } from '~/services/accounts/auth.server'
import { createPaymentIntent } from '~/services/payments/payments.server'

/** SPEC §7: `{ songId }` → `{ clientSecret }` for a $1.99 PaymentIntent of this user and song. */
export const action = jsonAction(
  { schema: CreatePaymentIntentSchema, authorize: requireApiUser },
  async ({ data, auth: user }) => {
    const outcome = await createPaymentIntent(user.id, data.songId)
    if (!outcome.ok) return jsonError(outcome.status, outcome.message)
    return jsonResponse({ clientSecret: outcome.clientSecret })
  },
)

export const loader = methodNotAllowed
