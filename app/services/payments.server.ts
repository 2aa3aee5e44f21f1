import { sql } from 'kysely'
import Stripe from 'stripe'
import { z } from 'zod'
import { env } from '~/env.server'
import { PAYMENT_VOID_STATUSES, type PaymentVoidStatus, type VoidedPayment } from '~/lib/admin'
import { registrationLockMessage } from '~/lib/song-lock'
import type { PageView } from '~/lib/client-address.server'
import { recordUserAction } from './analytics.server'
import { db, type Executor, inTransaction } from './db.server'
import { usageStats } from './registration.server'
import { successorMessage, successorOf } from './versions.server'

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

type Failure = { ok: false; status: number; message: string }
const fail = (status: number, message: string): Failure => ({ ok: false, status, message })

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
const MetadataSchema = z
  .record(z.string(), z.string())
  .nullable()
  .transform((value) => value ?? {})
const PaymentIntentSchema = z.object({
  id: z.string().startsWith('pi_'),
  object: z.literal('payment_intent'),
  amount: z.number(),
  amount_received: z.number().default(0),
  currency: z.string(),
  status: z.string(),
  client_secret: z.string().nullable().optional(),
  metadata: MetadataSchema,
})
type PaymentIntentData = z.infer<typeof PaymentIntentSchema>
const CheckoutSessionSchema = z.object({
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
type CheckoutSessionData = z.infer<typeof CheckoutSessionSchema>
const expandableId = z.union([
  z.string(),
  z.object({ id: z.string() }).transform((object) => object.id),
])
const ChargeSchema = z.object({
  id: z.string(),
  object: z.literal('charge'),
  payment_intent: expandableId.nullable(),
  amount_refunded: z.number(),
})
const DisputeSchema = z.object({
  id: z.string(),
  object: z.literal('dispute'),
  charge: expandableId,
  // Older API versions leave it out; the charge then names the intent.
  payment_intent: expandableId.nullable().optional(),
  amount: z.number(),
  reason: z.string(),
})

function monthKey(now = new Date()) {
  return now.toISOString().slice(0, 7)
}

function providerFailure(error: unknown, message = PROVIDER_UNREACHABLE): Failure {
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
const replayed = (response: { lastResponse?: { headers?: Record<string, string> } }) =>
  response.lastResponse?.headers?.['idempotent-replayed'] === 'true'

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404

/** A user's paid, unused registrations: succeeded payments that no registration holds or spent. */
export async function openCredits(database: Executor, userId: string) {
  // One definition of an unused paid registration: usageStats counts them with the plan's usage.
  return (await usageStats(database, userId)).openCredits
}

/**
 * Whether this song needs a payment now: owned, not registered or in progress, no unused paid
 * registration waiting, and the month's free registration used up.
 */
async function requirePayable(
  database: Executor,
  userId: string,
  songId: number,
): Promise<{ ok: true; song: { id: number; certificateId: string }; keySuffix: string } | Failure> {
  const song = await database
    .selectFrom('songs')
    .select(['id', 'certificateId', 'supersedesSongId'])
    .where('id', '=', songId)
    .where('userId', '=', userId)
    .executeTakeFirst()
  if (!song) return fail(404, 'Song not found')
  // A new version whose predecessor already has a registered (or registering) successor could
  // never be registered: taking the money first would only leave a credit it cannot use.
  if (song.supersedesSongId !== null) {
    const successor = await successorOf(database, song.supersedesSongId)
    if (successor) return fail(409, successorMessage(successor.certificateId))
  }
  const registration = await database
    .selectFrom('blockchainRegistrations')
    .select('status')
    .where('songId', '=', songId)
    .executeTakeFirst()
  const locked = registrationLockMessage(registration)
  if (locked) return fail(409, locked)
  const usage = await usageStats(database, userId)
  if (usage.openCredits > 0) return fail(409, ALREADY_PAID)
  if (usage.remainingFree !== 0)
    return fail(409, 'This song can be registered with this month’s free registration.')
  // After a refund or dispute the next payment needs a new idempotency key, or Stripe would
  // answer the old, refunded intent again.
  const voided = await database
    .selectFrom('paymentHistory')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('songId', '=', songId)
    .where('voidedAt', 'is not', null)
    .executeTakeFirstOrThrow()
  const count = Number(voided.n)
  return { ok: true, song, keySuffix: count > 0 ? `-v${count}` : '' }
}

const metadataFor = (userId: string, songId: number) => ({ userId, songId: String(songId) })

/**
 * SPEC §7 create-payment-intent: $1.99 for one song's registration. The idempotency key makes a
 * double click (or a reload of the payment step) answer the same intent instead of a second one.
 */
export async function createPaymentIntent(
  userId: string,
  songId: number,
): Promise<{ ok: true; clientSecret: string; paymentIntentId: string } | Failure> {
  const stripe = stripeClient()
  if (!stripe) return fail(503, PAYMENTS_UNAVAILABLE)
  const payable = await requirePayable(db(), userId, songId)
  if (!payable.ok) return payable
  let intent: PaymentIntentData
  try {
    const created = await stripe.paymentIntents.create(
      {
        amount: PRICE_CENTS,
        currency: CURRENCY,
        automatic_payment_methods: { enabled: true },
        description: `Blockchain registration of certificate ${payable.song.certificateId}`,
        metadata: metadataFor(userId, songId),
      },
      { idempotencyKey: `pi-${userId}-${songId}-${monthKey()}${payable.keySuffix}` },
    )
    intent = PaymentIntentSchema.parse(
      replayed(created) ? await stripe.paymentIntents.retrieve(created.id) : created,
    )
  } catch (error) {
    return providerFailure(error, PAYMENT_INIT_FAILED)
  }
  if (intent.status === 'succeeded') {
    // Paid earlier (within the key's lifetime) but never verified: count it, do not charge again.
    const accepted = await acceptPaymentIntent(intent, { userId, songId })
    return accepted.ok ? fail(409, ALREADY_PAID) : accepted
  }
  if (!intent.client_secret || intent.status === 'canceled')
    return providerFailure(
      new Error(`intent ${intent.id} is ${intent.status}`),
      PAYMENT_INIT_FAILED,
    )
  return { ok: true, clientSecret: intent.client_secret, paymentIntentId: intent.id }
}

/**
 * The no-JavaScript path: a Stripe Checkout Session for the same price and metadata. Its
 * PaymentIntent carries the metadata too, so the webhook of either object names the owner.
 */
export async function createCheckoutSession(
  userId: string,
  songId: number,
): Promise<{ ok: true; url: string } | Failure> {
  const stripe = stripeClient()
  if (!stripe) return fail(503, PAYMENTS_UNAVAILABLE)
  const payable = await requirePayable(db(), userId, songId)
  if (!payable.ok) return payable
  const e = env()
  const metadata = metadataFor(userId, songId)
  const description = `Blockchain registration of certificate ${payable.song.certificateId}`
  let session: CheckoutSessionData
  try {
    const created = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: CURRENCY,
              unit_amount: PRICE_CENTS,
              product_data: { name: `${e.APP_NAME} blockchain registration`, description },
            },
          },
        ],
        metadata,
        payment_intent_data: { metadata, description },
        client_reference_id: userId,
        success_url: `${e.APP_URL}/songs/${songId}/register/paid?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${e.APP_URL}/songs/${songId}/register`,
      },
      // One open session per song and day: pressing Pay again returns to the same page.
      {
        idempotencyKey: `cs-${userId}-${songId}-${new Date().toISOString().slice(0, 10)}${payable.keySuffix}`,
      },
    )
    session = CheckoutSessionSchema.parse(
      replayed(created) ? await stripe.checkout.sessions.retrieve(created.id) : created,
    )
  } catch (error) {
    return providerFailure(error, PAYMENT_INIT_FAILED)
  }
  if (session.status === 'complete') {
    // Paid earlier today but never recorded (the visitor closed the tab before returning).
    const recorded = await acceptCheckoutSession(session, { userId, songId })
    return recorded.ok ? { ok: true, url: `${e.APP_URL}/songs/${songId}/register` } : recorded
  }
  if (!session.url || session.status !== 'open')
    return providerFailure(
      new Error(`session ${session.id} is ${session.status}`),
      PAYMENT_INIT_FAILED,
    )
  return { ok: true, url: session.url }
}

interface Expected {
  /** The signed-in user (verify calls); a webhook takes the owner from the metadata. */
  userId?: string
  songId?: number
}

type Accepted = { ok: true; paymentId: number; songId: number; userId: string; created: boolean }

/** The checks every path makes before a payment counts: amount, currency, owner, song. */
async function checkPayment(
  database: Executor,
  input: {
    amount: number | null
    received: number | null
    currency: string | null
    metadata: Record<string, string>
  },
  expected: Expected,
): Promise<{ ok: true; userId: string; songId: number } | Failure> {
  if (input.amount !== PRICE_CENTS || input.received !== PRICE_CENTS)
    return fail(400, 'The payment amount does not match the registration price.')
  if (input.currency?.toLowerCase() !== CURRENCY)
    return fail(400, 'The payment currency does not match the registration price.')
  const owner = input.metadata.userId
  const songId = Number(input.metadata.songId)
  if (!owner || (expected.userId !== undefined && owner !== expected.userId))
    return fail(403, 'This payment does not belong to your account.')
  if (
    !Number.isSafeInteger(songId) ||
    (expected.songId !== undefined && songId !== expected.songId)
  )
    return fail(400, 'This payment is for a different song.')
  const song = await database
    .selectFrom('songs')
    .select('id')
    .where('id', '=', songId)
    .where('userId', '=', owner)
    .executeTakeFirst()
  if (!song) return fail(400, 'This payment is for a song that does not exist.')
  return { ok: true, userId: owner, songId }
}

/**
 * Records a verified payment as one registration credit. The intent id is unique, so whichever
 * of the verify call, the return from Checkout and the two webhooks comes first inserts the row
 * and the others find it: one payment, one credit.
 */
async function recordPayment(
  database: Executor,
  payment: {
    userId: string
    songId: number
    paymentIntentId: string
    checkoutSessionId: string | null
    source: 'payment_intent' | 'checkout_session'
  },
): Promise<Accepted | Failure> {
  return inTransaction(database, async (trx) => {
    const inserted = await trx
      .insertInto('paymentHistory')
      .values({
        userId: payment.userId,
        songId: payment.songId,
        stripePaymentIntentId: payment.paymentIntentId,
        stripeCheckoutSessionId: payment.checkoutSessionId,
        amount: PRICE_DOLLARS,
        currency: CURRENCY,
        status: 'succeeded',
        description: 'Blockchain registration',
        metadata: JSON.stringify({ songId: payment.songId, source: payment.source }),
      })
      .onConflict((oc) => oc.column('stripePaymentIntentId').doNothing())
      .returning('id')
      .executeTakeFirst()
    if (!inserted && payment.checkoutSessionId) {
      await trx
        .updateTable('paymentHistory')
        .set({ stripeCheckoutSessionId: payment.checkoutSessionId })
        .where('stripePaymentIntentId', '=', payment.paymentIntentId)
        .where('stripeCheckoutSessionId', 'is', null)
        .execute()
    }
    const row = await trx
      .selectFrom('paymentHistory')
      .select(['id', 'songId', 'status'])
      .where('stripePaymentIntentId', '=', payment.paymentIntentId)
      .executeTakeFirstOrThrow()
    // Stripe keeps a refunded intent 'succeeded': the row, not the intent, knows it was refunded.
    if (isVoidStatus(row.status)) return fail(402, VOIDED_MESSAGES[row.status])
    return {
      ok: true as const,
      paymentId: row.id,
      songId: row.songId ?? payment.songId,
      userId: payment.userId,
      created: Boolean(inserted),
    }
  })
}

async function acceptPaymentIntent(
  intent: PaymentIntentData,
  expected: Expected,
): Promise<Accepted | Failure> {
  if (intent.status !== 'succeeded') return fail(402, 'This payment has not succeeded.')
  const checked = await checkPayment(
    db(),
    {
      amount: intent.amount,
      received: intent.amount_received,
      currency: intent.currency,
      metadata: intent.metadata,
    },
    expected,
  )
  if (!checked.ok) return checked
  return recordPayment(db(), {
    userId: checked.userId,
    songId: checked.songId,
    paymentIntentId: intent.id,
    checkoutSessionId: null,
    source: 'payment_intent',
  })
}

async function acceptCheckoutSession(
  session: CheckoutSessionData,
  expected: Expected,
): Promise<Accepted | Failure> {
  if (session.payment_status !== 'paid') return fail(402, 'This payment has not been completed.')
  const checked = await checkPayment(
    db(),
    {
      amount: session.amount_total,
      received: session.amount_total,
      currency: session.currency,
      metadata: session.metadata,
    },
    expected,
  )
  if (!checked.ok) return checked
  if (!session.payment_intent)
    return providerFailure(new Error(`paid session ${session.id} has no payment intent`))
  return recordPayment(db(), {
    userId: checked.userId,
    songId: checked.songId,
    paymentIntentId: session.payment_intent,
    checkoutSessionId: session.id,
    source: 'checkout_session',
  })
}

/** SPEC §7 verify-payment: the intent is fetched from Stripe; the browser's word counts for nothing. */
export async function verifyPaymentIntent(
  userId: string,
  paymentIntentId: string,
): Promise<Accepted | Failure> {
  const intent = await fetchPaymentIntent(paymentIntentId, 404)
  if (!('id' in intent)) return intent
  return acceptPaymentIntent(intent, { userId })
}

/** The intent as Stripe has it; an unknown id fails with `missingStatus`, Stripe down with 503. */
async function fetchPaymentIntent(
  paymentIntentId: string,
  missingStatus: number,
): Promise<PaymentIntentData | Failure> {
  const stripe = stripeClient()
  if (!stripe) return fail(503, PAYMENTS_UNAVAILABLE)
  try {
    return PaymentIntentSchema.parse(await stripe.paymentIntents.retrieve(paymentIntentId))
  } catch (error) {
    if (isMissing(error)) return fail(missingStatus, 'Payment not found')
    return providerFailure(error)
  }
}

/** The return from Checkout: the session is fetched from Stripe and must be this user's, for this song. */
export async function verifyCheckoutSession(
  userId: string,
  songId: number,
  sessionId: string,
): Promise<Accepted | Failure> {
  const stripe = stripeClient()
  if (!stripe) return fail(503, PAYMENTS_UNAVAILABLE)
  let session: CheckoutSessionData
  try {
    session = CheckoutSessionSchema.parse(await stripe.checkout.sessions.retrieve(sessionId))
  } catch (error) {
    if (isMissing(error)) return fail(404, 'Payment not found')
    return providerFailure(error)
  }
  return acceptCheckoutSession(session, { userId, songId })
}

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

const isVoidStatus = (status: string): status is PaymentVoidStatus =>
  (PAYMENT_VOID_STATUSES as readonly string[]).includes(status)

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
