import type { TestPage } from './browser'

// Issue 39.9: every control not inside a sentence is at least 24 × 24 CSS pixels. One measure for
// the page table at 320 px without JavaScript (core-flow) and the pages with it (tap-targets-js).

/**
 * Buttons and links smaller than 24 × 24 CSS pixels (WCAG 2.2, 2.5.8), as "name width×height".
 * A link inside a sentence is exempt: one laid out inline in a block that has other words.
 */
export async function smallTargets(page: TestPage) {
  return page.evaluate(() => {
    const inSentence = (element: HTMLElement) => {
      if (getComputedStyle(element).display !== 'inline') return false
      let block = element.parentElement
      while (block && getComputedStyle(block).display.startsWith('inline'))
        block = block.parentElement
      const own = (element.textContent ?? '').trim()
      const around = (block?.textContent ?? '').replace(own, '').trim()
      return around.length > 0
    }
    return Array.from(
      document.querySelectorAll<HTMLElement>(
        'button, a[href], input[type=submit], input[type=button], summary',
      ),
    )
      .filter(
        (element) =>
          element.getClientRects().length > 0 &&
          !element.closest('[aria-hidden="true"], .sr-only') &&
          getComputedStyle(element).visibility !== 'hidden',
      )
      .filter((element) => !inSentence(element))
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 24 || box.height < 24)
      .map(
        ({ element, box }) =>
          `${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30)} ${Math.round(box.width)}×${Math.round(box.height)}`,
      )
  })
}
