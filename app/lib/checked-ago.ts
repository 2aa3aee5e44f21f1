import { relativeTimeFormat } from './intl'

/**
 * "Checked 40 seconds ago": how long ago the verify page's check of the chain, the store and the
 * timestamp was made (decision 116). The server writes it into each answer, a kept one's too, and
 * the page counts on from there once its script runs. The sentence is the page's language's
 * (`words`, from the verify area's messages); the "40 seconds ago" inside it is Intl's, which
 * writes each language's plurals and word order ("vor 40 Sekunden", "40 秒前").
 */
export interface CheckedWords {
  /** The page's language, as Intl knows it. */
  locale: string
  /** "Checked just now". */
  justNow: string
  /** "Checked {ago}", with `{ago}` where Intl's "40 seconds ago" goes. */
  ago: string
}

const ENGLISH: CheckedWords = { locale: 'en', justNow: 'Checked just now', ago: 'Checked {ago}' }

export function checkedAgo(checkedAtMs: number, nowMs: number, words: CheckedWords = ENGLISH) {
  const seconds = Math.max(0, Math.floor((nowMs - checkedAtMs) / 1000))
  if (seconds < 5) return words.justNow
  const minutes = Math.floor(seconds / 60)
  const [value, unit]: [number, Intl.RelativeTimeFormatUnit] =
    seconds < 60
      ? [seconds, 'second']
      : minutes < 60
        ? [minutes, 'minute']
        : [Math.floor(minutes / 60), 'hour']
  const ago = relativeTimeFormat(words.locale, { numeric: 'always' }).format(-value, unit)
  return words.ago.replace('{ago}', ago)
}

/** The element the text lives in carries the check's time, so a kept page's text can be made anew. */
export const CHECKED_AT_ATTRIBUTE = 'data-checked-at'
/** ...and the sentence's words in the page's language, so it is made anew in that language. */
export const CHECKED_WORDS_ATTRIBUTE = 'data-checked-words'

const TIME_ELEMENT = new RegExp(
  `(<time[^>]*\\b${CHECKED_AT_ATTRIBUTE}="(\\d+)"[^>]*>)[^<]*(</time>)`,
)

/**
 * A kept page's "Checked … ago" becomes the kept-answer service's `mark`: each answer writes the
 * sentence anew there, for its moment and in the page's language (the service knows both).
 */
export function markCheckedAgo(html: string, mark: string) {
  return html.replace(
    TIME_ELEMENT,
    (_match, open: string, _at: string, close: string) => `${open}${mark}${close}`,
  )
}

/** The time of the check a page's HTML shows, or null when it shows none. */
export function checkedAtIn(html: string) {
  const found = new RegExp(`<time[^>]*\\b${CHECKED_AT_ATTRIBUTE}="(\\d+)"`).exec(html)
  return found ? Number(found[1]) : null
}

/** The intent the verify page's "Check again now" form posts (app/lib/check-again-schema.ts). */
export const CHECK_AGAIN = 'check-again'
