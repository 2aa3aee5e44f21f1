// Shared with the browser: dates, numbers and percentages written as the page's language writes
// them ("7 de diciembre de 2026", "2026年12月7日", "50 %"). Rendered on the server and hydrated in
// the browser from the same values, so both write the same text.
import { formatLongDate } from '~/lib/dates'
import { PSEUDO_LOCALE, SOURCE_LOCALE } from './locales'
import { numberFormat } from '~/lib/intl'

// The pseudo-language has no Intl data of its own: it writes numbers and dates as English does.
export const intlLocale = (locale: string) => (locale === PSEUDO_LOCALE ? SOURCE_LOCALE : locale)

/** A calendar day or a moment's UTC day, long form, in `locale`. */
export function formatDate(locale: string, value: string | Date | null | undefined) {
  return formatLongDate(value, intlLocale(locale))
}

export function formatNumber(locale: string, value: number, options?: Intl.NumberFormatOptions) {
  return numberFormat(intlLocale(locale), options).format(value)
}

/** 0.5 → "50%" in English, "50 %" in French and German. */
export function formatPercent(locale: string, fraction: number, maximumFractionDigits = 2) {
  return formatNumber(locale, fraction, { style: 'percent', maximumFractionDigits })
}
