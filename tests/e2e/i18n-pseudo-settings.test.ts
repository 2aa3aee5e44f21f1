import { describe, expect, test } from 'vitest'
import { MODES, type TestPage, useBrowser } from './browser'
import crypto from 'node:crypto'
import { evenSplit } from '../setup/sample-song'
import { ipiProblem } from '~/lib/identifiers'
import { postSong, signInAsAdministrator } from './flows'
import { englishDate, englishOn, expectNothingWider, pseudoWriter } from './i18n-english'

// Issue 54, the settings area: its pages drawn in the pseudo-language (en-XA) hold no English
// outside names and identifiers, in the states the suite visits (a song listed for deletion, a
// saved time zone's toast, a second browser listed and signed out, the deletion and the sign-in
// confirmation refused after a real post, the profile refused for its IPI, a new address's link
// sent, the password refused, two-factor set up and its code refused), with JavaScript on and
// off; and in German and Japanese at 320 px nothing is wider than the window. The admin pages
// stay English, marked so (lang="en" on <main>) inside a German page.

const browser = useBrowser()

// Intl has no data for en-XA: the page writes its dates as English does ("December 7, 2026 at
// 16:20 (UTC)"), as it does every number. Only a finding that is wholly such a date is let
// through; a word of ours beside it would still be found.
const ENGLISH_DATE = englishDate(['dd', 'span'], { time: true, zone: 'required' })
// The PRO field's example societies are names only (ASCAP, BMI, PRS), each language naming its
// own; the shared check splits words at punctuation but not at the ellipsis after them.
const SOCIETIES = '@placeholder: ASCAP, BMI, PRS…'
// The account's email address, as the person typed it, in its own <bdi>.
const ADDRESS = /^<bdi>: [a-z0-9_-]+@example\.com$/
const ourEnglish = async (page: TestPage) =>
  (await englishOn(page)).filter(
    (found) => !ENGLISH_DATE.test(found) && found !== SOCIETIES && !ADDRESS.test(found),
  )

/**
 * A signed-in writer (the two form posts the sign-up and sign-in pages send, from this browser;
 * those pages have tests of their own) with an unregistered song and a second signed-in browser.
 * Names are typed by the person and stay as typed; the check cannot tell a typed name from an
 * English word, so the header's name and the song's title are ones it reads as not English.
 */
async function writer(page: TestPage) {
  const other = await browser.newPage({ javaScriptEnabled: false })
  const { username } = await pseudoWriter(page, { alsoSignedIn: [other] })
  await other.done()
  await postSong(page, {
    title: 'Été',
    contributorName: 'Zoé Ñúñez',
    dateCreated: '2025-04-01',
    toolsUsed: 'Piano',
    fileLink: 'https://example.com/song.mp3',
    contributions: evenSplit(100),
  })
  return { username }
}

const PAGES = [
  '/settings',
  '/settings/sessions',
  '/settings/data',
  '/settings/delete-account',
  '/settings/google',
  '/settings/confirm',
  '/settings/profile',
  '/settings/email',
  '/settings/password',
  '/settings/two-factor',
  // No passkey yet: the empty list, and the add form (JavaScript on) or why it is missing (off).
  '/settings/passkeys',
] as const

// Eleven digits read as an IPI name number whose check digits do not match: refused with them.
const WRONG_IPI = '00123456799'

describe.each(MODES)('the settings pages in the pseudo-language, $name', (mode) => {
  test('show no English outside names and identifiers, in each state the suite visits', async () => {
    const page = await browser.newPage({ ...mode, locale: 'en-XA' })
    await writer(page)
    const found: Record<string, string[]> = {}
    const check = async (state: string) => {
      expect(await page.locator('html').getAttribute('lang')).toBe('en-XA')
      // The route sends its messages: were it not, <main lang="en"> would mark it English.
      expect(await page.locator('main').getAttribute('lang')).toBeNull()
      found[state] = await ourEnglish(page)
    }
    for (const path of PAGES) {
      await page.goto(path)
      await check(path)
    }

    // A time zone saved: the page comes back with its toast.
    await page.goto('/settings')
    await page.locator('#time-zone').selectOption('Asia/Tokyo')
    await page.locator('form[action="/settings#time-zone-heading"] button[type="submit"]').click()
    await expect.poll(() => page.getByTestId('settings-today').textContent()).toContain('Tokyo')
    await expect.poll(() => page.getByRole('status').count()).toBeGreaterThan(0)
    await check('/settings, the time zone saved')

    // The other browser signed out from the list: the toast, and no other browser left.
    await page.goto('/settings/sessions')
    await page.getByTestId('session').locator('button[type="submit"]').click()
    await expect.poll(() => page.getByTestId('session').count()).toBe(1)
    await check('/settings/sessions, the other browser signed out')

    // The deletion refused after a real post: the wrong username typed.
    await page.goto('/settings/delete-account')
    await page.locator('#confirm-username').fill('someone-else')
    await page.locator('form:has(#confirm-username) button[type="submit"]').click()
    await expect
      .poll(() => page.locator('#confirm-username').getAttribute('aria-invalid'))
      .toBe('true')
    await check('/settings/delete-account, refused')

    // The sign-in confirmation refused after a real post: the password left empty.
    await page.goto('/settings/confirm')
    await page.locator('form:has(#password) button[type="submit"]').click()
    await expect.poll(() => page.locator('#password').getAttribute('aria-invalid')).toBe('true')
    await check('/settings/confirm, refused')

    // The profile refused after a real post: an IPI whose check digits do not match.
    expect(ipiProblem(WRONG_IPI)).toContain('(99)')
    await page.goto('/settings/profile')
    await page.locator('#profile-proNumber').fill(WRONG_IPI)
    await page.locator('form#profile button[type="submit"]').click()
    await expect.poll(() => page.getByTestId('error-summary').count()).toBe(1)
    expect(await page.locator('#profile-proNumber').getAttribute('aria-invalid')).toBe('true')
    await check('/settings/profile, the IPI refused')

    // A new address asked for: the page comes back with the toast that the link is on its way.
    await page.goto('/settings/email')
    await page.locator('#email-change-email').fill(`new-${crypto.randomUUID()}@example.com`)
    await page.locator('form#email-change button[type="submit"]').click()
    await expect.poll(() => page.getByRole('status').count()).toBeGreaterThan(0)
    await check('/settings/email, the link sent')

    // The password refused after a real post: the current one typed wrong.
    await page.goto('/settings/password')
    await page.locator('#password-currentPassword').fill('Not-My-Passw0rd')
    await page.locator('#password-newPassword').fill('N3wMelodies')
    await page.locator('#password-confirmPassword').fill('N3wMelodies')
    await page.locator('form#password button[type="submit"]').click()
    await expect
      .poll(() => page.locator('#password-currentPassword').getAttribute('aria-invalid'))
      .toBe('true')
    await check('/settings/password, refused')

    // Two-factor set up: the key, the QR code, the steps and the toast; then a wrong code refused.
    await page.goto('/settings/two-factor')
    await page.locator('button[name="intent"][value="start"]').click()
    await expect.poll(() => page.getByTestId('two-factor-key').count()).toBe(1)
    await check('/settings/two-factor, set up')
    await page.locator('#confirm-code').fill('000000')
    await page.locator('form:has(#confirm-code) button[type="submit"]').click()
    await expect.poll(() => page.locator('#confirm-code').getAttribute('aria-invalid')).toBe('true')
    await check('/settings/two-factor, the code refused')

    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((state) => [state, []])))
    await page.done()
  })
})

test('the check finds English: the same Settings page in English fails it', async () => {
  const page = await browser.newPage({ javaScriptEnabled: false, locale: 'en-US' })
  await writer(page)
  await page.goto('/settings')
  expect(await ourEnglish(page)).toContain('<h1>: Settings')
  await page.done()
})

describe.each(['de', 'ja'])('the settings pages in %s at 320 px', (locale) => {
  test.each(MODES)('$name: nothing wider than the window', async (mode) => {
    const page = await browser.newPage({ ...mode, locale })
    await writer(page)
    await page.setViewportSize({ width: 320, height: 640 })
    const fits = async (path: string) => {
      expect(await page.locator('html').getAttribute('lang')).toBe(locale)
      await expectNothingWider(page, { path })
    }
    for (const path of PAGES) {
      await page.goto(path)
      await fits(path)
    }
    // Two-factor being set up: the QR code, the key and the steps.
    await page.goto('/settings/two-factor')
    await page.locator('button[name="intent"][value="start"]').click()
    await expect.poll(() => page.getByTestId('two-factor-key').count()).toBe(1)
    await fits('/settings/two-factor, set up')
    await page.done()
  })
})

test.each(MODES)(
  '$name: the admin pages stay English inside a German page, marked lang="en"',
  async (mode) => {
    const page = await browser.newPage({ ...mode, locale: 'de' })
    await signInAsAdministrator(page)
    for (const path of ['/', '/admin/video', '/admin/verify']) {
      await page.goto(path)
      expect(await page.locator('html').getAttribute('lang')).toBe('de')
      expect({ path, main: await page.locator('main').getAttribute('lang') }).toEqual({
        path,
        main: 'en',
      })
    }
    await page.done()
  },
)
