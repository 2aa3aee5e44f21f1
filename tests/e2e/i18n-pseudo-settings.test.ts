import { describe, expect, test } from 'vitest'
import { MODES, type TestPage, useBrowser } from './browser'
import crypto from 'node:crypto'
import { evenSplit } from '../setup/sample-song'
import { PASSWORD, postSong } from './flows'
import { englishOn } from './i18n-english'

// Issue 54, the settings area: its pages drawn in the pseudo-language (en-XA) hold no English
// outside names and identifiers, in the states the suite visits (a song listed for deletion, a
// saved time zone's toast, a second browser listed and signed out, the deletion and the sign-in
// confirmation refused after a real post), with JavaScript on and off; and in German and Japanese at 320 px nothing is wider
// than the window.

const browser = useBrowser()

// Intl has no data for en-XA: the page writes its dates as English does ("December 7, 2026 at
// 16:20 (UTC)"), as it does every number. Only a finding that is wholly such a date is let
// through; a word of ours beside it would still be found.
const MONTH =
  'January|February|March|April|May|June|July|August|September|October|November|December'
const ENGLISH_DATE = new RegExp(
  `^<(dd|span)>: (${MONTH}) \\d{1,2}, \\d{4}( at \\d{2}:\\d{2})? \\([A-Za-z/ _+-]+\\)$`,
)
const ourEnglish = async (page: TestPage) =>
  (await englishOn(page)).filter((found) => !ENGLISH_DATE.test(found))

const post = (page: TestPage, path: string, form: Record<string, string>) =>
  page.request.post(path, { form, headers: { 'Sec-Fetch-Site': 'same-origin' } })

/**
 * A signed-in writer (the two form posts the sign-up and sign-in pages send, from this browser;
 * those pages have tests of their own) with an unregistered song and a second signed-in browser.
 * Names are typed by the person and stay as typed; the check cannot tell a typed name from an
 * English word, so the header's name and the song's title are ones it reads as not English.
 */
async function writer(page: TestPage) {
  const username = `zoe_${crypto.randomBytes(3).toString('hex')}`
  const registered = await post(page, '/register', {
    firstName: 'Zoé',
    lastName: 'Ñúñez',
    username,
    email: `${username}@example.com`,
    password: PASSWORD,
    timeZone: 'UTC',
  })
  expect(new URL(registered.url()).pathname).toBe('/login')
  for (const session of [page, await browser.newPage({ javaScriptEnabled: false })]) {
    const signedIn = await session.request.post('/login', {
      form: { usernameOrEmail: username, password: PASSWORD },
      headers: { 'Sec-Fetch-Site': 'same-origin' },
      maxRedirects: 0,
    })
    expect(signedIn.status()).toBe(302)
    if (session !== page) await session.done()
  }
  // The sign-in's welcome toast is the auth area's: spent on a page of its own, not checked here.
  await page.request.get('/settings/data')
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
] as const

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
    for (const path of PAGES) {
      await page.goto(path)
      expect(await page.locator('html').getAttribute('lang')).toBe(locale)
      const wider = await page.evaluate(() => {
        const width = document.documentElement.clientWidth
        return [...document.body.querySelectorAll('*')]
          .filter((element) => {
            const box = element.getBoundingClientRect()
            return box.width > 0 && (box.right > width + 0.5 || box.left < -0.5)
          })
          .filter((element) => !element.closest('.sr-only'))
          .map((element) => `${element.tagName.toLowerCase()}.${element.className}`)
      })
      expect({ path, wider }).toEqual({ path, wider: [] })
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        320,
      )
    }
    await page.done()
  })
})
