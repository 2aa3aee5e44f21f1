import fs from 'node:fs'
import path from 'node:path'
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage'
import PO from 'pofile'
import { type CompiledMessage, type CompiledPart, formatMessage } from './format-message'
import { type Locale, PSEUDO_LOCALE, type RenderLocale, SOURCE_LOCALE } from './locales'
import { type Area, AREAS } from './messages/index.server'
import { pseudoText } from './pseudo.server'
import type { I18nData } from './react'

/**
 * The catalogues: each area's PO file per language, read and compiled by Lingui's compiler the
 * first time a page asks for the area (about 2 ms an area and language, decision 120), then kept
 * for the process. No build step: a fresh clone serves every language as it is checked out. A
 * message a catalogue lacks (or leaves empty, or marks fuzzy) is the English one; the catalogue
 * lint (tests/unit/i18n-catalogues.test.ts) keeps that from reaching main.
 */
export const LOCALES_DIR = path.resolve('app/i18n/locales')

type Messages = Record<string, CompiledMessage>
const compiled = new Map<string, Messages>()

/** The PO file of `area` in `locale`, as `msgid → msgstr` for the entries a translator finished. */
export function readCatalogue(locale: Locale, area: Area) {
  const file = path.join(LOCALES_DIR, locale, `${area}.po`)
  // Every area has a file in every language (npm run i18n:sync makes them): a missing one means
  // the server was started away from the project's folder, and every page would silently be
  // English. Say so instead.
  if (!fs.existsSync(file))
    throw new Error(
      `The ${locale} catalogue of ${area} is not at ${file}: start the server from the project's folder`,
    )
  const po = PO.parse(fs.readFileSync(file, 'utf8'))
  return new Map(
    po.items
      .filter((item) => !item.flags.fuzzy && item.msgstr[0])
      .map((item) => [item.msgid, item.msgstr[0]!]),
  )
}

function compile(message: string, mapText?: (text: string) => string): CompiledMessage {
  const parts = compileMessageOrThrow(message, mapText) as CompiledPart[]
  // A message without placeholders travels as its text, not as a list of one.
  return parts.length === 1 && typeof parts[0] === 'string' ? parts[0] : parts
}

function areaMessages(locale: RenderLocale, area: Area): Messages {
  const key = `${locale}/${area}`
  const kept = compiled.get(key)
  if (kept) return kept
  const source: Record<string, string> = AREAS[area]
  const translated =
    locale === SOURCE_LOCALE || locale === PSEUDO_LOCALE ? null : readCatalogue(locale, area)
  const messages: Messages = {}
  for (const [id, english] of Object.entries(source)) {
    const translation = translated?.get(id)
    messages[id] =
      locale === PSEUDO_LOCALE
        ? compile(english, pseudoText)
        : translation
          ? compile(translation)
          : compile(english)
  }
  compiled.set(key, messages)
  return messages
}

const pages = new Map<string, I18nData & { messages: Messages }>()

/** The names among these that are areas of the catalogues, each once: what a page may name. */
function knownAreas(areas: readonly string[]) {
  return [...new Set(areas)].filter(isArea)
}
const isArea = (area: string): area is Area => Object.hasOwn(AREAS, area)

/**
 * The messages of these areas in `locale`: what a loader sends as its page's `i18n`. Its JSON
 * names the areas only; `messages` is there for the server's own use and is left out of the JSON
 * (not enumerable): a document carries them once in its DocumentMessages element, a client-side
 * navigation's data gets them back in handleDataRequest (app/entry.server.tsx, issue 53). Made
 * once per language and areas, and frozen, as every caller shares it.
 */
export function pageMessages(locale: RenderLocale, areas: readonly Area[]) {
  const key = `${locale}|${areas.join(',')}`
  let page = pages.get(key)
  if (!page) {
    const messages = Object.freeze(
      Object.assign({}, ...areas.map((area) => areaMessages(locale, area))) as Messages,
    )
    page = { locale, areas: Object.freeze([...areas]) } as I18nData & { messages: Messages }
    Object.defineProperty(page, 'messages', { value: messages, enumerable: false })
    pages.set(key, Object.freeze(page))
  }
  return page
}

export type PageMessages = ReturnType<typeof pageMessages>

// The element's text per language and areas: JSON safe inside <script> ("<" written as \u003c,
// and the two line separators JavaScript once refused), made once each.
const documentTexts = new Map<string, string>()
function documentText(locale: RenderLocale, areas: readonly string[]) {
  const known = knownAreas(areas)
  const key = `${locale}|${known.join(',')}`
  let text = documentTexts.get(key)
  if (text === undefined) {
    const byArea = Object.fromEntries(
      known.map((area) => [`${locale}/${area}`, areaMessages(locale, area)]),
    )
    text = JSON.stringify(byArea)
      .replaceAll('<', '\\u003c')
      .replaceAll('\u2028', '\\u2028')
      .replaceAll('\u2029', '\\u2029')
    documentTexts.set(key, text)
  }
  return text
}

/** The server's answer to the page's named areas (app/i18n/react.tsx), set by the server entry. */
export const areaSource = {
  messages: (locale: RenderLocale, area: string) =>
    isArea(area) ? areaMessages(locale, area) : undefined,
  documentText,
}

/** A data answer's named areas with their messages, for a client-side navigation (issue 53). */
export function withAreaMessages(i18n: I18nData): I18nData {
  return { ...i18n, messages: pageMessages(i18n.locale, knownAreas(i18n.areas ?? [])).messages }
}

/** One message in `locale`, for text made on the server (a loader's note, a mail, a toast). */
export function translate(
  locale: RenderLocale,
  area: Area,
  id: string,
  values: Record<string, string | number> = {},
) {
  const message = areaMessages(locale, area)[id]
  if (message === undefined) throw new Error(`No message ${id} in the ${area} area`)
  return formatMessage(message, values, locale)
}

/** Every area's English, compiled: what a drawing no loader fed falls back to (app/i18n/react). */
export function allSourceMessages() {
  return pageMessages(SOURCE_LOCALE, Object.keys(AREAS) as Area[]).messages
}
