import type { ActionFunctionArgs } from '@remix-run/node'
import { jsonError, jsonResponse } from '~/lib/http.server'
import { handleStripeWebhook } from '~/services/payments.server'

/** Stripe's webhook: the raw body is what the signature covers, so it is read as text. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return jsonError(405, 'Method not allowed')
  // Stripe's events are a few kilobytes; nothing bigger is read into memory.
  if (Number(request.headers.get('Content-Length') ?? 0) > 512 * 1024) return jsonError(413, 'Payload too large')
  const outcome = await handleStripeWebhook(await request.text(), request.headers.get('Stripe-Signature'))
  return jsonResponse(outcome.body, { status: outcome.status })
}

export function loader() {
  return jsonError(405, 'Method not allowed')
}
