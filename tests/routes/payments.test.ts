import Stripe from 'stripe'
import { afterAll, afterEach, describe, expect, test } from 'vitest'
import { startStripeServer } from '../setup/stripe-server'

// The real `stripe` client talks to a loopback stand-in for Stripe's API. env() caches on its
// first call, so the variables are set (and the server listening) before any app module loads.
const SECRET_KEY = 'sk_test_prooftrack_payments'
const WEBHOOK_SECRET = 'whsec_prooftrack_payments_test'
const stripeServer = await startStripeServer({
  secretKey: SECRET_KEY,
  webhookSecret: WEBHOOK_SECRET,
})
Object.assign(process.env, {
  STRIPE_SECRET_KEY: SECRET_KEY,
  STRIPE_PUBLISHABLE_KEY: 'pk_test_prooftrack_payments',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  ...stripeServer.env,
})

const createIntentRoute = await import('~/resource-routes/api.subscription.create-payment-intent')
const verifyRoute = await import('~/resource-routes/api.subscription.verify-payment')
const webhookRoute = await import('~/resource-routes/api.stripe.webhook')
const registerRoute = await import('~/routes/songs.$id.register')
const payRoute = await import('~/routes/songs.$id.register_.pay')
const paidRoute = await import('~/resource-routes/songs.$id.register_.paid')
const { getChain } = await import('~/chain/index.server')
const { documentCsp, routeCspAllowances } = await import('~/lib/security-headers.server')
const { openCredits } = await import('~/services/payments/payments.server')
const { voidedPayments } = await import('~/services/payments/payment-webhook.server')
const { adminAnalytics } = await import('~/services/admin/admin-analytics.server')
// The revenue the admin panel shows.
const revenue = async () => (await adminAnalytics()).stripeRevenue
const { registerSong } = await import('~/services/registration/registration.server')
const { usageStats } = await import('~/services/registration/registration-usage.server')
const { getToast } = await import('~/services/platform/toast.server')
const { db } = await import('../setup/db')
const { args, authedRequest, createUser, respond, createTestSong } =
  await import('../setup/fixtures')
type ChainAdapter = import('~/chain/types').ChainAdapter

afterAll(async () => {
  await stripeServer.stop()
})

// The test's own client, as a customer's browser or Stripe's dashboard would act on intents.
const stripe = new Stripe(SECRET_KEY, {
  host: stripeServer.host,
  port: stripeServer.port,
  protocol: 'http',
  maxNetworkRetries: 0,
})

async function newSong(userId: string, title = 'Paid Verse') {
  return createTestSong(userId, {
    title,
    contributions: [{ component: 'lyrics', contributorPercent: 100 }],
  })
}

/** A user (verified unless said) whose free registration this month is used up, with a song to pay for. */
async function payingUser(emailVerified = true) {
  const user = await createUser({ emailVerified })
  const now = new Date()
  await db()
    .insertInto('monthlyUsage')
    .values({
      userId: user.id,
      year: now.getUTCFullYear(),
      month: now.getUTCMonth() + 1,
      registrationsUsed: 1,
      updatedAt: now,
    })
    .execute()
  const song = await newSong(user.id)
  return { user, song }
}

const post = async (url: string, userId: string, body: unknown) =>
  authedRequest(url, userId, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })

async function createIntent(userId: string, songId: number) {
  const response = await createIntentRoute.action(
    args(await post('http://localhost/api/subscription/create-payment-intent', userId, { songId })),
  )
  return { status: response.status, body: await response.json() }
}

async function verify(userId: string, paymentIntentId: string) {
  const response = await verifyRoute.action(
    args(
      await post('http://localhost/api/subscription/verify-payment', userId, { paymentIntentId }),
    ),
  )
  return { status: response.status, body: await response.json() }
}

async function webhook(payload: string, signature: string | null) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (signature) headers['Stripe-Signature'] = signature
  const response = await webhookRoute.action(
    args(
      new Request('http://localhost/api/stripe/webhook', {
        method: 'POST',
        headers,
        body: payload,
      }),
    ),
  )
  return { status: response.status, body: await response.json() }
}

/** The intent id inside a client secret (`pi_…_secret_…`), as Stripe.js reads it. */
const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!

/** What the Payment Element does with a test card: confirm the intent at Stripe. */
async function payIntent(paymentIntentId: string, paymentMethod = 'pm_card_visa') {
  return stripe.paymentIntents.confirm(paymentIntentId, { payment_method: paymentMethod })
}

async function paidIntent(userId: string, songId: number) {
  const created = await createIntent(userId, songId)
  expect(created.status).toBe(200)
  const id = intentIdOf(created.body.clientSecret)
  await payIntent(id)
  return id
}

async function payments(userId: string) {
  return db().selectFrom('paymentHistory').selectAll().where('userId', '=', userId).execute()
}

/** The real chain, except that `submit` fails the way a network error would. */
function failingChain(chain: ChainAdapter): ChainAdapter {
  return Object.assign(Object.create(chain) as ChainAdapter, {
    submit: async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:8899')
    },
    hasExpired: async () => true,
  })
}

describe('creating a payment', () => {
  test('a $1.99 PaymentIntent with the user and song in its metadata and an idempotency key; a repeat answers the same intent', async () => {
    const { user, song } = await payingUser()
    const first = await createIntent(user.id, song.id)
    expect(first.status).toBe(200)
    expect(first.body).toEqual({ clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/) })
    const intent = stripeServer.intents.get(intentIdOf(first.body.clientSecret))!
    expect(intent).toMatchObject({
      amount: 199,
      currency: 'usd',
      metadata: { userId: user.id, songId: String(song.id) },
      automatic_payment_methods: { enabled: true },
    })
    const call = stripeServer.requests.filter((r) => r.path === '/v1/payment_intents').at(-1)!
    expect(call.idempotencyKey).toBe(
      `pi-${user.id}-${song.id}-${new Date().toISOString().slice(0, 7)}`,
    )

    const again = await createIntent(user.id, song.id)
    expect(again.body.clientSecret).toBe(first.body.clientSecret)
    expect(
      [...stripeServer.intents.values()].filter((i) => i.metadata.songId === String(song.id)),
    ).toHaveLength(1)
  })

  test('refused without a session, with a bad body, for another user’s song, and while a free registration is left', async () => {
    const { user, song } = await payingUser()
    const anonymous = await respond(() =>
      createIntentRoute.action(
        args(
          new Request('http://localhost/api/subscription/create-payment-intent', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: '{}',
          }),
        ),
      ),
    )
    expect(anonymous.status).toBe(401)
    expect((await createIntent(user.id, 'x' as unknown as number)).status).toBe(400)
    const other = await createUser({ emailVerified: true })
    expect(await createIntent(other.id, song.id)).toMatchObject({
      status: 404,
      body: { message: 'Song not found' },
    })
    const fresh = await newSong(other.id)
    expect(await createIntent(other.id, fresh.id)).toMatchObject({
      status: 409,
      body: { message: expect.stringContaining('free registration') },
    })
  })

  test('an intent paid but never verified (the tab closed) is counted when the step opens again, not charged twice', async () => {
    const { user, song } = await payingUser()
    const created = await createIntent(user.id, song.id)
    await payIntent(intentIdOf(created.body.clientSecret))
    expect(await createIntent(user.id, song.id)).toEqual({
      status: 409,
      body: { message: 'Your payment is already received: register the song now.' },
    })
    expect(await payments(user.id)).toHaveLength(1)
    expect(await openCredits(db(), user.id)).toBe(1)
  })

  test('a new version whose earlier certificate already has a live successor is refused before any charge', async () => {
    const { user, song: earlier } = await payingUser()
    await db()
      .insertInto('blockchainRegistrations')
      .values({ songId: earlier.id, status: 'confirmed' })
      .execute()
    const [registered, draft] = [
      await newSong(user.id, 'Verse v2'),
      await newSong(user.id, 'Verse v2b'),
    ]
    await db()
      .updateTable('songs')
      .set({ supersedesSongId: earlier.id })
      .where('id', 'in', [registered.id, draft.id])
      .execute()
    await db()
      .insertInto('blockchainRegistrations')
      .values({ songId: registered.id, status: 'pending', supersedesSongId: earlier.id })
      .execute()
    expect(await createIntent(user.id, draft.id)).toEqual({
      status: 409,
      body: {
        message: expect.stringContaining(`already registered (${registered.certificateId})`),
      },
    })
    expect(
      [...stripeServer.intents.values()].filter((i) => i.metadata.songId === String(draft.id)),
    ).toEqual([])
  })

  test('Stripe unreachable: the spec’s init message, nothing recorded', async () => {
    const { user, song } = await payingUser()
    stripeServer.failNext(3, 500) // the client retries twice
    expect(await createIntent(user.id, song.id)).toEqual({
      status: 502,
      body: { message: 'Unable to initialize payment' },
    })
    expect(await payments(user.id)).toHaveLength(0)
  })
})

describe('verifying a payment: one credit, whatever arrives first', () => {
  test('verify twice: one payment row, one credit', async () => {
    const { user, song } = await payingUser()
    const id = await paidIntent(user.id, song.id)
    expect(await verify(user.id, id)).toEqual({
      status: 200,
      body: { success: true, songId: song.id },
    })
    expect(await verify(user.id, id)).toEqual({
      status: 200,
      body: { success: true, songId: song.id },
    })
    const rows = await payments(user.id)
    expect(rows).toHaveLength(1)
    // One payment, one user action for the admin's Recent Activity (SPEC §7).
    expect(
      await db()
        .selectFrom('analyticsEvents')
        .select(['pagePath', 'metadata'])
        .where('eventType', '=', 'user_action')
        .where('userId', '=', user.id)
        .execute(),
    ).toEqual([{ pagePath: '/api/subscription/verify-payment', metadata: { action: 'payment' } }])
    expect(rows[0]).toMatchObject({
      stripePaymentIntentId: id,
      songId: song.id,
      amount: '1.99',
      currency: 'usd',
      status: 'succeeded',
      registrationId: null,
      consumedAt: null,
    })
    expect(await openCredits(db(), user.id)).toBe(1)
    // The card now offers the paid registration instead of another payment.
    const page = await (
      await registerRoute.loader(
        args(await authedRequest(`http://localhost/songs/${song.id}/register`, user.id), {
          id: String(song.id),
        }),
      )
    ).json()
    expect(page).toMatchObject({ paymentsConfigured: true, paidCredits: 1 })
    expect(await createIntent(user.id, song.id)).toMatchObject({ status: 409 })
  })

  test('webhook then verify: one credit', async () => {
    const { user, song } = await payingUser()
    const id = await paidIntent(user.id, song.id)
    const event = stripeServer.signedEvent('payment_intent.succeeded', stripeServer.intents.get(id))
    expect(await webhook(event.payload, event.signature)).toEqual({
      status: 200,
      body: { received: true },
    })
    expect(await openCredits(db(), user.id)).toBe(1)
    expect((await verify(user.id, id)).status).toBe(200)
    expect(await payments(user.id)).toHaveLength(1)
    expect(await openCredits(db(), user.id)).toBe(1)
    // The webhook recorded it, so the one payment action is the webhook's: no visitor's address.
    expect(
      await db()
        .selectFrom('analyticsEvents')
        .select(['pagePath', 'metadata', 'ipAddress', 'userAgent'])
        .where('eventType', '=', 'user_action')
        .where('userId', '=', user.id)
        .execute(),
    ).toEqual([
      {
        pagePath: '/api/stripe/webhook',
        metadata: { action: 'payment' },
        ipAddress: null,
        userAgent: null,
      },
    ])
  })

  test('verify then webhook (delivered twice, as Stripe may): one credit', async () => {
    const { user, song } = await payingUser()
    const id = await paidIntent(user.id, song.id)
    expect((await verify(user.id, id)).status).toBe(200)
    for (let i = 0; i < 2; i++) {
      const event = stripeServer.signedEvent(
        'payment_intent.succeeded',
        stripeServer.intents.get(id),
      )
      expect((await webhook(event.payload, event.signature)).status).toBe(200)
    }
    expect(await payments(user.id)).toHaveLength(1)
    expect(await openCredits(db(), user.id)).toBe(1)
  })

  test('a verify call and the webhook at the same moment: one credit', async () => {
    const { user, song } = await payingUser()
    const id = await paidIntent(user.id, song.id)
    const event = stripeServer.signedEvent('payment_intent.succeeded', stripeServer.intents.get(id))
    const answers = await Promise.all([
      verify(user.id, id),
      webhook(event.payload, event.signature),
      verify(user.id, id),
    ])
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200])
    expect(await payments(user.id)).toHaveLength(1)
  })

  test('a payment that has not succeeded, or does not exist, grants nothing', async () => {
    const { user, song } = await payingUser()
    const created = await createIntent(user.id, song.id)
    const id = intentIdOf(created.body.clientSecret)
    expect(await verify(user.id, id)).toEqual({
      status: 402,
      body: { message: 'This payment has not succeeded.' },
    })
    await expect(payIntent(id, 'pm_card_visa_chargeDeclined')).rejects.toMatchObject({
      type: 'StripeCardError',
      code: 'card_declined',
      message: 'Your card was declined.',
    })
    expect((await verify(user.id, id)).status).toBe(402)
    expect(await verify(user.id, 'pi_3DoesNotExist000000000000')).toEqual({
      status: 404,
      body: { message: 'Payment not found' },
    })
    expect((await verify(user.id, 'not-an-intent')).status).toBe(400)
    expect(await payments(user.id)).toHaveLength(0)
  })

  test('amount, currency or owner mismatch is refused, by verify and by the webhook', async () => {
    const { user, song } = await payingUser()
    const other = await createUser({ emailVerified: true })
    const metadata = { userId: user.id, songId: String(song.id) }
    const make = async (params: Stripe.PaymentIntentCreateParams) => {
      const intent = await stripe.paymentIntents.create(params)
      await payIntent(intent.id)
      return intent.id
    }
    const cheap = await make({ amount: 99, currency: 'usd', metadata })
    const euros = await make({ amount: 199, currency: 'eur', metadata })
    const someoneElses = await make({
      amount: 199,
      currency: 'usd',
      metadata: { userId: other.id, songId: String(song.id) },
    })
    const otherSong = await make({
      amount: 199,
      currency: 'usd',
      metadata: { userId: user.id, songId: String((await newSong(other.id)).id) },
    })

    expect(await verify(user.id, cheap)).toEqual({
      status: 400,
      body: { message: 'The payment amount does not match the registration price.' },
    })
    expect(await verify(user.id, euros)).toEqual({
      status: 400,
      body: { message: 'The payment currency does not match the registration price.' },
    })
    expect(await verify(user.id, someoneElses)).toEqual({
      status: 403,
      body: { message: 'This payment does not belong to your account.' },
    })
    expect((await verify(user.id, otherSong)).status).toBe(400)
    for (const id of [cheap, euros, someoneElses, otherSong]) {
      const event = stripeServer.signedEvent(
        'payment_intent.succeeded',
        stripeServer.intents.get(id),
      )
      expect((await webhook(event.payload, event.signature)).status).toBe(200)
    }
    expect(await payments(user.id)).toHaveLength(0)
    // The other user's intent names a song they do not own: nothing for them either.
    expect(await payments(other.id)).toHaveLength(0)
  })

  test('the webhook refuses a missing, wrong or stale signature and a tampered body with 400', async () => {
    const { user, song } = await payingUser()
    const id = await paidIntent(user.id, song.id)
    const event = stripeServer.signedEvent('payment_intent.succeeded', stripeServer.intents.get(id))
    expect(await webhook(event.payload, null)).toEqual({
      status: 400,
      body: { message: 'Missing Stripe-Signature header' },
    })
    const forged = stripeServer.signedEvent(
      'payment_intent.succeeded',
      stripeServer.intents.get(id),
      'whsec_someone_else',
    )
    expect(await webhook(forged.payload, forged.signature)).toEqual({
      status: 400,
      body: { message: 'Invalid signature' },
    })
    expect(
      (await webhook(event.payload.replace('"amount": 199', '"amount": 1'), event.signature))
        .status,
    ).toBe(400)
    const stale = stripe.webhooks.generateTestHeaderString({
      payload: event.payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    })
    expect((await webhook(event.payload, stale)).status).toBe(400)
    expect((await webhook(event.payload, 'garbage')).status).toBe(400)
    expect(await payments(user.id)).toHaveLength(0)
    expect((await webhook(event.payload, event.signature)).status).toBe(200)
    expect(await payments(user.id)).toHaveLength(1)
  })
})

describe('Checkout, the path without JavaScript', () => {
  async function startCheckout(
    userId: string,
    songId: number,
    fields: Record<string, string> = { intent: 'pay', confirmed: 'yes' },
  ) {
    const request = await authedRequest(`http://localhost/songs/${songId}/register`, userId, {
      method: 'POST',
      body: new URLSearchParams(fields),
    })
    return respond(() => registerRoute.action(args(request, { id: String(songId) })))
  }

  async function returnFromCheckout(userId: string, songId: number, sessionId: string) {
    const response = await respond(async () =>
      paidRoute.loader(
        args(
          await authedRequest(
            `http://localhost/songs/${songId}/register/paid?session_id=${sessionId}`,
            userId,
          ),
          { id: String(songId) },
        ),
      ),
    )
    const { toast } = await getToast(response.headers.get('Set-Cookie')!.split(';')[0]!)
    return { status: response.status, location: response.headers.get('Location'), toast }
  }

  test('Pay posts to a Checkout Session ($1.99, metadata, our success and cancel addresses) and is redirected to it', async () => {
    const { user, song } = await payingUser()
    const response = await startCheckout(user.id, song.id)
    expect(response.status).toBe(303)
    const location = response.headers.get('Location')!
    const session = [...stripeServer.sessions.values()].find((s) => s.url === location)!
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 199,
      currency: 'usd',
      metadata: { userId: user.id, songId: String(song.id) },
      success_url: `http://localhost:3000/songs/${song.id}/register/paid?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `http://localhost:3000/songs/${song.id}/register`,
      _payment_intent_data: { metadata: { userId: user.id, songId: String(song.id) } },
    })
    // Pressing Pay again (back from Stripe's page) returns to the same open session.
    expect((await startCheckout(user.id, song.id)).headers.get('Location')).toBe(location)
    // The confirmation box is required before paying, as before registering.
    expect((await startCheckout(user.id, song.id, { intent: 'pay' })).status).toBe(400)
  })

  test('paid on Stripe but never back (tab closed, webhook lost): pressing Pay again counts it instead of charging twice', async () => {
    const { user, song } = await payingUser()
    const sessionId = (await startCheckout(user.id, song.id)).headers
      .get('Location')!
      .split('/')
      .at(-1)!
    stripeServer.paySession(sessionId)
    const again = await startCheckout(user.id, song.id)
    expect([again.status, again.headers.get('Location')]).toEqual([
      303,
      `http://localhost:3000/songs/${song.id}/register`,
    ])
    expect(await payments(user.id)).toMatchObject([
      { stripeCheckoutSessionId: sessionId, status: 'succeeded' },
    ])
    expect(await openCredits(db(), user.id)).toBe(1)
  })

  test('the return address verifies the session with Stripe; return, webhooks and a reload grant one credit', async () => {
    const { user, song } = await payingUser()
    const location = (await startCheckout(user.id, song.id)).headers.get('Location')!
    const sessionId = location.split('/').at(-1)!

    // Back before paying (a forged or early return): nothing.
    expect(await returnFromCheckout(user.id, song.id, sessionId)).toMatchObject({
      location: `/songs/${song.id}/register`,
      toast: {
        type: 'error',
        title: 'Payment Error',
        description: 'This payment has not been completed.',
      },
    })

    const paid = stripeServer.paySession(sessionId)
    const completed = stripeServer.signedEvent('checkout.session.completed', paid)
    expect((await webhook(completed.payload, completed.signature)).status).toBe(200)
    const back = await returnFromCheckout(user.id, song.id, sessionId)
    expect(back).toMatchObject({
      status: 302,
      location: `/songs/${song.id}/register`,
      toast: {
        type: 'success',
        title: 'Payment Successful',
        description: 'You can now proceed with blockchain registration!',
      },
    })
    expect((await returnFromCheckout(user.id, song.id, sessionId)).toast?.type).toBe('success')
    const succeeded = stripeServer.signedEvent(
      'payment_intent.succeeded',
      stripeServer.intents.get(paid.payment_intent!),
    )
    expect((await webhook(succeeded.payload, succeeded.signature)).status).toBe(200)

    const rows = await payments(user.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      stripePaymentIntentId: paid.payment_intent,
      stripeCheckoutSessionId: sessionId,
      amount: '1.99',
      status: 'succeeded',
      songId: song.id,
    })

    // With a payment ready, the card's form registers, and that spends it.
    const request = await authedRequest(`http://localhost/songs/${song.id}/register`, user.id, {
      method: 'POST',
      body: new URLSearchParams({ confirmed: 'yes' }),
    })
    const registered = await respond(() =>
      registerRoute.action(args(request, { id: String(song.id) })),
    )
    expect(registered.status).toBe(302)
    expect((await payments(user.id))[0]!.consumedAt).toBeInstanceOf(Date)
    expect(await openCredits(db(), user.id)).toBe(0)
  })

  test('someone else’s session, or one for another song, is refused at the return address', async () => {
    const { user, song } = await payingUser()
    const second = await newSong(user.id, 'Another')
    const sessionId = (await startCheckout(user.id, song.id)).headers
      .get('Location')!
      .split('/')
      .at(-1)!
    stripeServer.paySession(sessionId)
    const intruder = await createUser({ emailVerified: true })
    const intruderSong = await newSong(intruder.id)
    expect((await returnFromCheckout(intruder.id, intruderSong.id, sessionId)).toast).toMatchObject(
      { type: 'error', description: 'This payment does not belong to your account.' },
    )
    expect((await returnFromCheckout(user.id, second.id, sessionId)).toast).toMatchObject({
      type: 'error',
      description: 'This payment is for a different song.',
    })
    expect((await returnFromCheckout(user.id, song.id, 'cs_test_unknown')).toast).toMatchObject({
      type: 'error',
      description: 'Payment not found',
    })
    expect(await payments(intruder.id)).toHaveLength(0)
    expect(await payments(user.id)).toHaveLength(0)
  })
})

describe('spending a credit', () => {
  test('50 concurrent registrations (two songs, one credit): exactly one registers, one credit spent', async () => {
    const { user, song } = await payingUser()
    const other = await newSong(user.id, 'Other Verse')
    const id = await paidIntent(user.id, song.id)
    await verify(user.id, id)
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        registerSong(user.id, i % 2 === 0 ? song.id : other.id, { confirmed: true }),
      ),
    )
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1)
    expect(
      outcomes.filter((o) => !o.ok).every((o) => !o.ok && (o.status === 409 || o.status === 402)),
    ).toBe(true)
    const confirmed = await db()
      .selectFrom('blockchainRegistrations')
      .select('songId')
      .where('songId', 'in', [song.id, other.id])
      .where('status', '=', 'confirmed')
      .execute()
    expect(confirmed).toHaveLength(1)
    const [credit] = await payments(user.id)
    expect(credit!.consumedAt).toBeInstanceOf(Date)
    expect(credit!.registrationId).not.toBeNull()
    expect(await openCredits(db(), user.id)).toBe(0)
    // The month's free unit was never touched.
    const usage = await db()
      .selectFrom('monthlyUsage')
      .select('registrationsUsed')
      .where('userId', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(usage.registrationsUsed).toBe(1)
  })

  test('the song paid for takes its own credit; with none left the next song needs a payment', async () => {
    const { user, song } = await payingUser()
    const id = await paidIntent(user.id, song.id)
    await verify(user.id, id)
    const result = await registerSong(user.id, song.id, { confirmed: true })
    expect(result.ok).toBe(true)
    const next = await newSong(user.id, 'Next')
    expect(await registerSong(user.id, next.id, { confirmed: true })).toMatchObject({
      ok: false,
      status: 402,
      requiresPayment: true,
    })
  })

  test('a failed registration leaves the credit for the retry, which spends it', async () => {
    const { user, song } = await payingUser()
    const id = await paidIntent(user.id, song.id)
    await verify(user.id, id)
    const failed = await registerSong(
      user.id,
      song.id,
      { confirmed: true },
      { chain: failingChain(getChain()) },
    )
    expect(failed).toEqual({ ok: false, status: 502, message: 'Failed to register on blockchain' })
    expect(await payments(user.id)).toMatchObject([{ registrationId: null, consumedAt: null }])
    expect(await openCredits(db(), user.id)).toBe(1)

    const retry = await registerSong(user.id, song.id, { confirmed: true })
    expect(retry.ok).toBe(true)
    expect(await openCredits(db(), user.id)).toBe(0)
    expect((await payments(user.id))[0]!.consumedAt).toBeInstanceOf(Date)
  })

  test('paid registration needs no verified email (free ones do)', async () => {
    const { user, song } = await payingUser(false)
    await verify(user.id, await paidIntent(user.id, song.id))
    expect((await registerSong(user.id, song.id, { confirmed: true })).ok).toBe(true)
  })
})

describe('refunds and disputes: the payment stops being a credit', () => {
  // A failed test must not leave simulated outages for the next one.
  afterEach(() => stripeServer.failNext(0, 500))

  const chargeOf = (paymentIntentId: string) =>
    stripeServer.charges.get(stripeServer.intents.get(paymentIntentId)!.latest_charge!)!

  /** What the user sees of their credit: usage stats, the registration card, and a registration attempt. */
  async function creditState(userId: string, songId: number) {
    const card = await (
      await registerRoute.loader(
        args(await authedRequest(`http://localhost/songs/${songId}/register`, userId), {
          id: String(songId),
        }),
      )
    ).json()
    return {
      openCredits: (await usageStats(db(), userId)).openCredits,
      paidCredits: card.paidCredits,
    }
  }

  async function paidAndVerified() {
    const { user, song } = await payingUser()
    const id = await paidIntent(user.id, song.id)
    expect((await verify(user.id, id)).status).toBe(200)
    expect(await creditState(user.id, song.id)).toEqual({ openCredits: 1, paidCredits: 1 })
    return { user, song, id }
  }

  test('charge.refunded: the unused credit is void, a registration attempt asks for payment, verify says refunded; replays change nothing', async () => {
    const { user, song, id } = await paidAndVerified()
    await stripe.refunds.create({ payment_intent: id })
    const refunded = stripeServer.signedEvent('charge.refunded', chargeOf(id))
    expect(await webhook(refunded.payload, refunded.signature)).toEqual({
      status: 200,
      body: { received: true },
    })

    const [row] = await payments(user.id)
    expect(row).toMatchObject({
      status: 'refunded',
      voidedAt: expect.any(Date),
      registrationId: null,
      consumedAt: null,
    })
    expect(row!.metadata).toMatchObject({
      refunded: { chargeId: chargeOf(id).id, amountRefunded: 199 },
    })
    expect(await creditState(user.id, song.id)).toEqual({ openCredits: 0, paidCredits: 0 })
    expect(await registerSong(user.id, song.id, { confirmed: true })).toMatchObject({
      ok: false,
      status: 402,
      requiresPayment: true,
    })
    expect(await verify(user.id, id)).toEqual({
      status: 402,
      body: { message: 'This payment was refunded, so it no longer pays for a registration.' },
    })

    // Stripe delivers an event more than once, and the success event may come late: still void.
    const again = stripeServer.signedEvent('charge.refunded', chargeOf(id))
    const late = stripeServer.signedEvent('payment_intent.succeeded', stripeServer.intents.get(id))
    for (const event of [refunded, again, late])
      expect((await webhook(event.payload, event.signature)).status).toBe(200)
    expect(await payments(user.id)).toEqual([row])
    expect(await creditState(user.id, song.id)).toEqual({ openCredits: 0, paidCredits: 0 })
    expect(
      await db()
        .selectFrom('blockchainRegistrations')
        .select('id')
        .where('songId', '=', song.id)
        .execute(),
    ).toHaveLength(0)
  })

  test('charge.dispute.created: the credit is void; a dispute that names only its charge is traced through Stripe; replays change nothing', async () => {
    const { user, song, id } = await paidAndVerified()
    const dispute = stripeServer.openDispute(id, 'fraudulent')
    // Older API versions send no payment_intent on the dispute: the charge is fetched to find it.
    const event = stripeServer.signedEvent('charge.dispute.created', {
      ...dispute,
      payment_intent: null,
    })
    expect(await webhook(event.payload, event.signature)).toEqual({
      status: 200,
      body: { received: true },
    })
    expect(stripeServer.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v1/charges/${dispute.charge}`,
    })

    const [row] = await payments(user.id)
    expect(row).toMatchObject({ status: 'disputed', voidedAt: expect.any(Date) })
    expect(row!.metadata).toMatchObject({
      disputed: { disputeId: dispute.id, reason: 'fraudulent', amount: 199 },
    })
    expect(await creditState(user.id, song.id)).toEqual({ openCredits: 0, paidCredits: 0 })
    expect(await registerSong(user.id, song.id, { confirmed: true })).toMatchObject({
      ok: false,
      status: 402,
      requiresPayment: true,
    })

    const replay = stripeServer.signedEvent('charge.dispute.created', dispute)
    expect((await webhook(replay.payload, replay.signature)).status).toBe(200)
    expect((await webhook(event.payload, event.signature)).status).toBe(200)
    expect(await payments(user.id)).toEqual([row])
  })

  test('a registration the payment already paid for stays registered; the admin list shows it', async () => {
    const { user, song, id } = await paidAndVerified()
    expect((await registerSong(user.id, song.id, { confirmed: true })).ok).toBe(true)
    await stripe.refunds.create({ payment_intent: id })
    const event = stripeServer.signedEvent('charge.refunded', chargeOf(id))
    expect((await webhook(event.payload, event.signature)).status).toBe(200)

    const registration = await db()
      .selectFrom('blockchainRegistrations')
      .select(['id', 'status'])
      .where('songId', '=', song.id)
      .executeTakeFirstOrThrow()
    expect(registration.status).toBe('confirmed')
    const [row] = await payments(user.id)
    expect(row).toMatchObject({
      status: 'refunded',
      registrationId: registration.id,
      consumedAt: expect.any(Date),
    })
    const listed = (await voidedPayments(db(), 100)).find((payment) => payment.id === row!.id)
    expect(listed).toEqual({
      id: row!.id,
      status: 'refunded',
      amount: 1.99,
      paidAt: row!.createdAt.toISOString(),
      voidedAt: row!.voidedAt!.toISOString(),
      email: user.email,
      boughtFor: { title: song.title, certificateId: song.certificateId },
      spentOn: { title: song.title, certificateId: song.certificateId, status: 'confirmed' },
    })
  })

  test('a refund that arrives before the payment was recorded records it void; the success events and verify then grant nothing', async () => {
    const { user, song } = await payingUser()
    const created = await createIntent(user.id, song.id)
    const id = intentIdOf(created.body.clientSecret)
    await payIntent(id)
    // A partial refund takes the credit too: a registration costs one price, not part of one.
    await stripe.refunds.create({ payment_intent: id, amount: 100 })
    const refunded = stripeServer.signedEvent('charge.refunded', chargeOf(id))
    expect((await webhook(refunded.payload, refunded.signature)).status).toBe(200)
    expect(await payments(user.id)).toMatchObject([
      { stripePaymentIntentId: id, songId: song.id, status: 'refunded', amount: '1.99' },
    ])

    const succeeded = stripeServer.signedEvent(
      'payment_intent.succeeded',
      stripeServer.intents.get(id),
    )
    expect((await webhook(succeeded.payload, succeeded.signature)).status).toBe(200)
    expect((await verify(user.id, id)).status).toBe(402)
    expect(await payments(user.id)).toHaveLength(1)
    expect(await creditState(user.id, song.id)).toEqual({ openCredits: 0, paidCredits: 0 })

    // A refunded charge that is not one of our registration payments, or a malformed dispute, records nothing.
    const foreign = await stripe.paymentIntents.create({
      amount: 5000,
      currency: 'usd',
      metadata: { order: '42' },
    })
    await payIntent(foreign.id)
    await stripe.refunds.create({ payment_intent: foreign.id })
    const foreignRefund = stripeServer.signedEvent('charge.refunded', chargeOf(foreign.id))
    const malformed = stripeServer.signedEvent('charge.dispute.created', {
      object: 'dispute',
      id: 'dp_x',
    })
    for (const event of [foreignRefund, malformed])
      expect((await webhook(event.payload, event.signature)).status).toBe(200)
    expect(
      await db()
        .selectFrom('paymentHistory')
        .select('id')
        .where('stripePaymentIntentId', '=', foreign.id)
        .execute(),
    ).toHaveLength(0)
  })

  test('Stripe unreachable while tracing an unknown refunded payment: 503 so Stripe retries; the retry voids it', async () => {
    const { user, song } = await payingUser()
    const id = intentIdOf((await createIntent(user.id, song.id)).body.clientSecret)
    await payIntent(id)
    await stripe.refunds.create({ payment_intent: id })
    const event = stripeServer.signedEvent('charge.refunded', chargeOf(id))
    stripeServer.failNext(3, 500) // the client retries twice
    expect(await webhook(event.payload, event.signature)).toEqual({
      status: 503,
      body: { message: 'The payment provider could not be reached. Please try again.' },
    })
    expect(await payments(user.id)).toHaveLength(0)
    expect((await webhook(event.payload, event.signature)).status).toBe(200)
    expect(await payments(user.id)).toMatchObject([{ status: 'refunded' }])
  })

  test('after a refund the song can be paid for again: a new intent, not the refunded one', async () => {
    const { user, song, id } = await paidAndVerified()
    await stripe.refunds.create({ payment_intent: id })
    const event = stripeServer.signedEvent('charge.refunded', chargeOf(id))
    expect((await webhook(event.payload, event.signature)).status).toBe(200)
    const again = await createIntent(user.id, song.id)
    expect(again.status).toBe(200)
    const newId = intentIdOf(again.body.clientSecret)
    expect(newId).not.toBe(id)
    await payIntent(newId)
    expect((await verify(user.id, newId)).status).toBe(200)
    expect(await creditState(user.id, song.id)).toEqual({ openCredits: 1, paidCredits: 1 })
  })

  test('refunded money is not revenue', async () => {
    const { id } = await paidAndVerified()
    const before = await revenue()
    await stripe.refunds.create({ payment_intent: id })
    const event = stripeServer.signedEvent('charge.refunded', chargeOf(id))
    expect((await webhook(event.payload, event.signature)).status).toBe(200)
    expect((before.total - (await revenue()).total).toFixed(2)).toBe('1.99')
  })
})

describe('the payment step page and its Content-Security-Policy', () => {
  test('the payment step gets the publishable key; without a payment needed it goes back to the card', async () => {
    const { user, song } = await payingUser()
    const load = async () =>
      respond(async () =>
        payRoute.loader(
          args(
            await authedRequest(
              `http://localhost/songs/${song.id}/register/pay?confirmed=yes`,
              user.id,
            ),
            { id: String(song.id) },
          ),
        ),
      )
    const page = await (await load()).json()
    expect(page).toMatchObject({
      publishableKey: 'pk_test_prooftrack_payments',
      confirmed: true,
      returnedIntent: null,
    })
    await verify(user.id, await paidIntent(user.id, song.id))
    const paid = await load()
    expect(paid.status).toBe(302)
    expect(paid.headers.get('Location')).toBe(`/songs/${song.id}/register`)
  })

  test('only the payment step may load Stripe.js; only the card may post on to Checkout; other pages are unchanged', () => {
    const plain = documentCsp('n0nce')
    expect(plain).toContain("script-src 'self' 'nonce-n0nce';")
    expect(plain).toContain("frame-src 'none'")
    expect(plain).toContain("connect-src 'self';")
    expect(plain).toContain("form-action 'self';")
    expect(plain).not.toContain('stripe')

    const elements = documentCsp('n0nce', new Set(['stripe-elements']))
    expect(elements).toContain(
      "script-src 'self' 'nonce-n0nce' https://js.stripe.com https://*.js.stripe.com;",
    )
    expect(elements).toContain(
      'frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;',
    )
    expect(elements).toContain("connect-src 'self' https://api.stripe.com;")
    expect(elements).toContain("form-action 'self';")

    const checkout = documentCsp('n0nce', new Set(['stripe-checkout']))
    expect(checkout).toContain(`form-action 'self' ${stripeServer.origin};`)
    expect(checkout).toContain("frame-src 'none'")

    const context = (ids: string[], modules: Record<string, unknown>) => ({
      staticHandlerContext: { matches: ids.map((id) => ({ route: { id } })) },
      routeModules: Object.fromEntries(
        Object.entries(modules).map(([id, handle]) => [id, { handle, default: () => null }]),
      ),
    })
    type Context = Parameters<typeof routeCspAllowances>[0]
    expect([
      ...routeCspAllowances(
        context(['root', 'pay'], { root: undefined, pay: payRoute.handle }) as unknown as Context,
      ),
    ]).toEqual(['stripe-elements'])
    expect([
      ...routeCspAllowances(
        context(['root', 'card'], {
          root: undefined,
          card: registerRoute.handle,
        }) as unknown as Context,
      ),
    ]).toEqual(['stripe-checkout'])
    expect([
      ...routeCspAllowances(
        context(['root', 'x'], {
          root: undefined,
          x: { csp: ['script-anything'] },
        }) as unknown as Context,
      ),
    ]).toEqual([])
  })
})

test('revenue for the admin comes from payment_history, in dollars', async () => {
  const before = await revenue()
  const { user, song } = await payingUser()
  await verify(user.id, await paidIntent(user.id, song.id))
  const after = await revenue()
  for (const key of ['total', 'today', 'thisWeek', 'thisMonth'] as const) {
    expect((after[key] - before[key]).toFixed(2)).toBe('1.99')
  }
})
