import type { PageMessages } from './catalogs.server'
import type { Area } from './messages/index.server'
import type { CompiledMessage } from './format-message'
import type { I18nData } from './react'

/**
 * Of an area's messages, only a page's parts: `pagePart(page, 'help', ['faq'])` keeps the keys
 * `help.faq.*` (and any key starting with one of `alsoKeys`, such as the form errors' prefix).
 * An area shared by several pages (help: the FAQ, the contact form, two policies) sends each
 * page its own sentences, not every page's in its HTML (decision 123).
 */
export function pagePart(
  page: Pick<PageMessages, 'locale' | 'messages'>,
  area: Area,
  parts: readonly string[],
  alsoKeys: readonly string[] = [],
): I18nData & { messages: Record<string, CompiledMessage> } {
  const prefixes = [...parts.map((part) => `${area}.${part}.`), ...alsoKeys]
  const messages = Object.fromEntries(
    Object.entries(page.messages).filter(([key]) =>
      prefixes.some((prefix) => key.startsWith(prefix)),
    ),
  )
  return { locale: page.locale, messages }
}
