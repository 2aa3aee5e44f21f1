/**
 * "Checked 40 seconds ago": how long ago the verify page's check of the chain, the store and the
 * timestamp was made (decision 116). The server writes it into each answer, a kept page's too,
 * and the page counts on from there once its script runs.
 */
export function checkedAgo(checkedAtMs: number, nowMs: number) {
  const seconds = Math.max(0, Math.floor((nowMs - checkedAtMs) / 1000))
  if (seconds < 5) return 'Checked just now'
  if (seconds < 60) return `Checked ${seconds} seconds ago`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `Checked ${minutes} minute${minutes === 1 ? '' : 's'} ago`
  const hours = Math.floor(minutes / 60)
  return `Checked ${hours} hour${hours === 1 ? '' : 's'} ago`
}

/** The element the text lives in carries the check's time, so a kept page's text can be made anew. */
export const CHECKED_AT_ATTRIBUTE = 'data-checked-at'

/** The page's "Checked … ago" replaced by `mark`, where a kept page's answers write their own. */
export function markCheckedAgo(html: string, mark: string) {
  return html.replace(
    new RegExp(`(<time[^>]*\\b${CHECKED_AT_ATTRIBUTE}="\\d+"[^>]*>)[^<]*(</time>)`),
    (_match, open: string, close: string) => `${open}${mark}${close}`,
  )
}

/** The time of the check a page's HTML shows, or null when it shows none. */
export function checkedAtIn(html: string) {
  const found = new RegExp(`<time[^>]*\\b${CHECKED_AT_ATTRIBUTE}="(\\d+)"`).exec(html)
  return found ? Number(found[1]) : null
}

/** The intent the verify page's "Check again now" form posts (app/lib/check-again-schema.ts). */
export const CHECK_AGAIN = 'check-again'
