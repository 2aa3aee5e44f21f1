import { expect, test } from 'vitest'
import { isWebUrl } from '~/lib/certificate'
import {
  escapeControls,
  isBlankText,
  isPlainLine,
  isPlainText,
  withoutIgnorables,
} from '~/lib/plain-text'
import { xmlText } from '~/services/certificates/exports/ddex-xml.server'

// Issue 50 item 5 (decision 108): the rule's Unicode sets checked against Unicode's own data, and
// every text the rule lets in written into XML as it is.

// DerivedCoreProperties.txt, Default_Ignorable_Code_Point (unchanged from Unicode 6.1 to 17).
const DEFAULT_IGNORABLE = [
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff0, 0xfff8],
  [0x1bca0, 0x1bca3],
  [0x1d173, 0x1d17a],
  [0xe0000, 0xe0fff],
]
// PropList.txt, Noncharacter_Code_Point: U+FDD0–U+FDEF and the last two of every plane.
const NONCHARACTERS = [
  [0xfdd0, 0xfdef],
  ...Array.from({ length: 17 }, (_, plane) => [plane * 0x10000 + 0xfffe, plane * 0x10000 + 0xffff]),
]
const within = (ranges: number[][], code: number) =>
  ranges.some(([from, to]) => code >= from! && code <= to!)
const SURROGATES = [[0xd800, 0xdfff]]
const TAGS = [[0xe0000, 0xe007f]]

test('what is removed as invisible is exactly Default_Ignorable_Code_Point', () => {
  const differ: string[] = []
  for (let code = 0; code <= 0x10ffff; code++) {
    if (within(SURROGATES, code)) continue
    const char = String.fromCodePoint(code)
    if ((withoutIgnorables(char) === '') !== within(DEFAULT_IGNORABLE, code))
      differ.push(code.toString(16))
  }
  expect(differ).toEqual([])
  expect(isBlankText('\u200B\u3164 \uFFA0\u115F')).toBe(true)
  expect(isBlankText('\u200Dx')).toBe(false)
})

test('every code point is refused or kept as the decision says, in a line and in a text', () => {
  const wrong: string[] = []
  for (let code = 0; code <= 0x10ffff; code++) {
    const char = String.fromCodePoint(code)
    const control = code < 0x20 || (code >= 0x7f && code <= 0x9f)
    const bidi = (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)
    const deprecated = code >= 0x206a && code <= 0x206f
    const everywhere =
      control ||
      bidi ||
      deprecated ||
      within(NONCHARACTERS, code) ||
      within(SURROGATES, code) ||
      within(TAGS, code)
    const lineBreak = code === 0x2028 || code === 0x2029
    const textBreak = code === 0x09 || code === 0x0a || code === 0x0d
    if (isPlainLine(`a${char}b`) !== !(everywhere || lineBreak))
      wrong.push(`line ${code.toString(16)}`)
    if (isPlainText(`a${char}b`) !== !(everywhere && !textBreak))
      wrong.push(`text ${code.toString(16)}`)
  }
  expect(wrong).toEqual([])
})

test('whatever the rule lets in, the DDEX XML writes as it is: no U+FFFD stands in for anything', () => {
  const replaced: string[] = []
  for (let code = 0; code <= 0x10ffff; code++) {
    if (code === 0xfffd) continue
    const text = `a${String.fromCodePoint(code)}b`
    if (isPlainText(text) && xmlText(text).includes('\uFFFD')) replaced.push(code.toString(16))
  }
  expect(replaced).toEqual([])
})

const FLAGS = ['gbeng', 'gbsct', 'gbwls'].map(
  (tag) =>
    `\u{1F3F4}${[...tag].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('')}\u{E007F}`,
)

test('the flags of England, Scotland and Wales are the only tag sequences kept, and kept whole', () => {
  for (const flag of FLAGS) {
    expect(new RegExp('^\\p{RGI_Emoji_Tag_Sequence}$', 'v').test(flag)).toBe(true)
    expect(isPlainLine(`Cymru ${flag}`)).toBe(true)
    expect(escapeControls(`Cymru ${flag}`)).toBe(`Cymru ${flag}`)
  }
  // A flag of tags that is no emoji (California), a flag's tags without their flag, tags after text.
  const california = `\u{1F3F4}\u{E0075}\u{E0073}\u{E0063}\u{E0061}\u{E007F}`
  expect(new RegExp('^\\p{RGI_Emoji_Tag_Sequence}$', 'v').test(california)).toBe(false)
  for (const smuggled of [california, FLAGS[0]!.slice(2), `Ann${FLAGS[0]!.slice(2)}`])
    expect(isPlainLine(smuggled), smuggled).toBe(false)
})

test('escapeControls writes out what the rule refuses, astral code points too', () => {
  expect(escapeControls('Ann\u{E0069}\u{E0067}\uFFFE\uD800\u206A Lee')).toBe(
    'Ann\\u{e0069}\\u{e0067}\\ufffe\\ud800\\u206a Lee',
  )
  // Joiners, selectors and the separators are text, not escapes.
  expect(escapeControls('क्\u200Dष 👩\u200D🎤 ❤\uFE0F a\u2028b')).toBe(
    'क्\u200Dष 👩\u200D🎤 ❤\uFE0F a\u2028b',
  )
})

test('a link kept from before the rule with a name before its @ is shown, never linked', () => {
  expect(isWebUrl('https://www.dropbox.com@evil.example/')).toBe(false)
  expect(isWebUrl('https://user:pass@evil.example/')).toBe(false)
  expect(isWebUrl('https://www.youtube.com/@artist')).toBe(true)
})
