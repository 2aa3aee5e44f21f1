import crypto from 'node:crypto'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import type { TestPage } from './browser'
import { PASSWORD } from './flows'

// Issue 54's check, shared by every area's pseudo-language test (tests/e2e/i18n-pseudo*.test.ts),
// with what those tests share besides: the English dates let through, the writer they sign up and
// in, and the check that nothing is wider than a 320 px window.

// What a page may show that no catalogue translates: the product's name, its mark, identifiers
// written in capitals (PRO, SHA-256, ISRC) and numbers.
const NAMES = ['ProofTrack', 'PT']

/** The texts of the page that are neither pseudo-accented nor only names and identifiers. */
export function englishOn(page: Page) {
  return page.evaluate((names) => {
    const accented = /[àƀçđéƒĝĥîĵķĺɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ]/
    const plain = (text: string) =>
      text.split(/[\s.,:;!?()/|·•©—–-]+/).every(
        (word) =>
          word === '' ||
          names.includes(word) ||
          // A drawn symbol (the toast's ✕) is no language's word.
          !/\p{L}/u.test(word) ||
          /^[A-Z0-9][A-Z0-9-]*$/.test(word) ||
          /^\d+$/.test(word),
      )
    const english: string[] = []
    const check = (text: string | null, where: string) => {
      const value = (text ?? '').trim()
      if (value && !accented.test(value) && !plain(value)) english.push(`${where}: ${value}`)
    }
    // Text marked as another language (the language form's names of languages) is not the page's.
    const foreign = (element: Element | null) => Boolean(element?.closest('[lang]:not(html)'))
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (!parent || parent.closest('script, style, noscript, template') || foreign(parent))
        continue
      check(node.textContent, `<${parent.tagName.toLowerCase()}>`)
    }
    for (const element of document.body.querySelectorAll(
      '[aria-label], [title], [alt], [placeholder]',
    ))
      for (const name of ['aria-label', 'title', 'alt', 'placeholder'])
        if (element.hasAttribute(name) && !foreign(element))
          check(element.getAttribute(name), `@${name}`)
    check(document.title, '<title>')
    check(
      document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
      '<meta description>',
    )
    return english
  }, NAMES)
}

// Intl has no data for en-XA: the pseudo-language writes its dates as English does ("April 1,
// 2025", "December 7, 2026 at 16:20 (UTC)", "Dec 2026"). Each area's test lets through only a
// finding that is wholly such a date, from the pieces below; a word of ours beside it is still
// found.
export const MONTH =
  'January|February|March|April|May|June|July|August|September|October|November|December'
export const SHORT_MONTH = 'Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec'
/** A day as Intl's English writes it: "April 1, 2025". */
export const ENGLISH_DAY = `(${MONTH}) \\d{1,2}, \\d{4}`
/** The time zone a date may be followed by: " (UTC)", " (Asia/Tokyo)". */
export const TIME_ZONE = ` \\([A-Za-z/ _+-]+\\)`

/**
 * A finding that is wholly an English date in one of `tags`' text: the day, then " at 16:20"
 * where `time` allows it, then the time zone, which `zone` makes optional or required.
 */
export function englishDate(
  tags: readonly string[],
  { time = false, zone = 'optional' }: { time?: boolean; zone?: 'optional' | 'required' } = {},
) {
  const at = time ? '( at \\d{2}:\\d{2})?' : ''
  const timeZone = zone === 'required' ? TIME_ZONE : `(${TIME_ZONE})?`
  return new RegExp(`^<(${tags.join('|')})>: ${ENGLISH_DAY}${at}${timeZone}$`)
}

/**
 * A new account through the sign-up form's post, as the browser sends it (that page has tests of
 * its own). The check cannot tell a typed name from an English word: the name given reads as not
 * English. The address is the username's, its underscore a hyphen.
 */
export async function pseudoSignUp(page: TestPage, firstName = 'Zoé', lastName = 'Ñúñez') {
  const username = `zoe_${crypto.randomBytes(3).toString('hex')}`
  const email = `${username.replace('_', '-')}@example.com`
  const registered = await page.request.post('/register', {
    form: { firstName, lastName, username, email, password: PASSWORD, timeZone: 'UTC' },
    headers: { 'Sec-Fetch-Site': 'same-origin' },
  })
  expect(new URL(registered.url()).pathname).toBe('/login')
  return { username, email }
}

/** Signed in by the sign-in form's post from this browser, its redirect not followed. */
export async function pseudoSignIn(page: TestPage, username: string) {
  const signedIn = await page.request.post('/login', {
    form: { usernameOrEmail: username, password: PASSWORD },
    headers: { 'Sec-Fetch-Site': 'same-origin' },
    maxRedirects: 0,
  })
  expect(signedIn.status()).toBe(302)
}

/**
 * A signed-up and signed-in writer (pseudoSignUp, then pseudoSignIn in this browser and in each of
 * `alsoSignedIn`). The sign-in's welcome toast is the auth area's: spent on a page of its own, not
 * checked here; fetched, or opened in the page where `open` names the page.
 */
export async function pseudoWriter(
  page: TestPage,
  {
    firstName,
    lastName,
    alsoSignedIn = [],
    open,
  }: { firstName?: string; lastName?: string; alsoSignedIn?: TestPage[]; open?: string } = {},
) {
  const account = await pseudoSignUp(page, firstName, lastName)
  for (const session of [page, ...alsoSignedIn]) await pseudoSignIn(session, account.username)
  if (open) await page.goto(open)
  else await page.request.get('/settings/data')
  return account
}

/**
 * What is wider than the window (the tests open it 320 px wide): each element with a width that
 * reaches past its right or left edge, as `tag.class`, but for those inside `ignore` (the screen
 * reader's text, hidden from people on purpose).
 */
export function widerThanTheWindow(page: Page, ignore = '.sr-only') {
  return page.evaluate((ignore) => {
    const width = document.documentElement.clientWidth
    return [...document.body.querySelectorAll('*')]
      .filter((element) => {
        const box = element.getBoundingClientRect()
        return box.width > 0 && (box.right > width + 0.5 || box.left < -0.5)
      })
      .filter((element) => !element.closest(ignore))
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`)
  }, ignore)
}

/** The document's own width: more than the window's, and the page scrolls sideways. */
export function documentWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth)
}

/**
 * Nothing on the page is wider than a 320 px window, nor does the document scroll sideways.
 * `where` (the path or state) is shown beside the elements found, as the expectation's own key.
 */
export async function expectNothingWider(
  page: Page,
  where?: { path: string } | { state: string },
  ignore?: string,
) {
  const wider = await widerThanTheWindow(page, ignore)
  if (where) expect({ ...where, wider }).toEqual({ ...where, wider: [] })
  else expect(wider).toEqual([])
  expect(await documentWidth(page)).toBeLessThanOrEqual(320)
}
