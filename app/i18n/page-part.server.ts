import type { I18nData } from './react'

/**
 * Of an area's messages, only those whose keys start with one of `prefixes`: an area shared by
 * several pages (help: the FAQ, the contact form, two policies) sends each page its own part,
 * not every page's sentences in its HTML (decision 123).
 */
export function pagePart(page: I18nData, prefixes: readonly string[]): I18nData {
  const messages = Object.fromEntries(
    Object.entries(page.messages).filter(([key]) =>
      prefixes.some((prefix) => key.startsWith(prefix)),
    ),
  )
  return { locale: page.locale, messages }
}
