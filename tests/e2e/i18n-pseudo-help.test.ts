import { describe, expect, test } from 'vitest'
import { MODES, type TestPage, useBrowser } from './browser'
import { englishOn, expectNothingWider } from './i18n-english'

// Issue 54, the help area: the FAQ, the contact form (empty, refused after a real post with the
// message left empty, sent) and the two legal pages drawn in the pseudo-language (en-XA) hold
// no English outside names and identifiers, with JavaScript on and off; in German and Japanese
// at 320 px nothing is wider than the window; and a visitor's kept copy of a help page
// (anonymous-pages) is never sent in another visitor's language.

const browser = useBrowser()

const PAGES = ['/faq', '/contact', '/privacy-policy', '/terms-of-service'] as const

// The support address the legal pages link to is an identifier, as typed in every language.
const ADDRESS = /^<a>: [^\s@]+@[^\s@]+$/
const ourEnglish = async (page: TestPage) =>
  (await englishOn(page)).filter((found) => !ADDRESS.test(found))

/** The contact form, filled but for `leave`, sent by its own button. */
async function sendContact(page: TestPage, leave?: 'message') {
  await page.goto('/contact')
  await page.locator('form#contact [name="name"]').fill('Zoé Ñúñez')
  await page.locator('form#contact [name="email"]').fill('zoe@example.com')
  await page.locator('form#contact [name="subject"]').fill('Ŝplìt qüéstìöñ')
  if (leave !== 'message')
    await page.locator('form#contact [name="message"]').fill('Çàñ Ì àdd à çö-wrìtér làtér?')
  await page.locator('form#contact button[type="submit"]').click()
}

describe.each(MODES)('the help pages in the pseudo-language, $name', (mode) => {
  test('show no English outside names and identifiers, in each state the suite visits', async () => {
    const page = await browser.newPage({ ...mode, locale: 'en-XA' })
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
    // A translation says the English text governs, on both legal pages.
    expect(await page.getByTestId('governing-text').count()).toBe(1)

    // Every FAQ answer open at once (one is, without script): their words are checked too.
    await page.goto('/faq')
    await page.evaluate(() => {
      for (const item of document.querySelectorAll('details')) item.removeAttribute('name')
      for (const item of document.querySelectorAll('details')) item.open = true
    })
    await check('/faq, every answer open')

    // Refused after a real post: the message left empty.
    await sendContact(page, 'message')
    await expect
      .poll(() => page.locator('form#contact [name="message"]').getAttribute('aria-invalid'))
      .toBe('true')
    expect(await page.getByTestId('error-summary').count()).toBe(1)
    await check('/contact, refused')

    // Sent: the page thanks, and its toast says so.
    await sendContact(page)
    await expect.poll(() => new URL(page.url()).search).toBe('?sent=1')
    await expect.poll(() => page.getByRole('status').count()).toBeGreaterThan(0)
    await check('/contact, sent')

    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((state) => [state, []])))
    await page.done()
  })
})

test('the check finds English: the same contact page refused in English fails it', async () => {
  const page = await browser.newPage({ javaScriptEnabled: false, locale: 'en-US' })
  await sendContact(page, 'message')
  await expect
    .poll(() => page.locator('form#contact [name="message"]').getAttribute('aria-invalid'))
    .toBe('true')
  const english = await ourEnglish(page)
  expect(english).toContain('<h1>: Contact Us')
  expect(english.filter((found) => found.endsWith(': Enter a message')).length).toBeGreaterThan(0)
  await page.done()
})

describe.each(['de', 'ja'])('the help pages in %s at 320 px', (locale) => {
  test.each(MODES)('$name: nothing wider than the window', async (mode) => {
    const page = await browser.newPage({ ...mode, locale })
    await page.setViewportSize({ width: 320, height: 640 })
    const widths = async (state: string) => {
      expect(await page.locator('html').getAttribute('lang')).toBe(locale)
      // Hidden from people on purpose: the screen reader's text, and the bots' honeypot field.
      await expectNothingWider(
        page,
        { state },
        '.sr-only, [aria-hidden="true"]:has([name="website"])',
      )
    }
    for (const path of PAGES) {
      await page.goto(path)
      await widths(path)
    }
    await sendContact(page, 'message')
    await expect
      .poll(() => page.locator('form#contact [name="message"]').getAttribute('aria-invalid'))
      .toBe('true')
    await widths('/contact, refused')
    await page.done()
  })
})

describe('a visitor’s kept help page is kept per language', () => {
  /** A cookie-less visit, as the kept copies answer them (anonymous-pages). */
  async function visit(path: string, acceptLanguage: string) {
    const response = await fetch(`${browser.baseUrl()}${path}`, {
      headers: { 'Accept-Language': acceptLanguage },
    })
    expect(response.status).toBe(200)
    const html = await response.text()
    return {
      kept: response.headers.get('x-cache') === 'hit',
      lang: /<html[^>]* lang="([^"]+)"/.exec(html)?.[1],
      title: /<h1[^>]*>([^<]+)<\/h1>/.exec(html)?.[1],
    }
  }

  test.each([
    ['/faq', 'Häufige Fragen', 'Frequently Asked Questions'],
    ['/privacy-policy', 'Datenschutzerklärung', 'Privacy Policy'],
    ['/terms-of-service', 'Nutzungsbedingungen', 'Terms of Service'],
  ])(
    '%s: a German visitor is sent German, kept or not, and an English one English',
    async (path, german, english) => {
      const first = await visit(path, 'de-DE,de;q=0.9')
      const again = await visit(path, 'de-DE,de;q=0.9')
      expect([first.lang, first.title, again.lang, again.title]).toEqual([
        'de',
        german,
        'de',
        german,
      ])
      expect(again.kept).toBe(true)
      // The English copy is kept under its own key, and the German one is not its answer.
      await visit(path, 'en-US')
      const inEnglish = await visit(path, 'en-US')
      expect([inEnglish.kept, inEnglish.lang, inEnglish.title]).toEqual([true, 'en', english])
      const germanAfter = await visit(path, 'de')
      expect([germanAfter.lang, germanAfter.title]).toEqual(['de', german])
    },
  )
})
