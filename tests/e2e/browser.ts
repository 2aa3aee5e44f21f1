import fs from 'node:fs'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'

// Chromium's headless shell (Debian's chromium-headless-shell, the same engine and version as its
// chromium; Playwright's own default for headless runs): measured on this machine, the same page
// visits cost it a third of the full browser's CPU time (19 s against 58–65 s), which is most of
// what the browser stage waits for on 2 cores (decision 076).
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell'
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

// One Chromium per test process, shared by the files that process runs one after another
// (vitest.e2e.config.ts does not isolate them, issue 36): each file's contexts are its own and
// are closed when it ends. Chromium goes with the process.
const holder = globalThis as typeof globalThis & { __prooftrackChromium?: Promise<Browser> }
function sharedChromium() {
  if (!holder.__prooftrackChromium) {
    if (!fs.existsSync(CHROMIUM))
      throw new Error(
        `Chromium's headless shell not found at ${CHROMIUM}: run 'apt-get update && apt-get install -y chromium-headless-shell'`,
      )
    holder.__prooftrackChromium = chromium.launch({ executablePath: CHROMIUM, args: FLAGS })
    // A launch that failed is tried again by the next file.
    holder.__prooftrackChromium.catch(() => (holder.__prooftrackChromium = undefined))
  }
  return holder.__prooftrackChromium
}

/** Chromium for a test file; each test opens a fresh context with JavaScript on or off. */
export function useBrowser() {
  let browser: Browser
  const kept = new Map<string, Promise<TestPage>>()
  beforeAll(async () => {
    browser = await sharedChromium()
  })
  afterAll(async () => {
    // This file's contexts: what a test left open (a kept visitor's tab) goes with the file.
    await Promise.all(opened.map((context) => context.close().catch(() => undefined)))
    opened.length = 0
  })
  const opened: BrowserContext[] = []

  async function open({
    javaScriptEnabled,
    baseUrl,
    timezoneId,
    locale,
    keep,
  }: {
    javaScriptEnabled: boolean
    baseUrl: string
    timezoneId?: string
    locale?: string
    keep: boolean
  }): Promise<TestPage> {
    // Each context is its own client, as a proxy would report it: per-address rate limits
    // (kept in the shared database on PostgreSQL) then count per test, not for the whole run.
    const address = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`
    const context = await browser.newContext({
      javaScriptEnabled,
      baseURL: baseUrl,
      timezoneId,
      locale,
      extraHTTPHeaders: { 'X-Forwarded-For': address },
    })
    opened.push(context)
    const page = await context.newPage()
    if (javaScriptEnabled) {
      // With JavaScript, a test means the enhanced page: every visit of one of our HTML pages
      // waits until React has hydrated it (root.tsx marks <html data-hydrated>).
      const goto = page.goto.bind(page)
      page.goto = async (url, options) => {
        const response = await goto(url, options)
        const html = response?.headers()['content-type']?.startsWith('text/html') ?? false
        if (html && new URL(page.url()).origin === new URL(baseUrl).origin)
          await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 15_000 })
        return response
      }
    }
    const errors: string[] = []
    page.on('console', (message) => {
      // Chromium logs every 4xx answer; a 400 for a bad form or a 404 page is the expected
      // answer there, while a 5xx or a script error is not.
      if (message.type() === 'error' && !/status of 4\d\d/.test(message.text()))
        errors.push(message.text())
    })
    page.on('pageerror', (error) => errors.push(error.message))
    return Object.assign(page, {
      errors,
      async done() {
        const found = errors.splice(0)
        if (!keep) await context.close()
        if (found.length > 0) throw new Error(`Browser errors:\n${found.join('\n')}`)
      },
    })
  }

  return {
    baseUrl: () => inject('baseUrl'),
    /** A page whose console errors and uncaught exceptions fail the test at `assertNoErrors`. */
    async newPage({
      javaScriptEnabled,
      baseUrl = inject('baseUrl'),
      timezoneId,
      locale,
      visitor,
    }: {
      javaScriptEnabled: boolean
      baseUrl?: string
      /** The browser's time zone (IANA); Chromium's own otherwise. */
      timezoneId?: string
      /** The browser's language (its Accept-Language, navigator.language); Chromium's otherwise. */
      locale?: string
      /**
       * A returning visitor of this file's: pages opened under the same name are one tab of one
       * browser context (its cookies, its cache of the app's scripts and fonts, its renderer
       * process), which goes from address to address as one person's browser does, and `done`
       * leaves it open. Without it, every page is a new visitor's. Measured (decision 098): a new
       * tab starts a renderer process of its own, a third of a page visit's browser time.
       */
      visitor?: string
    }) {
      const options = { javaScriptEnabled, baseUrl, timezoneId, locale }
      if (!visitor) return open({ ...options, keep: false })
      const key = `${visitor} ${javaScriptEnabled} ${baseUrl} ${timezoneId} ${locale}`
      if (!kept.has(key)) kept.set(key, open({ ...options, keep: true }))
      const page = await kept.get(key)!
      // What an earlier visit (a failed one) left is not this visit's.
      page.errors.splice(0)
      return page
    },
  }
}

export type TestPage = Page & { errors: string[]; done(): Promise<void> }

export const MODES = [
  { name: 'JavaScript on', javaScriptEnabled: true },
  { name: 'JavaScript off', javaScriptEnabled: false },
] as const
