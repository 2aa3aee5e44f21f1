import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { MODES, useBrowser } from './browser'

// Issue 54: the pages drawn in the pseudo-language (en-XA: English accented and a third longer,
// served only to test servers) hold no English sentence: every text a reader sees or hears (text
// nodes, the labels and titles of elements, the document's title and description) carries an
// accented letter, or is only a name, an identifier or a number. A string that skipped the
// catalogue stays plain English and fails here.
//
// The pages translated so far. A translator adds each page of their area here, with the states
// the suite visits (a form's refusal, a dialog open), once its strings go through the catalogue.
const PAGES = [
  { path: '/', name: 'the landing page' },
  { path: '/no/such/page', name: 'the 404 page' },
]

// What a page may show that no catalogue translates: the product's name, its mark, identifiers
// written in capitals (PRO, SHA-256, ISRC) and numbers.
const NAMES = ['ProofTrack', 'PT']

const browser = useBrowser()

/** The texts of the page that are neither pseudo-accented nor only names and identifiers. */
function englishOn(page: Page) {
  return page.evaluate((names) => {
    const accented = /[àƀçđéƒĝĥîĵķĺɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ]/
    const plain = (text: string) =>
      text
        .split(/[\s.,:;!?()/|·•©—–-]+/)
        .every(
          (word) =>
            word === '' ||
            names.includes(word) ||
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
