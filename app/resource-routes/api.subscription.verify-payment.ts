import { jsonAction, jsonError, jsonResponse, methodNotAllowed } from '~/lib/http.server'
import { VerifyPaymentSchema } from '~/lib/payment-schema'
import { requireApiUser } from '~/services/accounts/auth.server'
import { pageViewOf } from '~/lib/client-address.server'
import { recordUserAction } from '~/services/platform/analytics.server'
import { db } from '~/services/platform/db.server'
import { verifyPaymentIntent } from '~/services/payments/payments.server'

/**
 * SPEC §7: `{ paymentIntentId }`. The intent is fetched from Stripe and must have succeeded for
 * $1.99 for this user; then it is one registration credit, however often this is called.
 */
export const action = jsonAction(
  { schema: VerifyPaymentSchema, authorize: requireApiUser },
  async ({ request, data, auth: user }) => {
    const outcome = await verifyPaymentIntent(user.id, data.paymentIntentId)
    if (!outcome.ok) return jsonError(outcome.status, outcome.message)
    // Counted once, by whichever verification recorded the payment.
    if (outcome.created) await recordUserAction(db(), pageViewOf(request), 'payment', user.id)
    return jsonResponse({ success: true, songId: outcome.songId })
  },
)

export const loader = methodNotAllowed
