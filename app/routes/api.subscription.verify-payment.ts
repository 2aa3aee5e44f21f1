import type { ActionFunctionArgs } from '@remix-run/node'
import { jsonError, jsonResponse, parseJsonBody } from '~/lib/http.server'
import { VerifyPaymentSchema } from '~/lib/payment-schema'
import { getUser } from '~/services/auth.server'
import { verifyPaymentIntent } from '~/services/payments.server'

/**
 * SPEC §7: `{ paymentIntentId }`. The intent is fetched from Stripe and must have succeeded for
 * $1.99 for this user; then it is one registration credit, however often this is called.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return jsonError(405, 'Method not allowed')
  const user = await getUser(request)
  if (!user) return jsonError(401, 'Unauthorized')
  const body = await parseJsonBody(request, VerifyPaymentSchema)
  if (!body.ok) return body.response
  const outcome = await verifyPaymentIntent(user.id, body.data.paymentIntentId)
  if (!outcome.ok) return jsonError(outcome.status, outcome.message)
  return jsonResponse({ success: true, songId: outcome.songId })
}

export function loader() {
  return jsonError(405, 'Method not allowed')
}
