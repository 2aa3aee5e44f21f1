import type { ActionFunctionArgs } from '@remix-run/node'
import {
  jsonError,
  jsonResponse,
  methodNotAllowed,
  parseJsonBody,
  requireMethod,
} from '~/lib/http.server'
import { CreatePaymentIntentSchema } from '~/lib/payment-schema'
import { requireApiUser } from '~/services/auth.server'
import { createPaymentIntent } from '~/services/payments.server'

/** SPEC §7: `{ songId }` → `{ clientSecret }` for a $1.99 PaymentIntent of this user and song. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireApiUser(request)
  const body = await parseJsonBody(request, CreatePaymentIntentSchema)
  if (!body.ok) return body.response
  const outcome = await createPaymentIntent(user.id, body.data.songId)
  if (!outcome.ok) return jsonError(outcome.status, outcome.message)
  return jsonResponse({ clientSecret: outcome.clientSecret })
}

export const loader = methodNotAllowed
