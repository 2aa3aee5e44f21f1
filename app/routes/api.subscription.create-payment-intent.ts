import type { ActionFunctionArgs } from '@remix-run/node'
import { jsonError, jsonResponse, parseJsonBody } from '~/lib/http.server'
import { CreatePaymentIntentSchema } from '~/lib/payment-schema'
import { getUser } from '~/services/auth.server'
import { createPaymentIntent } from '~/services/payments.server'

/** SPEC §7: `{ songId }` → `{ clientSecret }` for a $1.99 PaymentIntent of this user and song. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return jsonError(405, 'Method not allowed')
  const user = await getUser(request)
  if (!user) return jsonError(401, 'Unauthorized')
  const body = await parseJsonBody(request, CreatePaymentIntentSchema)
  if (!body.ok) return body.response
  const outcome = await createPaymentIntent(user.id, body.data.songId)
  if (!outcome.ok) return jsonError(outcome.status, outcome.message)
  return jsonResponse({ clientSecret: outcome.clientSecret })
}

export function loader() {
  return jsonError(405, 'Method not allowed')
}
