import { env } from '~/env.server'
import { registrationLockMessage } from '~/lib/song-lock'
import { db, type Executor, inTransaction } from '../platform/db.server'
import {
  ALREADY_PAID,
  type CheckoutSessionData,
  CheckoutSessionSchema,
  CURRENCY,
  fail,
  type Failure,
  isMissing,
  isVoidStatus,
  monthKey,
  PAYMENT_INIT_FAILED,
  type PaymentIntentData,
  PaymentIntentSchema,
  PAYMENTS_UNAVAILABLE,
  PRICE_CENTS,
  PRICE_DOLLARS,
  providerFailure,
  replayed,
  stripeClient,
  VOIDED_MESSAGES,
} from './payment-provider.server'
import { usageStats } from '../registration/registration-usage.server'
import { successorMessage, successorOf } from '../songs/versions.server'

// Paying for one registration: a PaymentIntent (the embedded form) or a Checkout Session (the
// page without JavaScript), checked against what we asked for, and recorded exactly once as a
// credit that claim() in registration-claim.server.ts spends.

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

export type Accepted = {
  ok: true
  paymentId: number
  songId: number
  userId: string
  created: boolean
}

/** The checks every path makes before a payment counts: amount, currency, owner, song. */
export async function checkPayment(
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

export async function acceptPaymentIntent(
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

export async function acceptCheckoutSession(
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
export async function fetchPaymentIntent(
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
