import { z } from 'zod'
import { IPI_LENGTH_MESSAGE, ipiProblem, normalizeIpi } from './identifiers'
import {
  isBlankText,
  isPlainLine,
  isPlainText,
  PLAIN_TEXT_MESSAGE,
  withoutIgnorables,
} from './plain-text'
import { textLength } from './text-length'
import { hasUserinfo, isWebLink, USERINFO_MESSAGE, WEB_LINK_MESSAGE } from './web-link'

// The pieces every form schema builds its text fields from (decision 048), so a rule about what
// people may type is written once. Server-side only, like the schemas that use them.

/**
 * A field left empty is no value. conform's parseWithZod already turns '' into undefined (so a
 * `z.literal('')` branch never matches there, issue 25 item 1); a JSON body or a direct parse
 * still sends ''. Every optional field reads both alike through this. A value nobody can see
 * (U+200B, a Hangul filler: decision 108) is empty too.
 */
export const blank = (value: unknown) =>
  typeof value === 'string' && isBlankText(value) ? undefined : value

/** A checkbox as a form sends it ("on", or nothing) or a JSON boolean: true or false. */
export const checkbox = z.preprocess(
  (value) => value === true || value === 'on' || value === 'true',
  z.boolean(),
)

/**
 * What each typed field is, so a test can find every one of them by the piece it is built from
 * (tests/unit/typed-text-fields.test.ts) and a new field is checked without being listed.
 */
export const typedText = z.registry<{ text: 'line' | 'lines' | 'link' }>()

/** Text people type, trimmed and bounded; `lines` lets it hold tabs and line breaks. */
export function plainString(
  max: number,
  maxMessage: string,
  { lines = false, error }: { lines?: boolean; error?: string } = {},
) {
  return (
    z
      .string(error === undefined ? undefined : { error })
      .trim()
      // Invisible only is empty (decision 108): a required field then says so, as for ''.
      .overwrite((value) => (isBlankText(value) ? '' : value))
      .max(max, maxMessage)
      .refine(lines ? isPlainText : isPlainLine, { message: PLAIN_TEXT_MESSAGE, abort: true })
      .register(typedText, { text: lines ? 'lines' : 'line' })
  )
}

/**
 * A web address someone gives (issue 50 item 6, decision 108): http or https, one plain line,
 * and nothing before an @ in front of the host, which would show one site's name and open
 * another (`https://www.dropbox.com@evil.example/`).
 */
export function webLink(requiredMessage: string, max: number, maxMessage: string) {
  return z.preprocess(
    blank,
    z
      .string({ error: requiredMessage })
      .trim()
      .min(1, requiredMessage)
      .max(max, maxMessage)
      .refine(isPlainLine, { message: PLAIN_TEXT_MESSAGE, abort: true })
      .refine(isWebLink, { message: WEB_LINK_MESSAGE, abort: true })
      .refine((value) => !hasUserinfo(value), USERINFO_MESSAGE)
      .register(typedText, { text: 'link' }),
  )
}

/**
 * Required text with a minimum length, counted by textLength (decision 080), not in UTF-16 units:
 * "質問です" is a subject. No `.min`, so no minLength attribute either, which would count units in
 * the browser before the server ever sees the text. Left empty it says `missing`, what to enter
 * (decision 113); too short, the spec's `minMessage`.
 */
export function plainStringAtLeast(
  { min, minMessage, missing }: { min: number; minMessage: string; missing: string },
  max: number,
  maxMessage: string,
  options: { lines?: boolean } = {},
) {
  return plainString(max, maxMessage, { ...options, error: missing })
    .refine((value) => value !== '', { message: missing, abort: true })
    .refine(
      // What is counted is what is written: "hi" and eight U+200B are not a message.
      (value) => textLength(withoutIgnorables(value)) >= min,
      minMessage,
    )
}

function checkIpi(value: string, ctx: z.RefinementCtx) {
  const problem = ipiProblem(value)
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
}

/**
 * An optional IPI name number (the co-writer's): blank is none; otherwise 8 to 11 digits whose
 * check digits match, kept as 11 digits.
 */
export const optionalIpi = z.preprocess(
  blank,
  z
    .string()
    .max(40, IPI_LENGTH_MESSAGE)
    .superRefine(checkIpi)
    .transform((value) => normalizeIpi(value) ?? value)
    .optional(),
)

// Only digits, with the spaces, dots and dashes a card prints between them.
const DIGITS_ONLY = /^[\d\s.-]+$/

/** 8 digits are an IPI name number only when its check digits match (decision 081). */
function readsAsIpi(value: string) {
  if (!DIGITS_ONLY.test(value)) return false
  const ipi = normalizeIpi(value)
  if (!ipi) return false
  return value.replace(/[\s.-]/g, '').length > 8 || ipiProblem(ipi) === null
}

/**
 * The owner's PRO number for a contributor. Societies number their members their own way, so any
 * short text is taken; but 9 to 11 digits are an IPI name number (what most societies print as
 * the writer's number) and get its check digits, kept as 11 digits (decision 048). 8 digits are
 * one when they check out (an early number without its leading zeros), else a society's own.
 */
export function proNumber(max: number) {
  return z.preprocess(
    blank,
    plainString(max, `PRO number must be at most ${max} characters`)
      .superRefine((value, ctx) => {
        if (readsAsIpi(value)) checkIpi(value, ctx)
      })
      .transform((value) => (readsAsIpi(value) ? (normalizeIpi(value) ?? value) : value))
      .optional(),
  )
}

/** Any letter outside the Latin script (Hangul, Arabic, Cyrillic…); marks and digits pass. */
const NON_LATIN_LETTER = /(?!\p{Script=Latin})\p{L}/u
export const LATIN_NAME_MESSAGE = 'Write this name in Latin letters (accents are fine)'

/**
 * A name in Latin script beside the name in the writer's own script (issue 26): what PROs and
 * partners file (DDEX FullNameAsciiTranscribed, CWR's ASCII names). Optional, a name's own rules,
 * and only Latin letters, so the field cannot hold the other script by mistake. Blank is none.
 */
export function optionalLatinName(max: number, label: string) {
  return z.preprocess(
    blank,
    plainString(max, `${label} must be at most ${max} characters`)
      .refine((value) => !NON_LATIN_LETTER.test(value), LATIN_NAME_MESSAGE)
      .optional(),
  )
}
