import fs from 'node:fs'
import path from 'node:path'
import { parse, type Token } from '@messageformat/parser'
import PO from 'pofile'
import { expect, test } from 'vitest'
import { LOCALES_DIR, pageMessages } from '~/i18n/catalogs.server'
import { formatMessage } from '~/i18n/format-message'
import { LOCALES, PSEUDO_LOCALE, SOURCE_LOCALE } from '~/i18n/locales'
import { type Area, AREAS } from '~/i18n/messages/index.server'

// The catalogue lint (issue 54): every language's PO file of every area holds exactly the ids
// the code has, each finished (no empty or fuzzy entry), each an ICU message that parses, with
// the English message's placeholders and no other. A missing, stale or broken entry fails CI.

const TRANSLATED = LOCALES.filter((locale) => locale !== SOURCE_LOCALE)
const areas = Object.keys(AREAS) as Area[]

/** The argument names an ICU message uses, with their kind (plain, plural, select, ...). */
function placeholders(message: string) {
  const found = new Set<string>()
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument') found.add(token.arg)
      if (token.type === 'function') found.add(`${token.arg}:${token.key}`)
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        found.add(`${token.arg}:${token.type}`)
        for (const choice of token.cases) walk(choice.tokens)
      }
    }
  }
  walk(parse(message))
  return [...found].sort()
}

test.each(areas.flatMap((area) => TRANSLATED.map((locale) => [area, locale] as const)))(
  'the %s area in %s: every id the code has, no other, finished, with the same placeholders',
  (area, locale) => {
    const file = path.join(LOCALES_DIR, locale, `${area}.po`)
    expect(fs.existsSync(file), file).toBe(true)
    const po = PO.parse(fs.readFileSync(file, 'utf8'))
    const english: Record<string, string> = AREAS[area]
    expect(po.items.map((item) => item.msgid).sort()).toEqual(Object.keys(english).sort())
    for (const item of po.items) {
      expect(item.flags.fuzzy ?? false, `${item.msgid} is fuzzy`).toBe(false)
      const translation = item.msgstr[0] ?? ''
      expect(translation, `${item.msgid} is empty`).not.toBe('')
      expect(placeholders(translation), item.msgid).toEqual(placeholders(english[item.msgid]!))
    }
  },
)

test('every English message parses as ICU', () => {
  for (const english of Object.values(AREAS).flatMap((area) => Object.values(area)))
    expect(() => parse(english), english).not.toThrow()
})

test('a glossary note keeps its term, so the page can mark it as the word defined', () => {
  for (const locale of [...LOCALES, PSEUDO_LOCALE] as const) {
    const { messages } = pageMessages(locale, ['landing'])
    for (const term of ['PRO', 'SHA-256'])
      expect(formatMessage(messages[`landing.note.${term}`]!, {}, locale)).toContain(term)
  }
})

test('every id a component asks for is one the areas define, and every id is used', () => {
  const ids = new Set(areas.flatMap((area) => Object.keys(AREAS[area])))
  const sources = readSources(path.resolve('app')).filter(
    (file) => !file.includes(`${path.sep}i18n${path.sep}messages${path.sep}`),
  )
  const text = sources.map((file) => fs.readFileSync(file, 'utf8')).join('\n')
  const asked = new Set(
    [...text.matchAll(new RegExp(`'((?:${areas.join('|')})\\.[A-Za-z0-9.-]+)'`, 'g'))].map(
      (found) => found[1]!,
    ),
  )
  // The glossary notes' ids are made from their terms (app/routes/_index.tsx); a form error is
  // looked up by its English, the schema's message (app/i18n/form-errors.server.ts).
  const used = (id: string) =>
    asked.has(id) || id.startsWith('landing.note.') || /^[a-z]+\.formError\./i.test(id)
  expect([...asked].filter((id) => !ids.has(id))).toEqual([])
  expect([...ids].filter((id) => !used(id))).toEqual([])
})

function readSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return readSources(full)
    return /\.tsx?$/.test(entry.name) ? [full] : []
  })
}
