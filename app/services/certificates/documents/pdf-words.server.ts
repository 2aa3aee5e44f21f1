import { pageMessages } from '~/i18n/catalogs.server'
import { type CompiledMessage, formatMessage, type MessageValues } from '~/i18n/format-message'
import { formatPercent, intlLocale } from '~/i18n/format'
import { type RenderLocale, SOURCE_LOCALE } from '~/i18n/locales'
import type { MessageId } from '~/i18n/messages/index.server'
import { DEFAULT_TIME_ZONE, formatDayInZone, formatLongDate } from '~/lib/dates'
import { listFormat } from '~/lib/intl'

// The words a PDF is written in (issue 54, decision 122): the messages of the areas it shows in
// the owner's language (pdf-locale.server.ts), compiled on the request's thread and carried in
// the job as plain data, so a document worker reads no catalogue and the kept PDF's digest covers
// its language. A job without them (a test's) is written in English, compiled from the code.

export interface PdfWords {
  locale: RenderLocale
  messages: Record<string, CompiledMessage>
}

export type PdfTranslate = (id: MessageId, values?: MessageValues) => string

/**
 * The words a PDF in `locale` needs, compiled: the job's data. A plain object, as the job is
 * copied to a worker thread and a page's `messages` is not enumerable (pageMessages).
 */
export function pdfWordsIn(locale: RenderLocale): PdfWords {
  const { messages } = pageMessages(locale, ['words', 'certificate', 'pdf'])
  return { locale, messages }
}

/** The PDF's `t`, and its dates and percentages written as its language writes them. */
export function pdfLanguage(words: PdfWords = pdfWordsIn(SOURCE_LOCALE)) {
  const { locale } = words
  const t: PdfTranslate = (id, values = {}) => {
    const message = words.messages[id]
    if (message === undefined) throw new Error(`No PDF message ${id}`)
    return formatMessage(message, values, locale)
  }
  const intl = intlLocale(locale)
  return {
    locale,
    t,
    /** "7 de diciembre de 2026": a calendar day. */
    day: (value: string | null | undefined) => formatLongDate(value, intl),
    /** "7 de diciembre de 2026 (UTC)": a moment's day in the reader's zone. */
    dayInZone: (value: string | Date | null | undefined, timeZone = DEFAULT_TIME_ZONE) =>
      formatDayInZone(value, timeZone, intl),
    /** 60 → "60%", "60 %" in French and German. */
    percent: (value: number) => formatPercent(locale, Number(value) / 100),
    /** "Ann and Bo"; English as its sentences always joined names (no serial comma). */
    list: (names: string[]) =>
      locale === SOURCE_LOCALE
        ? names.length === 1
          ? names[0]!
          : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
        : listFormat(intl, { type: 'conjunction' }).format(names),
  }
}
export type PdfLanguage = ReturnType<typeof pdfLanguage>
