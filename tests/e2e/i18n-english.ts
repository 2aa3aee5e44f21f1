import type { Page } from 'playwright-core'
import { expect } from 'vitest'

// Issue 54's check, shared by every area's pseudo-language test (tests/e2e/i18n-pseudo*.test.ts),
// with the check those tests share besides: nothing wider than a 320 px window.

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
