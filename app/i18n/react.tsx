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
 *
 * In a document, `areas` names them and the messages travel once, beside the handoff, in the
 * `DocumentMessages` element (issue 53: as loader data they were written out, read back and
 * written again for every page, 30 KB on the dashboard). A client-side navigation's data has
 * them as `messages` (app/entry.server.tsx, handleDataRequest), as has a page sending only a part.
 */
export interface I18nData {
  locale: RenderLocale
  messages?: Record<string, CompiledMessage>
  areas?: readonly string[]
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

type Messages = Record<string, CompiledMessage>

function translator(locale: RenderLocale, found: Messages[], pageTranslated = false): Translator {
  return {
    locale,
    pageTranslated,
    // An id no loader sent shows as itself in the browser: plainly wrong on the page, and the
    // pseudo-language test (tests/e2e/i18n-pseudo.test.ts) fails on it. A later route's message
    // wins over an earlier one's, as merged data would.
    t: (id, values = {}) => {
      let message: CompiledMessage | undefined
      for (let i = found.length - 1; i >= 0 && message === undefined; i--) message = found[i]![id]
      message ??= (globalThis as Holder)[SOURCE]?.[id] ?? ROOT_ERROR_ENGLISH[id]
      return message === undefined ? id : formatMessage(message, values, locale)
    },
  }
}

/** The messages every matched route's loader sent or named: the shell's and the page's. */
export function translatorOf(
  matches: readonly { id?: string; data?: unknown; handle?: unknown }[],
): Translator {
  let locale: RenderLocale = SOURCE_LOCALE
  let pageTranslated = false
  const found: Messages[] = []
  for (const match of matches) {
    const i18n = i18nOf(match.data)
    if (match.id !== 'root' && (i18n || (match.handle as { i18n?: boolean } | undefined)?.i18n))
      pageTranslated = true
    if (!i18n) continue
    locale = i18n.locale
    if (i18n.messages) found.push(i18n.messages)
    else for (const area of i18n.areas ?? []) found.push(areaMessagesOf(i18n.locale, area) ?? {})
  }
  return translator(locale, found, pageTranslated)
}

// The messages a document carries, by "locale/area". On the server the catalogues answer
// (app/entry.server.tsx sets them); in the browser, the document's DocumentMessages element,
// read once: a client-side navigation's data brings its own messages.
const AREA_SOURCE = Symbol.for('prooftrack.i18n.areas')
interface AreaSource {
  messages: (locale: RenderLocale, area: string) => Messages | undefined
  /** The element's text for these areas: JSON safe inside a script element. */
  documentText: (locale: RenderLocale, areas: readonly string[]) => string
}
type AreaHolder = typeof globalThis & { [AREA_SOURCE]?: AreaSource }
export function setAreaSource(source: AreaSource) {
  ;(globalThis as AreaHolder)[AREA_SOURCE] = source
}

export const DOCUMENT_MESSAGES_ID = 'pt-messages'
let browserText: string | undefined
let browserMessages: Record<string, Messages> | undefined
function fromDocument() {
  if (browserMessages === undefined) {
    browserText = document.getElementById(DOCUMENT_MESSAGES_ID)?.textContent ?? '{}'
    browserMessages = JSON.parse(browserText) as Record<string, Messages>
  }
  return browserMessages
}

function areaMessagesOf(locale: RenderLocale, area: string) {
  const source = (globalThis as AreaHolder)[AREA_SOURCE]
  if (source) return source.messages(locale, area)
  return typeof document === 'undefined' ? undefined : fromDocument()[`${locale}/${area}`]
}

/**
 * The messages the document's routes named (not sent), once, as JSON beside the handoff. The
 * browser keeps the element as the server wrote it: it reads it at start and never draws it anew.
 */
export function DocumentMessages({ nonce }: { nonce?: string }) {
  const matches = useMatches()
  const source = (globalThis as AreaHolder)[AREA_SOURCE]
  let text: string
  if (source) {
    let locale: RenderLocale = SOURCE_LOCALE
    const areas: string[] = []
    for (const match of matches) {
      const i18n = i18nOf(match.data)
      if (!i18n?.areas || i18n.messages) continue
      locale = i18n.locale
      areas.push(...i18n.areas)
    }
    text = source.documentText(locale, areas)
  } else {
    fromDocument()
    text = browserText ?? '{}'
  }
  return (
    // Data, never run; it carries the nonce as every script element of a page does.
    <script
      id={DOCUMENT_MESSAGES_ID}
      type="application/json"
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: text }}
    />
  )
}

// Loader data is the loaders' own (root, _index, ...): a route without messages has no `i18n`.
function i18nOf(data: unknown) {
  return (data as { i18n?: I18nData } | null | undefined)?.i18n
}

const I18nContext = createContext<Translator>(translator(SOURCE_LOCALE, []))

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
