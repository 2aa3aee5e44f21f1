import type { TestPage } from './browser'

// Issues 39.9 and 52.16: every control not inside a sentence is at least 24 × 24 CSS pixels
// (WCAG 2.2, 2.5.8). One measure for the page table at 320 px without JavaScript (core-flow) and
// the crawl of every page an owner, a visitor and the administrator reach (tap-targets.test).

/**
 * Controls smaller than 24 × 24 CSS pixels, as "name width×height": links, buttons, summaries,
 * form fields (a checkbox or a radio button by its own box, as a finger meets it), and anything
 * the keyboard can reach. A field drawn off-screen (`sr-only`, the toast's ✕ box) is measured by
 * the label that stands for it. Exempt, as 2.5.8 allows: a link inside a sentence, one laid out
 * inline in a block that has other words. Its spacing exception is not used: every control is
 * big enough itself (decision 086).
 */
export async function smallTargets(page: TestPage) {
  return page.evaluate(() => {
    const CONTROLS = [
      'a[href]',
      'button',
      'summary',
      'input:not([type=hidden])',
      'select',
      'textarea',
      '[role=button]',
      '[role=link]',
      '[role=checkbox]',
      '[role=radio]',
      '[role=tab]',
      '[tabindex]:not([tabindex^="-"])',
    ].join(',')
    const inSentence = (element: HTMLElement) => {
      if (getComputedStyle(element).display !== 'inline') return false
      let block = element.parentElement
      while (block && getComputedStyle(block).display.startsWith('inline'))
        block = block.parentElement
      const own = (element.textContent ?? '').trim()
      const around = (block?.textContent ?? '').replace(own, '').trim()
      return around.length > 0
    }
    const drawnOffScreen = (element: HTMLElement) => {
      const box = element.getBoundingClientRect()
      return element.closest('.sr-only') !== null || (box.width <= 1 && box.height <= 1)
    }
    const shown = (element: HTMLElement) =>
      element.getClientRects().length > 0 &&
      !element.closest('[aria-hidden="true"], [inert]') &&
      getComputedStyle(element).visibility !== 'hidden'
    const targets = new Set<HTMLElement>()
    for (const element of document.querySelectorAll<HTMLElement>(CONTROLS)) {
      // The table's scroll box and the like: a region the keyboard scrolls, not a thing to tap.
      if (element.getAttribute('role') === 'region') continue
      if (!shown(element)) continue
      if (drawnOffScreen(element)) {
        // What a finger taps instead: its label.
        const labels = (element as HTMLInputElement).labels ?? []
        for (const label of labels) if (shown(label) && !drawnOffScreen(label)) targets.add(label)
        continue
      }
      targets.add(element)
    }
    return Array.from(targets)
      .filter((element) => !inSentence(element))
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 24 || box.height < 24)
      .map(({ element, box }) => {
        const name =
          element.getAttribute('aria-label') ??
          (element instanceof HTMLInputElement && element.labels?.[0]
            ? element.labels[0].textContent
            : element.textContent) ??
          ''
        const kind = element instanceof HTMLInputElement ? `${element.type} ` : ''
        return `${kind}${name.trim().replace(/\s+/g, ' ').slice(0, 40)} ${Math.round(box.width)}×${Math.round(box.height)}`
      })
  })
}

/**
 * Labels tied to a field yet hidden from assistive technology: `aria-hidden` on the label itself
 * (the W3C Nu checker refuses it), or a hidden label of a field that is not hidden. A honeypot
 * hidden whole, its label with its field, is neither.
 */
export async function hiddenFieldLabels(page: TestPage) {
  return page.evaluate(() => {
    const hidden = (element: Element) => element.closest('[aria-hidden="true"]') !== null
    return Array.from(document.querySelectorAll('label'))
      .filter(
        (label) =>
          label.control &&
          (label.getAttribute('aria-hidden') === 'true' ||
            (hidden(label) && !hidden(label.control))),
      )
      .map((label) => label.outerHTML.slice(0, 80))
  })
}
