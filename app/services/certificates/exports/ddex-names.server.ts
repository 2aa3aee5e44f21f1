// How a name and a number go into a DDEX message (issue 40, decision 084): the name in its own
// script with a code for that script, its Latin form as ASCII, an IPI name number when it is one.
import { ipiProblem, normalizeIpi } from '~/lib/identifiers'
import { asciiTranscription } from '~/lib/latin-form'

/**
 * RFC 5646 codes for the script a name is written in. A name has a script but no language: the
 * language is named only where the script alone decides it (kana: Japanese, Hangul: Korean, Thai,
 * Greek); otherwise it is `und` (undetermined), never a guess (Devanagari is Hindi, Marathi or
 * Nepali; Cyrillic is Russian, Ukrainian, Serbian…).
 */
const SCRIPTS: [RegExp, string][] = [
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, 'ja-Jpan'],
  [/\p{Script=Hangul}/u, 'ko-Kore'],
  [/\p{Script=Han}/u, 'und-Hani'],
  [/\p{Script=Thai}/u, 'th-Thai'],
  [/\p{Script=Greek}/u, 'el-Grek'],
  [/\p{Script=Devanagari}/u, 'und-Deva'],
  [/\p{Script=Bengali}/u, 'und-Beng'],
  [/\p{Script=Tamil}/u, 'und-Taml'],
  [/\p{Script=Hebrew}/u, 'und-Hebr'],
  [/\p{Script=Arabic}/u, 'und-Arab'],
  [/\p{Script=Cyrillic}/u, 'und-Cyrl'],
  [/\p{Script=Armenian}/u, 'und-Armn'],
  [/\p{Script=Georgian}/u, 'und-Geor'],
  [/\p{Script=Ethiopic}/u, 'und-Ethi'],
  [/\p{Script=Latin}/u, 'und-Latn'],
]

/** The script code of a text: its first script other than Latin, else Latin, else `und-Zyyy` (emoji, digits). */
export function languageAndScriptCode(text: string) {
  return SCRIPTS.find(([pattern]) => pattern.test(text))?.[1] ?? 'und-Zyyy'
}

/**
 * FullNameAsciiTranscribed: from the Latin form the writer gave, else from the name itself when it
 * is Latin; none when the name is plain ASCII already or no Latin form exists.
 */
export function fullNameAsciiTranscribed(name: string, latinName: string | null | undefined) {
  if (/^[\u0020-\u007e]+$/.test(name)) return null
  if (latinName) return asciiTranscription(latinName)
  return languageAndScriptCode(name) === 'und-Latn' ? asciiTranscription(name) : null
}

/** A PRO number that is an IPI name number (8 to 11 digits whose check digits hold), as 11 digits. */
export function ipiNameNumber(proNumber: string | null | undefined) {
  if (!proNumber) return null
  const ipi = normalizeIpi(proNumber)
  return ipi && ipiProblem(proNumber) === null ? ipi : null
}
