// A Myanmar shaper for fontkit (decision 105), which has none: it set Myanmar as stored, so the
// vowel sign ေ and the medial ra ြ, written after their consonant but drawn before it, stood
// after it ("အောင်" read "အ ော", "ကြ" had its bracket round the next letter). Its Universal
// engine reorders ေ but not ြ, and takes "ကျော်" for a broken cluster (a dotted circle). This is
// HarfBuzz's Myanmar shaper (hb-ot-shaper-myanmar.cc) in the small: the same syllables, the same
// reordering, the same features in the same stages.

interface GlyphInfo {
  codePoints: number[]
}
interface Plan {
  addStage(stage: string[] | ((font: unknown, glyphs: GlyphInfo[]) => void), global?: boolean): void
}

const VIRAMA = 0x1039
const ASAT = 0x103a
const NGA = 0x1004
const MEDIAL_RA = 0x103c
const VOWEL_SIGN_E = new Set([0x1031, 0x1084])
const BELOW_VOWELS = new Set([
  0x102f, 0x1030, 0x1058, 0x1059, 0x1071, 0x1072, 0x1073, 0x1074, 0x1082,
])
const ANUSVARA = 0x1036
const DOTTED_CIRCLE = 0x25cc

// Where a character goes in its syllable, in HarfBuzz's order.
const PRE_M = 2
const PRE_C = 3
const BASE_C = 4
const AFTER_MAIN = 5
const BEFORE_SUB = 7
const BELOW_C = 8
const AFTER_SUB = 9

const codeOf = (glyph: GlyphInfo | undefined) => glyph?.codePoints[0] ?? 0
const isMark = (code: number) => /\p{M}/u.test(String.fromCodePoint(code))
const isVariationSelector = (code: number) => code >= 0xfe00 && code <= 0xfe0f
/** A consonant, an independent vowel or a placeholder: what a syllable is built on. */
const isConsonant = (code: number) =>
  code === DOTTED_CIRCLE ||
  (/\p{L}/u.test(String.fromCodePoint(code)) &&
    ((code >= 0x1000 && code <= 0x109f) ||
      (code >= 0xa9e0 && code <= 0xa9ff) ||
      (code >= 0xaa60 && code <= 0xaa7f)))

/** Where each syllable starts: a consonant not stacked under the one before, or anything else not a mark. */
function syllableStarts(glyphs: GlyphInfo[]) {
  const starts: number[] = []
  glyphs.forEach((glyph, index) => {
    const code = codeOf(glyph)
    const stacked = codeOf(glyphs[index - 1]) === VIRAMA
    if (index === 0 || (!isMark(code) && !isVariationSelector(code) && !stacked)) starts.push(index)
  })
  return starts
}

function positions(glyphs: GlyphInfo[]) {
  const codes = glyphs.map(codeOf)
  // Kinzi (nga, asat, virama before a consonant) is drawn above the consonant it precedes.
  const kinzi = codes[0] === NGA && codes[1] === ASAT && codes[2] === VIRAMA
  const limit = kinzi ? 3 : 0
  let base = codes.findIndex((code, index) => index >= limit && isConsonant(code))
  if (base < 0) base = kinzi ? codes.length : limit
  const result: number[] = []
  let pos = AFTER_MAIN
  codes.forEach((code, index) => {
    if (index < limit) result.push(AFTER_MAIN)
    else if (index < base) result.push(PRE_C)
    else if (index === base) result.push(BASE_C)
    else if (code === MEDIAL_RA) result.push(PRE_C)
    else if (VOWEL_SIGN_E.has(code)) result.push(PRE_M)
    else if (isVariationSelector(code)) result.push(result[index - 1] ?? pos)
    else if (pos === AFTER_MAIN && BELOW_VOWELS.has(code)) result.push((pos = BELOW_C))
    else if (pos === BELOW_C && code === ANUSVARA) result.push(BEFORE_SUB)
    else if (pos === BELOW_C && BELOW_VOWELS.has(code)) result.push(pos)
    else if (pos === BELOW_C) result.push((pos = AFTER_SUB))
    else result.push(pos)
  })
  return result
}

/** Each syllable's glyphs in drawing order (a stable sort by position). */
function reorder(_font: unknown, glyphs: GlyphInfo[]) {
  const starts = syllableStarts(glyphs)
  starts.forEach((start, index) => {
    const end = starts[index + 1] ?? glyphs.length
    const syllable = glyphs.slice(start, end)
    const order = positions(syllable)
    const sorted = syllable
      .map((glyph, at) => ({ glyph, at, position: order[at] ?? AFTER_MAIN }))
      .sort((a, b) => a.position - b.position || a.at - b.at)
    sorted.forEach(({ glyph }, at) => (glyphs[start + at] = glyph))
  })
}

/** HarfBuzz's Myanmar stages: locl and ccmp, the reordering, four basic features one by one, then the rest. */
export function planMyanmar(plan: Plan) {
  plan.addStage(['locl', 'ccmp'])
  plan.addStage(reorder)
  for (const feature of ['rphf', 'pref', 'blwf', 'pstf']) plan.addStage([feature])
  plan.addStage(['pres', 'abvs', 'blws', 'psts'])
}
