import { z } from 'zod'
import { IPI_LENGTH_MESSAGE, ipiProblem, normalizeIpi } from './identifiers'
import { isPlainLine, isPlainText, PLAIN_TEXT_MESSAGE } from './plain-text'
import { textLength } from './text-length'

// The pieces every form schema builds its text fields from (decision 048), so a rule about what
// people may type is written once. Server-side only, like the schemas that use them.

/**
 * A field left empty is no value. conform's parseWithZod already turns '' into undefined (so a
 * `z.literal('')` branch never matches there, issue 25 item 1); a JSON body or a direct parse
 * still sends ''. Every optional field reads both alike through this.
 */
export const blank = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value

/** Text people type, trimmed and bounded; `lines` lets it hold tabs and line breaks. */
export function plainString(
  max: number,
  maxMessage: string,
  { lines = false, error }: { lines?: boolean; error?: string } = {},
) {
  return z
    .string(error === undefined ? undefined : { error })
    .trim()
    .max(max, maxMessage)
    .refine(lines ? isPlainText : isPlainLine, PLAIN_TEXT_MESSAGE)
}

/**
 * Required text with a minimum length, counted by textLength (decision 080), not in UTF-16 units:
 * "質問です" is a subject. No `.min`, so no minLength attribute either, which would count units in
 * the browser before the server ever sees the text.
 */
export function plainStringAtLeast(
  min: number,
  minMessage: string,
  max: number,
  maxMessage: string,
  options: { lines?: boolean } = {},
) {
  return plainString(max, maxMessage, { ...options, error: minMessage }).refine(
    (value) => textLength(value) >= min,
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
