// The new user's path on Slow 3G (issue 53, item 5): Chromium's headless shell through
// playwright-core, its network throttled by Chrome's own emulation (CDP
// Network.emulateNetworkConditions: 2 s round trip, 50 kB/s each way). Each page is a document
// load in one browser, so what an earlier page fetched is in the cache as it would be for a
// person walking the path. For each page: time to first contentful paint, time until the page
// is usable (React hydrated it: root.tsx marks <html data-hydrated>), the JavaScript files it
// needs, how many of them went over the network, and in how many round trips.
/* global document, window, performance, MutationObserver, location */
import { chromium } from 'playwright-core'

export const SLOW_3G = { latency: 2000, downloadThroughput: 50_000, uploadThroughput: 50_000 }
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell'
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic']
const PASSWORD = 'SlowNetw0rk-Bench'

/**
 * Landing, sign-up, verify email, the song form, and the registration page; then a registration
 * on that page, recording each step it shows and when. `song` is a song of the seeded
 * registrar's (email verified, no monthly limit) that nothing else registers: a new account
 * cannot register for free before it verifies its email, which needs the mailed code.
 */
export async function slowNetworkPath(baseUrl, seed, { song }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS })
  try {
    const context = await browser.newContext({
      baseURL: baseUrl,
      // Its own client address, as a proxy would report it (the sign-up limit counts per address).
      extraHTTPHeaders: { 'X-Forwarded-For': '198.18.53.3' },
    })
    // When <html data-hydrated> appears, in the page's own clock (no CDP round trip in it).
    await context.addInitScript(() => {
      const mark = () => {
        if (document.documentElement?.dataset.hydrated && !window.__hydratedAt)
          window.__hydratedAt = performance.now()
      }
      new MutationObserver(mark).observe(document, {
        attributes: true,
        subtree: true,
        attributeFilter: ['data-hydrated'],
      })
    })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_3G })

    const pages = []
    pages.push(await visit(page, 'landing', 'landing /', '/'))
    pages.push(await visit(page, 'signUp', 'sign-up /register', '/register'))
    // The account the form would make, made with the form's own post (set-up: page.request is
    // not throttled), then signed in, so the next pages are the new user's.
    await newAccount(page)
    pages.push(await visit(page, 'verifyEmail', 'verify email /verify-email', '/verify-email'))
    pages.push(await visit(page, 'songForm', 'song form /submit', '/submit'))
    const [name, value] = seed.registrar.cookie.split(';')[0].split('=')
    await context.addCookies([{ name, value, url: baseUrl }])
    pages.push(
      await visit(page, 'register', 'registration /songs/:id/register', `/songs/${song}/register`),
    )
    const registration = await register(page)
    return { network: SLOW_3G, pages, registration }
  } finally {
    await browser.close()
  }
}

async function visit(page, key, name, path) {
  await page.goto(path, { waitUntil: 'commit', timeout: 180_000 })
  await page.waitForFunction(() => window.__hydratedAt !== undefined, null, {
    timeout: 180_000,
    polling: 100,
  })
  const seen = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    usable: window.__hydratedAt,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({
        path: new URL(entry.name).pathname,
        requestStart: entry.requestStart,
        responseEnd: entry.responseEnd,
        transferSize: entry.transferSize,
      })),
  }))
  const needed = new Map()
  for (const script of seen.scripts) if (!needed.has(script.path)) needed.set(script.path, script)
  // Fetched over the network: a file from the cache transfers nothing.
  const fetched = [...needed.values()].filter((script) => script.transferSize > 0)
  return {
    key,
    name,
    path,
    firstPaintMs: Math.round(seen.firstPaint ?? NaN),
    usableMs: Math.round(seen.usable),
    jsFiles: needed.size,
    jsRequests: fetched.length,
    jsRoundTrips: roundTrips(fetched),
    jsTransferredBytes: fetched.reduce((sum, script) => sum + script.transferSize, 0),
  }
}

/**
 * Round trips: a request sent once an earlier JavaScript answer had arrived starts a new one
 * (over HTTP/1.1 a browser keeps six connections to a host, so the seventh file waits for a
 * free one; a file imported by another waits for it).
 */
export function roundTrips(requests) {
  const sorted = [...requests].sort((a, b) => a.requestStart - b.requestStart)
  let trips = 0
  let firstAnswer = -Infinity
  for (const request of sorted) {
    if (trips === 0 || request.requestStart >= firstAnswer) {
      trips++
      firstAnswer = request.responseEnd
    } else firstAnswer = Math.min(firstAnswer, request.responseEnd)
  }
  return trips
}

async function newAccount(page) {
  const suffix = Math.random().toString(36).slice(2, 8)
  const username = `slow_${suffix}`
  const post = (path, form, maxRedirects) =>
    page.request.post(path, {
      form,
      maxRedirects,
      headers: { 'Sec-Fetch-Site': 'same-origin' },
    })
  const registered = await post('/register', {
    firstName: 'Slow',
    lastName: 'Network',
    username,
    email: `${username}@bench.test`,
    password: PASSWORD,
    timeZone: 'UTC',
  })
  if (new URL(registered.url()).pathname !== '/login')
    throw new Error(`The sign-up answered ${registered.status()}`)
  const signedIn = await post('/login', { usernameOrEmail: username, password: PASSWORD }, 0)
  if (signedIn.status() !== 302) throw new Error(`The sign-in answered ${signedIn.status()}`)
}

/** Ticks the box, registers, and notes each step the page shows and when, until it is done. */
async function register(page) {
  await page.getByRole('checkbox').first().check()
  const started = Date.now()
  await page.getByRole('button', { name: /Register on Blockchain/ }).click()
  const shown = []
  for (;;) {
    const now = Date.now() - started
    const state = await page
      .evaluate(() => ({
        path: location.pathname,
        steps: [...document.querySelectorAll('[data-registration-step]')].map(
          (step) => `${step.getAttribute('data-registration-step')}:${step.dataset.state}`,
        ),
        status: document.querySelector('[role="status"]')?.textContent?.trim() ?? null,
      }))
      .catch(() => null)
    if (state) {
      const line = state.steps.length > 0 ? state.steps.join(' ') : (state.status ?? '')
      if (line && shown.at(-1)?.shown !== line) shown.push({ atMs: now, shown: line })
      if (state.path === '/') return { doneMs: now, shown }
    }
    if (now > 180_000) return { doneMs: null, shown }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The Slow-3G table of the bench's report. */
export function slowNetworkReport(slow, table) {
  const seconds = (ms) => (Number.isFinite(ms) ? (ms / 1000).toFixed(1) : '–')
  if (slow.error) return `### The new user's path on Slow 3G\n\nNot measured: ${slow.error}`
  const lines = [
    `### The new user's path on Slow 3G (${slow.network.latency} ms round trip, ${slow.network.downloadThroughput / 1000} kB/s; one browser, its cache kept from page to page)`,
    table(
      [
        'page',
        'first paint s',
        'usable s',
        'JS files needed',
        'JS requests',
        'JS round trips',
        'JS KB sent',
      ],
      slow.pages.map((page) => [
        page.name,
        seconds(page.firstPaintMs),
        seconds(page.usableMs),
        page.jsFiles,
        page.jsRequests,
        page.jsRoundTrips,
        (page.jsTransferredBytes / 1024).toFixed(1),
      ]),
    ),
  ]
  if (slow.registration)
    lines.push(
      '',
      `Registration on Slow 3G: done after ${seconds(slow.registration.doneMs)} s; shown on the way: ${slow.registration.shown.map((one) => `${seconds(one.atMs)} s “${one.shown}”`).join(', ')}`,
    )
  return lines.join('\n')
}
