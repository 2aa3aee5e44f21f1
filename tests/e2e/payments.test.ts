import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type StripeServer, startStripeServer } from '../setup/stripe-server'
import { type TestPage, useBrowser } from './browser'
import { signUpAndIn, verifyEmailThroughAdmin } from './flows'
import { useServer } from './server'

// The app runs with Stripe configured, its real client pointed at the loopback stand-in, which
// also serves the hosted Checkout page and delivers signed webhooks back to the app.
const SECRET_KEY = 'sk_test_prooftrack_e2e'
const WEBHOOK_SECRET = 'whsec_prooftrack_e2e'
const browser = useBrowser()
let stripe: StripeServer
beforeAll(async () => {
  stripe = await startStripeServer({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET })
})
afterAll(async () => {
  await stripe?.stop()
})
const server = useServer({
  admin: true,
  env: () => ({
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_prooftrack_e2e',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    ...stripe.env,
  }),
})
beforeAll(() => {
  stripe.setWebhookUrl(`${server.baseUrl}/api/stripe/webhook`)
})

/** A new user whose email the administrator has verified, signed in on `page`. */
async function verifiedUser(page: TestPage) {
  await signUpAndIn(page, 'Pia', 'Payer')
  await verifyEmailThroughAdmin(
    page,
    await browser.newPage({ javaScriptEnabled: false, baseUrl: server.baseUrl }),
  )
}

async function createSong(page: TestPage, title: string) {
  const response = await page.request.post('/api/songs', {
    data: {
      title,
      contributorName: 'Pia Payer',
      dateCreated: '2025-05-01',
      toolsUsed: 'Guitar',
      fileLink: 'https://example.com/song.mp3',
    },
  })
  expect(response.status()).toBe(201)
  return ((await response.json()) as { id: number }).id
}

/** Uses up the month's free registration on a first song. */
async function registerFree(page: TestPage, songId: number) {
  await page.goto(`/songs/${songId}/register`)
  await page.getByRole('checkbox', { name: /^I confirm/ }).check()
  await page.getByRole('button', { name: /Register on Blockchain — Free/ }).click()
  await expect
    .poll(() => page.getByRole('heading', { name: 'Blockchain Registration Complete' }).count(), {
      timeout: 30_000,
    })
    .toBe(1)
}

async function usage(page: TestPage) {
  return (await (await page.request.get('/api/subscription/usage-stats')).json()) as {
    currentMonthUsage: number
    remainingFree: number
  }
}

describe('paid registration', () => {
  test('without JavaScript: Pay $1.99 → Stripe Checkout → back, verified → register with the payment; one payment, one registration', async () => {
    const page = await browser.newPage({ javaScriptEnabled: false, baseUrl: server.baseUrl })
    await verifiedUser(page)
    await registerFree(page, await createSong(page, 'Free First'))
    const songId = await createSong(page, 'Paid Second')

    // The paid variant; leaving Stripe's page by its Back link returns to the card.
    const card = await page.goto(`/songs/${songId}/register`)
    expect(card?.headers()['content-security-policy']).toContain(
      `form-action 'self' ${stripe.origin}`,
    )
    expect(card?.headers()['content-security-policy']).not.toContain('js.stripe.com')
    expect(await page.getByText('1 of 1 free registration used this month').count()).toBe(1)
    await page.getByRole('checkbox', { name: /^I confirm/ }).check()
    await page.getByRole('button', { name: 'Pay $1.99' }).click()
    await page.waitForURL(
      (url) => url.origin === stripe.origin && url.pathname.startsWith('/c/pay/cs_'),
    )
    expect(await page.getByText('$1.99').count()).toBeGreaterThan(0)
    await page.getByRole('link', { name: 'Back' }).click()
    await page.waitForURL(
      (url) => url.origin === server.baseUrl && url.pathname === `/songs/${songId}/register`,
    )
    expect(await page.getByRole('button', { name: 'Pay $1.99' }).count()).toBe(1)

    // Pay on the hosted page: back on our success address, the server verifies the session.
    await page.getByRole('checkbox', { name: /^I confirm/ }).check()
    await page.getByRole('button', { name: 'Pay $1.99' }).click()
    await page.waitForURL((url) => url.origin === stripe.origin)
    const sessionId = new URL(page.url()).pathname.split('/').at(-1)!
    await page.getByRole('button', { name: 'Pay $1.99' }).click()
    await page.waitForURL(
      (url) => url.origin === server.baseUrl && url.pathname === `/songs/${songId}/register`,
    )
    expect(await page.getByTestId('toast').textContent()).toContain('Payment Successful')
    expect(await page.getByTestId('toast').textContent()).toContain(
      'You can now proceed with blockchain registration!',
    )
    expect(
      await page.getByText('Payment received: your $1.99 pays for this registration.').count(),
    ).toBe(1)
    expect(await page.getByRole('button', { name: 'Pay $1.99' }).count()).toBe(0)

    // The webhooks Stripe sends for the same payment were accepted and add nothing.
    await stripe.webhooksSettled()
    expect(stripe.deliveries.map((d) => d.status)).toEqual(expect.arrayContaining([200]))
    expect(stripe.deliveries.every((d) => d.status === 200)).toBe(true)

    await page.getByRole('checkbox', { name: /^I confirm/ }).check()
    await page.getByRole('button', { name: 'Register on Blockchain' }).click()
    await expect
      .poll(() => page.getByRole('heading', { name: 'Blockchain Registration Complete' }).count(), {
        timeout: 30_000,
      })
      .toBe(1)
    expect(await usage(page)).toMatchObject({ currentMonthUsage: 1, remainingFree: 0 })

    // Coming back to the success address again grants nothing new: the next song must pay.
    await page.goto(`/songs/${songId}/register/paid?session_id=${sessionId}`)
    const third = await createSong(page, 'Paid Third')
    await page.goto(`/songs/${third}/register`)
    expect(await page.getByRole('button', { name: 'Pay $1.99' }).count()).toBe(1)
    expect(await page.getByText('Payment received').count()).toBe(0)
    await page.done()
  })

  test('with JavaScript: Pay opens the payment step, the only page allowed Stripe.js; when it cannot load, the init-failure card goes back', async () => {
    const page = await browser.newPage({ javaScriptEnabled: true, baseUrl: server.baseUrl })
    // No internet here: Stripe.js fails to load, as it would when blocked.
    await page.route('https://js.stripe.com/**', (route) => route.abort())
    await verifiedUser(page)
    await registerFree(page, await createSong(page, 'Free Opener'))
    const songId = await createSong(page, 'Elements Encore')

    await page.goto('/')
    await page.getByRole('link', { name: 'Register Elements Encore on the blockchain' }).click()
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Register on Blockchain' }).count())
      .toBe(1)
    const pay = page.getByRole('button', { name: 'Pay $1.99' })
    await expect.poll(() => pay.count()).toBe(1)
    expect(await pay.isDisabled()).toBe(true)
    await page.getByRole('checkbox', { name: /^I confirm/ }).check()
    const [step] = await Promise.all([
      page.waitForResponse(
        (r) =>
          r.url().includes(`/songs/${songId}/register/pay`) &&
          r.request().resourceType() === 'document',
      ),
      pay.click(),
    ])
    const csp = step.headers()['content-security-policy']!
    expect(csp).toContain('script-src')
    expect(csp).toContain('https://js.stripe.com')
    expect(csp).toContain('frame-src https://js.stripe.com')
    expect(csp).toContain("connect-src 'self' https://api.stripe.com")

    await expect
      .poll(() => page.getByRole('heading', { name: 'Payment Error' }).count(), { timeout: 20_000 })
      .toBe(1)
    expect(await page.getByText('Unable to initialize payment').count()).toBe(1)
    await expect
      .poll(() => page.getByTestId('toast').textContent())
      .toContain('Failed to initialize payment. Please try again.')
    // The intent was created on our server with the price and the owner.
    const intent = [...stripe.intents.values()].find((i) => i.metadata.songId === String(songId))
    expect(intent).toMatchObject({
      amount: 199,
      currency: 'usd',
      status: 'requires_payment_method',
    })

    await page.getByRole('button', { name: 'Go Back' }).click()
    await page.waitForURL((url) => url.pathname === `/songs/${songId}/register`)
    await expect.poll(() => page.getByRole('button', { name: 'Pay $1.99' }).count()).toBe(1)
    // Nothing was paid, so nothing is pretended: no payment ready, the song is not registered.
    expect(await page.getByText('Payment received').count()).toBe(0)
    expect(
      await page.getByRole('heading', { name: 'Blockchain Registration Complete' }).count(),
    ).toBe(0)

    // The blocked script is the expected failure here; anything else still fails the test.
    page.errors.splice(
      0,
      page.errors.length,
      ...page.errors.filter((error) => !/net::ERR_FAILED/.test(error)),
    )
    await page.done()
  })
})
