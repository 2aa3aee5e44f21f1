import type { ReactNode } from 'react'
import { type MessageId, type Translate, useLocale, useT } from './react'

// Decision 120, "Form errors": a schema's message is English, shared by the server and the
// browser. A page's data keys the translations of its area's `<area>.formError.*` messages by
// that English (app/i18n/form-errors.server.ts), so the place that shows a message looks it up;
// one the page's data lacks (another area's form, a message no catalogue has yet) stays English.
export const FORM_ERROR_KEY = 'formError:'

/**
 * A form error with a value inside (a co-writer's name, the components named) has no fixed
 * English to be keyed by: its area reads it back into a message and its values, translated, or
 * gives null (app/components/song-form-errors.ts). Registered by the module that draws the form.
 */
export type FormErrorReader = (message: string, t: Translate, locale: string) => string | null
const readers = new Set<FormErrorReader>()
export function readFormErrorsWith(reader: FormErrorReader) {
  readers.add(reader)
}

/** `shown(message)`: the form error in the page's language, else as the schema wrote it. */
export function useFormErrorText() {
  const t = useT()
  const locale = useLocale()
  return (message: string) => {
    // Not a typed id: the key is the English message itself, sent as data.
    const key = `${FORM_ERROR_KEY}${message}` as MessageId
    const text = t(key)
    if (text !== key) return text
    for (const read of readers) {
      const translated = read(message, t, locale)
      if (translated !== null) return translated
    }
    return message
  }
}

/**
 * `t(id, english)` for a part shared with pages of other areas (the password toggle): the
 * message where the page sent it, else the English it always showed, on the server and in the
 * browser alike.
 */
export function useTextOr() {
  const t = useT()
  return (id: MessageId, english: string, values?: Record<string, string | number>) => {
    const text = t(id, values)
    return text === id ? english : text
  }
}

// A sentence with elements inside it (a name in <bdi>, an address in <strong>) is translated
// whole (decision 120): its placeholders are filled with private-use marks, and the marks then
// replaced by the elements. Up to eight parts a sentence. Kept here with the forms' texts, not
// in a module of its own, so its pages load no extra file (tests/e2e/new-user-chunks.test.ts).
const MARKS = ['\uE000', '\uE001', '\uE002', '\uE003', '\uE004', '\uE005', '\uE006', '\uE007']

/**
 * `withParts((marks) => t(id, marks), { name: <bdi>…</bdi> })`: the sentence `t` formats, each
 * part's placeholder drawn as the part.
 */
export function withParts(
  format: (marks: Record<string, string>) => string,
  parts: Record<string, ReactNode>,
) {
  const names = Object.keys(parts)
  const text = format(Object.fromEntries(names.map((name, index) => [name, MARKS[index]!])))
  const byMark = new Map(names.map((name, index) => [MARKS[index], parts[name]]))
  return text.split(/([\uE000-\uE007])/).map((piece) => byMark.get(piece) ?? piece)
}
