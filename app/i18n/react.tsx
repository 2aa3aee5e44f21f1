import { useMatches } from '@remix-run/react'
import { createContext, type ReactNode, useContext, useMemo } from 'react'
import { type CompiledMessage, formatMessage, type MessageValues } from './format-message'
import { type RenderLocale, SOURCE_LOCALE } from './locales'
import type { MessageId } from './messages/index.server'

export type { MessageId }

/**
 * What a loader sends of the messages its page shows (`i18n: pageMessages(locale, areas)`):
 * data, not script, so a language adds no byte to a page's JavaScript (decision 120). The root
 * sends the shell's; each route the areas of its own page.
 */
export interface I18nData {
  locale: RenderLocale
  messages: Record<string, CompiledMessage>
}

export type Translate = (id: MessageId, values?: MessageValues) => string

interface Translator {
  locale: RenderLocale
  t: Translate
  /** Whether the page's own route speaks the locale (sent an area, or says so in its handle). */
  pageTranslated: boolean
}

// English for a drawing no loader fed (a component test, a render without the root's data): set
// on the server (app/entry.server.tsx) and in the tests (tests/setup/setup-rules.ts), never in
// the browser, which gets every message it shows as data. Held on globalThis so that every copy
// of this module a test runner loads reads the one set.
const SOURCE = Symbol.for('prooftrack.i18n.source')
type Holder = typeof globalThis & { [SOURCE]?: Record<string, CompiledMessage> }
export function setSourceMessages(messages: Record<string, CompiledMessage>) {
  ;(globalThis as Holder)[SOURCE] = messages
}

// When the root loader itself failed, no route sent any message: the error page the browser
// draws would show ids. Its few strings keep their English here (tests/unit/i18n-root-error.test.ts
// holds them equal to the shell's); the rest of the shell is data, as every other page's.
const ROOT_ERROR_ENGLISH: Record<string, string> = {
  'shell.skipLink': 'Skip to main content',
  'shell.error.title': 'Something went wrong',
  'shell.error.text': 'An unexpected error occurred. Please try again in a moment.',
  'shell.error.statusFallback': 'Error',
  'shell.error.requestFailed': 'The request could not be completed.',
  'shell.notFound.title': '404 Page Not Found',
  'shell.notFound.text': 'The page you are looking for does not exist or has moved.',
  'shell.status.backHome': 'Back to Home',
}
export const rootErrorEnglish = ROOT_ERROR_ENGLISH

function translator(
  locale: RenderLocale,
  messages: Record<string, CompiledMessage>,
  pageTranslated = false,
): Translator {
  return {
    locale,
    pageTranslated,
    // An id no loader sent shows as itself in the browser: plainly wrong on the page, and the
    // pseudo-language test (tests/e2e/i18n-pseudo.test.ts) fails on it.
    t: (id, values = {}) => {
      const message = messages[id] ?? (globalThis as Holder)[SOURCE]?.[id] ?? ROOT_ERROR_ENGLISH[id]
      return message === undefined ? id : formatMessage(message, values, locale)
    },
  }
}

/** The messages every matched route's loader sent, merged: the shell's and the page's. */
export function translatorOf(
  matches: readonly { id?: string; data?: unknown; handle?: unknown }[],
): Translator {
  let locale: RenderLocale = SOURCE_LOCALE
  let pageTranslated = false
  const messages: Record<string, CompiledMessage> = {}
  for (const match of matches) {
    const i18n = i18nOf(match.data)
    if (match.id !== 'root' && (i18n || (match.handle as { i18n?: boolean } | undefined)?.i18n))
      pageTranslated = true
    if (!i18n) continue
    locale = i18n.locale
    Object.assign(messages, i18n.messages)
  }
  return translator(locale, messages, pageTranslated)
}

// Loader data is the loaders' own (root, _index, ...): a route without messages has no `i18n`.
function i18nOf(data: unknown) {
  return (data as { i18n?: I18nData } | null | undefined)?.i18n
}

const I18nContext = createContext<Translator>(translator(SOURCE_LOCALE, {}))

/** Given once, in the root's Layout, from the matched routes' data. */
export function I18nProvider({ children }: { children: ReactNode }) {
  const matches = useMatches()
  const value = useMemo(() => translatorOf(matches), [matches])
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
}

/** `t('landing.hero.title')`: the message in the page's language. */
export function useT() {
  return useContext(I18nContext).t
}

/** The page's language, for Intl (app/i18n/format.ts). */
export function useLocale() {
  return useContext(I18nContext).locale
}

/**
 * 'en' where the page's own content is still English in another language's page (its area not
 * yet translated), so a screen reader reads it with an English voice; else undefined.
 */
export function useContentLanguage() {
  const { locale, pageTranslated } = useContext(I18nContext)
  return locale === SOURCE_LOCALE || pageTranslated ? undefined : SOURCE_LOCALE
}
