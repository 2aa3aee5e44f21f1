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
  const ago = new Intl.RelativeTimeFormat(words.locale, { numeric: 'always' }).format(-value, unit)
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
 * The page's "Checked … ago" made anew. The kept-answer service hands the English `mark`; a page
 * in another language carries its own words on the element (CHECKED_WORDS_ATTRIBUTE), and is
 * written in them, for the same moment.
 */
export function markCheckedAgo(html: string, mark: string, nowMs = Date.now()) {
  return html.replace(TIME_ELEMENT, (_match, open: string, at: string, close: string) => {
    const words = wordsIn(open)
    const text = words ? escapeText(checkedAgo(Number(at), nowMs, words)) : mark
    return `${open}${text}${close}`
  })
}

function wordsIn(openTag: string): CheckedWords | null {
  const found = new RegExp(`\\b${CHECKED_WORDS_ATTRIBUTE}="([^"]*)"`).exec(openTag)
  if (!found) return null
  try {
    const words = JSON.parse(unescapeAttribute(found[1]!)) as Partial<CheckedWords>
    return typeof words.locale === 'string' &&
      typeof words.justNow === 'string' &&
      typeof words.ago === 'string'
      ? (words as CheckedWords)
      : null
  } catch {
    return null
  }
}

// React writes an attribute with &, <, >, " and ' escaped; the text goes back between tags.
const unescapeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
const escapeText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The time of the check a page's HTML shows, or null when it shows none. */
export function checkedAtIn(html: string) {
  const found = new RegExp(`<time[^>]*\\b${CHECKED_AT_ATTRIBUTE}="(\\d+)"`).exec(html)
  return found ? Number(found[1]) : null
}

/** The intent the verify page's "Check again now" form posts (app/lib/check-again-schema.ts). */
export const CHECK_AGAIN = 'check-again'
