import type { Page } from 'playwright-core'

// Issue 54's check, shared by every area's pseudo-language test (tests/e2e/i18n-pseudo*.test.ts).
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
