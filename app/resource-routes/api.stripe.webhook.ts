import type { ActionFunctionArgs } from '@remix-run/node'
import {
  jsonError,
  jsonResponse,
  methodNotAllowed,
  readBodyBytes,
  requireMethod,
  tooLargeMessage,
} from '~/lib/http.server'
import {
  handleStripeWebhook,
  stripeWebhookRefusal,
} from '~/services/payments/payment-webhook.server'

// Stripe's events are a few kilobytes (docs/decisions/013); nothing bigger is read into memory.
const WEBHOOK_BODY_LIMIT = 512 * 1024

/** Stripe's webhook: the raw body is what the signature covers, so it is read as bytes. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const signature = request.headers.get('Stripe-Signature')
  // Without the secret or a signature nothing could be verified: no reason to read the body.
  const refused = stripeWebhookRefusal(signature)
  if (refused) return jsonResponse(refused.body, { status: refused.status })
  const body = await readBodyBytes(request, WEBHOOK_BODY_LIMIT)
  if (!body.ok) return jsonError(413, tooLargeMessage(WEBHOOK_BODY_LIMIT))
  const outcome = await handleStripeWebhook(new TextDecoder().decode(body.bytes), signature)
  return jsonResponse(outcome.body, { status: outcome.status })
}

export const loader = methodNotAllowed
