import fs from 'node:fs'
import path from 'node:path'
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage'
import PO from 'pofile'
import { type CompiledMessage, type CompiledPart, formatMessage } from './format-message'
import { type Locale, PSEUDO_LOCALE, type RenderLocale, SOURCE_LOCALE } from './locales'
import { type Area, AREAS } from './messages/index.server'
import { pseudoText } from './pseudo.server'

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

/** The messages of these areas in `locale`: what a loader sends as its page's `i18n`. */
export function pageMessages(locale: RenderLocale, areas: readonly Area[]) {
  return {
    locale,
    messages: Object.assign({}, ...areas.map((area) => areaMessages(locale, area))) as Messages,
  }
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
