import { describe, expect, test } from 'vitest'
import { MODES, useBrowser } from './browser'
import { englishOn } from './i18n-english'

// Issue 54: the pages drawn in the pseudo-language (en-XA: English accented and a third longer,
// served only to test servers) hold no English sentence: every text a reader sees or hears (text
// nodes, the labels and titles of elements, the document's title and description) carries an
// accented letter, or is only a name, an identifier or a number. A string that skipped the
// catalogue stays plain English and fails here.
//
// The shell's and the landing page's pages. Each other area has its own file
// (tests/e2e/i18n-pseudo-<area>.test.ts) with the same check (./i18n-english.ts), listing its
// pages with the states the suite visits (a form's refusal, a dialog open).
const PAGES = [
  { path: '/', name: 'the landing page' },
  { path: '/no/such/page', name: 'the 404 page' },
]

const browser = useBrowser()

describe.each(MODES)('in the pseudo-language, $name', (mode) => {
  test.each(PAGES)('$name shows no English outside names and identifiers', async ({ path }) => {
    const page = await browser.newPage({ ...mode, locale: 'en-XA' })
    await page.goto(path)
    expect(await page.locator('html').getAttribute('lang')).toBe('en-XA')
    // The page's route sends its messages: were it not, <main lang="en"> would say (and this
    // check would skip) content still in English.
    expect(await page.locator('main').getAttribute('lang')).toBeNull()
    const found = await englishOn(page)
    expect(found).toEqual([])
    await page.done()
  })
})

test('the check finds English: the same landing page in English fails it', async () => {
  const page = await browser.newPage({ javaScriptEnabled: false, locale: 'en-US' })
  await page.goto('/')
  expect(await englishOn(page)).toContain('<h1>: Lock in Your Song Details - Forever.')
  await page.done()
})
