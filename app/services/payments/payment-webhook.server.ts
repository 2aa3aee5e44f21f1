import { sql } from 'kysely'
import type Stripe from 'stripe'
import { z } from 'zod'
import { env } from '~/env.server'
import type { PaymentVoidStatus, VoidedPayment } from '~/lib/admin'
import type { PageView } from '~/lib/client-address.server'
import { recordUserAction } from '../platform/analytics.server'
import { db, type Executor } from '../platform/db.server'
import {
  ChargeSchema,
  CheckoutSessionSchema,
  CURRENCY,
  DisputeSchema,
  fail,
  type Failure,
  isMissing,
  isVoidStatus,
  PAYMENTS_UNAVAILABLE,
  PaymentIntentSchema,
  PRICE_DOLLARS,
  providerFailure,
  stripeClient,
} from './payment-provider.server'
import {
  acceptCheckoutSession,
  acceptPaymentIntent,
  type Accepted,
  checkPayment,
  fetchPaymentIntent,
} from './payments.server'

// Stripe's webhook: a payment recorded when the browser never came back, and the refunds and
// disputes that turn a payment back into no credit (listed on the admin panel).

/** Stripe's call is no visitor's: the action it records carries no address and no browser. */
const WEBHOOK_VIEW: PageView = {
  method: 'POST',
  path: '/api/stripe/webhook',
  userAgent: null,
  referrer: null,
  ipAddress: null,
}

/** A webhook call that cannot be checked at all is refused before its body is read. */
export function stripeWebhookRefusal(
  signature: string | null,
): { status: number; body: Record<string, unknown> } | null {
  if (!stripeClient() || !env().STRIPE_WEBHOOK_SECRET)
    return { status: 400, body: { message: PAYMENTS_UNAVAILABLE } }
  if (!signature) return { status: 400, body: { message: 'Missing Stripe-Signature header' } }
  return null
}

/**
 * Stripe's webhook. The signature proves the event came from Stripe with this secret; a
 * payment that fails our checks is acknowledged (Stripe retrying it would not change it) and
 * logged, but grants nothing.
 */
export async function handleStripeWebhook(
  payload: string,
  signature: string | null,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const stripe = stripeClient()
  const secret = env().STRIPE_WEBHOOK_SECRET
  // Nothing can be verified without the secret: refused like a bad signature, not a server fault.
  if (!stripe || !secret) return { status: 400, body: { message: PAYMENTS_UNAVAILABLE } }
  if (!signature) return { status: 400, body: { message: 'Missing Stripe-Signature header' } }
  let event: Stripe.Event
  try {
    event = stripe.webhooks.constructEvent(payload, signature, secret)
  } catch (error) {
    console.warn(
      `[payments] webhook refused: ${error instanceof Error ? error.message : String(error)}`,
    )
    return { status: 400, body: { message: 'Invalid signature' } }
  }
  let outcome: Accepted | { ok: true } | Failure | null = null
  if (event.type === 'payment_intent.succeeded') {
    const intent = PaymentIntentSchema.safeParse(event.data.object)
    outcome = intent.success
      ? await acceptPaymentIntent(intent.data, {})
      : fail(400, 'Malformed payment intent')
  } else if (
    event.type === 'checkout.session.completed' ||
    event.type === 'checkout.session.async_payment_succeeded'
  ) {
    const session = CheckoutSessionSchema.safeParse(event.data.object)
    // An asynchronous payment method completes the session unpaid; its success event follows.
    if (session.success && session.data.payment_status !== 'paid')
      return { status: 200, body: { received: true } }
    outcome = session.success
      ? await acceptCheckoutSession(session.data, {})
      : fail(400, 'Malformed checkout session')
  } else if (event.type === 'charge.refunded') {
    const charge = ChargeSchema.safeParse(event.data.object)
    outcome = charge.success
      ? await voidPayment('refunded', charge.data.payment_intent, {
          chargeId: charge.data.id,
          amountRefunded: charge.data.amount_refunded,
        })
      : fail(400, 'Malformed charge')
  } else if (event.type === 'charge.dispute.created') {
    const dispute = DisputeSchema.safeParse(event.data.object)
    outcome = dispute.success
      ? await voidDisputedPayment(dispute.data)
      : fail(400, 'Malformed dispute')
  }
  // The webhook recorded the payment first (the browser's verify call came later or never): it is
  // still one payment action for the admin's Recent Activity (SPEC §7).
  if (outcome?.ok && 'created' in outcome && outcome.created)
    await recordUserAction(db(), WEBHOOK_VIEW, 'payment', outcome.userId)
  // Stripe could not be asked about a refunded payment we have not seen: Stripe retries the event later.
  if (outcome && !outcome.ok && outcome.status === 503)
    return { status: 503, body: { message: outcome.message } }
  if (outcome && !outcome.ok)
    console.warn(`[payments] ${event.type} ${event.id} not applied: ${outcome.message}`)
  return { status: 200, body: { received: true } }
}

/**
 * A refund or dispute: the payment stops being a credit (openCredits and claim() count only
 * 'succeeded' rows). A registration it already paid for stays: the record is permanent, and the
 * admin panel lists it. Only a 'succeeded' row changes, so a replayed event changes nothing.
 */
async function voidPayment(
  status: PaymentVoidStatus,
  paymentIntentId: string | null,
  detail: Record<string, string | number>,
): Promise<{ ok: true } | Failure> {
  // A charge made without a PaymentIntent was never one of our payments.
  if (!paymentIntentId) return fail(400, 'The charge has no payment intent.')
  const known = await db()
    .selectFrom('paymentHistory')
    .select('id')
    .where('stripePaymentIntentId', '=', paymentIntentId)
    .executeTakeFirst()
  if (!known) {
    const recorded = await recordVoidedPayment(status, paymentIntentId, detail)
    if (!recorded.ok) return recorded
  }
  await db()
    .updateTable('paymentHistory')
    .set({
      status,
      voidedAt: new Date(),
      metadata: sql<string>`coalesce(metadata, '{}'::jsonb) || ${JSON.stringify({ [status]: detail })}::jsonb`,
    })
    .where('stripePaymentIntentId', '=', paymentIntentId)
    .where('status', '=', 'succeeded')
    .execute()
  return { ok: true }
}

/**
 * Webhooks arrive in any order and the verify call may never come: a refund or dispute of a
 * payment not recorded yet records it void at once, so a later success event finds the row
 * (ON CONFLICT DO NOTHING) and grants nothing. The intent is fetched from Stripe for its owner.
 */
async function recordVoidedPayment(
  status: PaymentVoidStatus,
  paymentIntentId: string,
  detail: Record<string, string | number>,
): Promise<{ ok: true } | Failure> {
  const intent = await fetchPaymentIntent(paymentIntentId, 400)
  // Stripe unreachable is a 503 here whatever the failure says, so Stripe sends the event again.
  if (!('id' in intent)) return intent.status === 400 ? intent : fail(503, intent.message)
  // Not a registration payment of ours (another product on the account): nothing to void.
  const checked = await checkPayment(
    db(),
    {
      amount: intent.amount,
      received: intent.amount_received,
      currency: intent.currency,
      metadata: intent.metadata,
    },
    {},
  )
  if (!checked.ok) return checked
  await db()
    .insertInto('paymentHistory')
    .values({
      userId: checked.userId,
      songId: checked.songId,
      stripePaymentIntentId: intent.id,
      amount: PRICE_DOLLARS,
      currency: CURRENCY,
      status,
      voidedAt: new Date(),
      description: 'Blockchain registration',
      metadata: JSON.stringify({
        songId: checked.songId,
        source: 'payment_intent',
        [status]: detail,
      }),
    })
    .onConflict((oc) => oc.column('stripePaymentIntentId').doNothing())
    .execute()
  return { ok: true }
}

/** A dispute names its charge, and (in current API versions) the charge's intent. */
async function voidDisputedPayment(
  dispute: z.infer<typeof DisputeSchema>,
): Promise<{ ok: true } | Failure> {
  let paymentIntentId = dispute.payment_intent ?? null
  if (!paymentIntentId) {
    const stripe = stripeClient()
    if (!stripe) return fail(503, PAYMENTS_UNAVAILABLE)
    try {
      paymentIntentId = ChargeSchema.parse(
        await stripe.charges.retrieve(dispute.charge),
      ).payment_intent
    } catch (error) {
      if (isMissing(error)) return fail(400, 'Charge not found')
      return fail(503, providerFailure(error).message)
    }
  }
  return voidPayment('disputed', paymentIntentId, {
    disputeId: dispute.id,
    chargeId: dispute.charge,
    reason: dispute.reason,
    amount: dispute.amount,
  })
}

/** The admin's list of payments a refund or dispute took back, newest first. */
export async function voidedPayments(database: Executor, limit = 20): Promise<VoidedPayment[]> {
  const rows = await database
    .selectFrom('paymentHistory as p')
    .leftJoin('users as u', 'u.id', 'p.userId')
    .leftJoin('songs as bought', 'bought.id', 'p.songId')
    .leftJoin('blockchainRegistrations as r', 'r.id', 'p.registrationId')
    .leftJoin('songs as spent', 'spent.id', 'r.songId')
    .select([
      'p.id',
      'p.status',
      'p.amount',
      'p.createdAt',
      'p.voidedAt',
      'u.email',
      'bought.title as boughtTitle',
      'bought.certificateId as boughtCertificateId',
      'spent.title as spentTitle',
      'spent.certificateId as spentCertificateId',
      'r.status as registrationStatus',
    ])
    .where('p.voidedAt', 'is not', null)
    .orderBy('p.voidedAt', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute()
  return rows.flatMap((row) => {
    const status = row.status
    if (!isVoidStatus(status) || !row.voidedAt) return []
    return [
      {
        id: row.id,
        status,
        amount: Number(row.amount),
        paidAt: row.createdAt.toISOString(),
        voidedAt: row.voidedAt.toISOString(),
        email: row.email,
        boughtFor:
          row.boughtTitle !== null && row.boughtCertificateId !== null
            ? { title: row.boughtTitle, certificateId: row.boughtCertificateId }
            : null,
        spentOn:
          row.spentTitle !== null &&
          row.spentCertificateId !== null &&
          row.registrationStatus !== null
            ? {
                title: row.spentTitle,
                certificateId: row.spentCertificateId,
                status: row.registrationStatus,
              }
            : null,
      },
    ]
  })
}
