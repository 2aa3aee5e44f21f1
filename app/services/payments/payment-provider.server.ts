import Stripe from 'stripe'
import { z } from 'zod'
import { env } from '~/env.server'
import { PAYMENT_VOID_STATUSES, type PaymentVoidStatus } from '~/lib/admin'

// Stripe as the payment domain sees it: whether it is configured, the price and the messages,
// the parts of Stripe's objects we read (parsed, never trusted), and how a failed call is told.
// Paying is in payments.server.ts; Stripe's webhook, refunds and disputes in payment-webhook.server.ts.

/** SPEC §9: a paid registration costs $1.99. */
export const PRICE_CENTS = 199
export const PRICE_DOLLARS = '1.99'
export const CURRENCY = 'usd'

export const PAYMENTS_UNAVAILABLE = 'Payments are not available on this server.'
export const PAYMENT_INIT_FAILED = 'Unable to initialize payment'
export const ALREADY_PAID = 'Your payment is already received: register the song now.'
export const PROVIDER_UNREACHABLE = 'The payment provider could not be reached. Please try again.'
/** A refund or dispute took the money back, so the payment no longer pays for a registration. */
export const VOIDED_MESSAGES: Record<PaymentVoidStatus, string> = {
  refunded: 'This payment was refunded, so it no longer pays for a registration.',
  disputed: 'This payment is disputed, so it no longer pays for a registration.',
}

export type Failure = { ok: false; status: number; message: string }
export const fail = (status: number, message: string): Failure => ({ ok: false, status, message })

/** Payments need both keys: the secret one for the server, the publishable one for Stripe.js. */
export function paymentsConfigured() {
  const e = env()
  return Boolean(e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY)
}

let client: Stripe | undefined
/** The real Stripe client; STRIPE_API_* point it elsewhere only in tests. Null when not configured. */
export function stripeClient(): Stripe | null {
  const e = env()
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_PUBLISHABLE_KEY) return null
  client ??= new Stripe(e.STRIPE_SECRET_KEY, {
    host: e.STRIPE_API_HOST,
    port: e.STRIPE_API_PORT,
    protocol: e.STRIPE_API_PROTOCOL,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: e.APP_NAME },
  })
  return client
}

// What we rely on from Stripe's objects, parsed rather than trusted to match the typings.
export const MetadataSchema = z
  .record(z.string(), z.string())
  .nullable()
  .transform((value) => value ?? {})
export const PaymentIntentSchema = z.object({
  id: z.string().startsWith('pi_'),
  object: z.literal('payment_intent'),
  amount: z.number(),
  amount_received: z.number().default(0),
  currency: z.string(),
  status: z.string(),
  client_secret: z.string().nullable().optional(),
  metadata: MetadataSchema,
})
export type PaymentIntentData = z.infer<typeof PaymentIntentSchema>
export const CheckoutSessionSchema = z.object({
  id: z.string().startsWith('cs_'),
  object: z.literal('checkout.session'),
  status: z.string().nullable(),
  payment_status: z.string(),
  amount_total: z.number().nullable(),
  currency: z.string().nullable(),
  metadata: MetadataSchema,
  payment_intent: z
    .union([z.string(), z.object({ id: z.string() }).transform((intent) => intent.id)])
    .nullable(),
  url: z.string().nullable().optional(),
})
export type CheckoutSessionData = z.infer<typeof CheckoutSessionSchema>
const expandableId = z.union([
  z.string(),
  z.object({ id: z.string() }).transform((object) => object.id),
])
export const ChargeSchema = z.object({
  id: z.string(),
  object: z.literal('charge'),
  payment_intent: expandableId.nullable(),
  amount_refunded: z.number(),
})
export const DisputeSchema = z.object({
  id: z.string(),
  object: z.literal('dispute'),
  charge: expandableId,
  // Older API versions leave it out; the charge then names the intent.
  payment_intent: expandableId.nullable().optional(),
  amount: z.number(),
  reason: z.string(),
})

export function monthKey(now = new Date()) {
  return now.toISOString().slice(0, 7)
}

export function providerFailure(error: unknown, message = PROVIDER_UNREACHABLE): Failure {
  const detail =
    error instanceof Stripe.errors.StripeError
      ? `${error.type} ${error.statusCode ?? ''} ${error.message}`
      : error instanceof Error
        ? error.message
        : String(error)
  console.warn(`[payments] Stripe call failed: ${detail}`)
  return fail(502, message)
}

/** An idempotent replay answers the object as it was when first created; the caller asks for how it is now. */
export const replayed = (response: { lastResponse?: { headers?: Record<string, string> } }) =>
  response.lastResponse?.headers?.['idempotent-replayed'] === 'true'

export const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404

export const isVoidStatus = (status: string): status is PaymentVoidStatus =>
  (PAYMENT_VOID_STATUSES as readonly string[]).includes(status)
