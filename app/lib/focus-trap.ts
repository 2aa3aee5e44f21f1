// What Tab can reach inside a dialog; an element with tabindex="-1" is focused only by script.
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])'

/**
 * Tab and Shift+Tab go round the dialog's own controls, never to the page behind it nor out to
 * the browser's own bar (where a native modal <dialog> would let them go).
 */
export function trapTab(
  event: Pick<KeyboardEvent, 'shiftKey' | 'preventDefault'>,
  dialog: HTMLElement,
) {
  const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.getClientRects().length > 0,
  )
  const first = focusable[0]
  const last = focusable[focusable.length - 1]
  if (!first || !last) {
    event.preventDefault()
    return
  }
  const active = document.activeElement
  const outside = !focusable.some((element) => element === active)
  if (event.shiftKey && (active === first || outside)) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault()
    first.focus()
  }
}
