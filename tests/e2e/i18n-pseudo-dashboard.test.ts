import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { evenSplit } from '../setup/sample-song'
import { type StripeServer, startStripeServer } from '../setup/stripe-server'
import { MODES, type TestPage, useBrowser } from './browser'
import { postSong, registerSong, verifyEmailThroughAdmin } from './flows'
import {
  englishDate,
  englishOn,
  expectNothingWider,
  pseudoWriter,
  SHORT_MONTH,
} from './i18n-english'
import { useServer } from './server'

// Issue 54, the dashboard and registration areas: the dashboard (empty, then with songs), the
// list of songs (and a page past its end), the register page and its refusal after a real post,
// the register dialog (JavaScript on), and a registration's completion on the dashboard with its
// toast, and the payment step (on a server with Stripe's stand-in), drawn in the pseudo-language (en-XA), hold no English outside names and identifiers,
// with JavaScript on and off; and in German and Japanese at 320 px nothing is wider than the
// window.

const browser = useBrowser()

// Intl has no data for en-XA: its dates and months are English ("April 1, 2025", "Dec 2026"), as
// every number. A transaction's signature is an identifier in base58. Only a finding that is
// wholly one of these is let through; a word of ours beside it would still be found.
const ALLOWED = [
  englishDate(['div', 'dd', 'span']),
  new RegExp(`^<(text|th)>: (${SHORT_MONTH})( \\d{4})?$`),
  /^<p>: [1-9A-HJ-NP-Za-km-z]{43,88}$/,
]
const ourEnglish = async (page: TestPage) =>
  (await englishOn(page)).filter((found) => !ALLOWED.some((allowed) => allowed.test(found)))

// The songs' titles, as the writer's name (pseudoWriter), read as not English.
const song = (page: TestPage, title: string) =>
  postSong(page, {
    title,
    contributorName: 'Zoé Ñúñez',
    dateCreated: '2025-04-01',
    toolsUsed: 'Piano',
    fileLink: 'https://example.com/song.mp3',
    contributions: evenSplit(100),
  })

describe.each(MODES)('the dashboard and registration in the pseudo-language, $name', (mode) => {
  test('show no English outside names and identifiers, in each state the suite visits', async () => {
    const page = await browser.newPage({ ...mode, locale: 'en-XA' })
    await pseudoWriter(page)
    const found: Record<string, string[]> = {}
    const check = async (state: string) => {
      expect(await page.locator('html').getAttribute('lang')).toBe('en-XA')
      // The route sends its messages: were it not, <main lang="en"> would mark it English.
      expect(await page.locator('main').getAttribute('lang')).toBeNull()
      found[state] = await ourEnglish(page)
    }

    // Empty: the dashboard's and the list's empty states.
    for (const path of ['/', '/songs']) {
      await page.goto(path)
      await check(`${path}, no song yet`)
    }

    const first = await song(page, 'Été')
    const second = await song(page, 'Ñoño')
    for (const path of ['/', '/songs', '/songs?page=9', `/songs/${first.id}/register`]) {
      await page.goto(path)
      await check(path)
    }

    // The register page's refusal after a real post. Without JavaScript: the box left unticked.
    // With it, the button waits for the box: ticked, the unverified account is refused.
    await page.goto(`/songs/${first.id}/register`)
    if (mode.javaScriptEnabled) await page.locator('input[name="confirmed"]').check()
    await page.locator('form[action$="/register"] button[type="submit"]').click()
    await expect.poll(() => page.getByRole('alert').count()).toBeGreaterThan(0)
    await check('/songs/:id/register, refused')

    if (mode.javaScriptEnabled) {
      // The dashboard's register dialog, its card loaded from the register page's loader.
      await page.goto('/')
      await page.locator(`a[href="/songs/${second.id}/register"]`).click()
      await expect
        .poll(() => page.locator('[role="dialog"] input[name="confirmed"]').count())
        .toBe(1)
      await check('/, the register dialog')
      await page.keyboard.press('Escape')
    }

    // Verified, the song registered through the page: its completion on the dashboard, toasted.
    await verifyEmailThroughAdmin(page, await browser.newPage({ javaScriptEnabled: false }))
    await page.goto(`/songs/${first.id}/register`)
    await page.locator('input[name="confirmed"]').check()
    await page.locator('form[action$="/register"] button[type="submit"]').click()
    await page.waitForURL((url) => url.searchParams.get('registered') === String(first.id), {
      timeout: 30_000,
    })
    await expect.poll(() => page.getByTestId('registration-network').count()).toBe(1)
    await check('/?registered, the completion and its toast')
    await page.goto('/songs')
    await check('/songs, a song registered')

    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((state) => [state, []])))
    await page.done()
  })
})

// The payment step needs a server with Stripe configured: its real client, pointed at the
// loopback stand-in (tests/e2e/payments.test.ts tests the payment itself).
describe('the payment step in the pseudo-language', () => {
  const SECRET_KEY = 'sk_test_prooftrack_i18n'
  let stripe: StripeServer
  beforeAll(async () => {
    stripe = await startStripeServer({ secretKey: SECRET_KEY, webhookSecret: 'whsec_i18n' })
  })
  afterAll(async () => {
    await stripe?.stop()
  })
  const server = useServer({
    admin: true,
    env: () => ({
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_prooftrack_i18n',
      STRIPE_WEBHOOK_SECRET: 'whsec_i18n',
      ...stripe.env,
    }),
  })

  test.each(MODES)('$name: the register card asking to pay, and the payment step', async (mode) => {
    const page = await browser.newPage({ ...mode, locale: 'en-XA', baseUrl: server.baseUrl })
    // No internet here: Stripe.js cannot load, and the step shows its init-failure card.
    await page.route('https://js.stripe.com/**', (route) => route.abort())
    await pseudoWriter(page)
    // The administrator's server is the one the page is on (read from its address).
    await page.goto('/')
    await verifyEmailThroughAdmin(
      page,
      await browser.newPage({ javaScriptEnabled: false, baseUrl: server.baseUrl }),
    )
    // The month's free registration used, the next song asks to be paid for.
    await registerSong(page, (await song(page, 'Été')).id)
    const { id } = await song(page, 'Ñoño')
    const found: Record<string, string[]> = {}
    await page.goto(`/songs/${id}/register`)
    expect(await page.locator('html').getAttribute('lang')).toBe('en-XA')
    found.card = await ourEnglish(page)

    await page.goto(`/songs/${id}/register/pay?confirmed=yes`)
    expect(await page.locator('main').getAttribute('lang')).toBeNull()
    if (mode.javaScriptEnabled) {
      await expect.poll(() => page.getByRole('alert').count(), { timeout: 20_000 }).toBe(1)
      page.errors.splice(
        0,
        page.errors.length,
        ...page.errors.filter((error) => !/net::ERR_FAILED/.test(error)),
      )
    }
    found.payment = await ourEnglish(page)
    expect(found).toEqual({ card: [], payment: [] })
    await page.done()
  })
})

test('the check finds English: the same dashboard in English fails it', async () => {
  const page = await browser.newPage({ javaScriptEnabled: false, locale: 'en-US' })
  await pseudoWriter(page)
  await page.goto('/')
  expect(await ourEnglish(page)).toContain('<p>: No songs submitted yet')
  await page.done()
})

describe.each(['de', 'ja'])('the dashboard and registration in %s at 320 px', (locale) => {
  test.each(MODES)('$name: nothing wider than the window', async (mode) => {
    const page = await browser.newPage({ ...mode, locale })
    await pseudoWriter(page)
    const { id } = await song(page, 'Nachtlied')
    await page.setViewportSize({ width: 320, height: 640 })
    for (const path of ['/', '/songs', `/songs/${id}/register`]) {
      await page.goto(path)
      expect(await page.locator('html').getAttribute('lang')).toBe(locale)
      await expectNothingWider(page, { path })
    }
    await page.done()
  })
})
