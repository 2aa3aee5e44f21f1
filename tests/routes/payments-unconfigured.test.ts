import { describe, expect, test } from 'vitest'

// No Stripe keys: the paid variant explains; nothing pretends a payment succeeded.
for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'])
  delete process.env[name]

const createIntentRoute = await import('~/resource-routes/api.subscription.create-payment-intent')
const verifyRoute = await import('~/resource-routes/api.subscription.verify-payment')
const webhookRoute = await import('~/resource-routes/api.stripe.webhook')
const registerRoute = await import('~/routes/songs.$id.register')
const payRoute = await import('~/routes/songs.$id.register_.pay')
const { documentCsp } = await import('~/lib/security-headers.server')
const { db } = await import('../setup/db')
const { args, authedRequest, createUser, respond, createTestSong } =
  await import('../setup/fixtures')

describe('payments not configured', () => {
  test('every payment call says so, and the card and payment step send nobody to Stripe', async () => {
    const user = await createUser({ emailVerified: true })
    const song = await createTestSong(user.id, { title: 'Unpaid' })
    const json = (path: string, body: unknown) =>
      authedRequest(`http://localhost${path}`, user.id, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })
    const message = { message: 'Payments are not available on this server.' }

    const created = await createIntentRoute.action(
      args(await json('/api/subscription/create-payment-intent', { songId: song.id })),
    )
    expect([created.status, await created.json()]).toEqual([503, message])
    const verified = await verifyRoute.action(
      args(await json('/api/subscription/verify-payment', { paymentIntentId: 'pi_123' })),
    )
    expect([verified.status, await verified.json()]).toEqual([503, message])
    const hook = await webhookRoute.action(
      args(
        new Request('http://localhost/api/stripe/webhook', {
          method: 'POST',
          headers: { 'Stripe-Signature': 't=1,v1=x' },
          body: '{}',
        }),
      ),
    )
    expect([hook.status, await hook.json()]).toEqual([400, message])
    // Nothing could verify it, so not a byte of the body is read (issue 11 item 2).
    let pulled = 0
    const body = new ReadableStream<Uint8Array>(
      {
        pull: (controller) =>
          ++pulled > 16 ? controller.close() : controller.enqueue(new Uint8Array(64 * 1024)),
      },
      { highWaterMark: 0 },
    )
    const unread = await webhookRoute.action(
      args(
        new Request('http://localhost/api/stripe/webhook', {
          method: 'POST',
          headers: { 'Stripe-Signature': 't=1,v1=x' },
          body,
          duplex: 'half',
        } as RequestInit),
      ),
    )
    expect([unread.status, pulled]).toEqual([400, 0])

    const page = await (
      await registerRoute.loader(
        args(await authedRequest(`http://localhost/songs/${song.id}/register`, user.id), {
          id: String(song.id),
        }),
      )
    ).json()
    expect(page).toMatchObject({ paymentsConfigured: false, paidCredits: 0 })
    const pay = await respond(async () =>
      registerRoute.action(
        args(
          await authedRequest(`http://localhost/songs/${song.id}/register`, user.id, {
            method: 'POST',
            body: new URLSearchParams({ intent: 'pay', confirmed: 'yes' }),
          }),
          { id: String(song.id) },
        ),
      ),
    )
    expect([pay.status, await pay.json()]).toEqual([503, { ok: false, ...message }])
    const step = await respond(async () =>
      payRoute.loader(
        args(await authedRequest(`http://localhost/songs/${song.id}/register/pay`, user.id), {
          id: String(song.id),
        }),
      ),
    )
    expect([step.status, step.headers.get('Location')]).toEqual([302, `/songs/${song.id}/register`])

    expect(documentCsp('n', new Set(['stripe-elements', 'stripe-checkout']))).toBe(documentCsp('n'))
    expect(
      await db().selectFrom('paymentHistory').select('id').where('userId', '=', user.id).execute(),
    ).toHaveLength(0)
  })
})
