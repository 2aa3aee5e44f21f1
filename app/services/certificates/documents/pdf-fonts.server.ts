import { AsyncLocalStorage } from 'node:async_hooks'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import * as fontkit from 'fontkit'
import woff2 from 'wawoff2'
import { fixLayout } from './fontkit-layout.server'
import { distinctGlyphText, fixVariableGlyphEncoding } from './pdf-glyph-encoder.server'

// The fonts of the PDFs (decisions 049 and 071): which file draws a character, made ready once
// per process, registered once per document.

type Doc = PDFKit.PDFDocument

const packages = createRequire(import.meta.url)

/** A font file with the characters it is meant for (its package's CSS `unicode-range`). */
export interface Face {
  name: string
  file: string
  ranges: [number, number][]
  /** A static package's bold file (a variable font is made bold as an instance of `file`). */
  bold?: string
}

const dejavuFiles = new Map<string, string>()
function dejavu(weight: '400' | '700', style: 'normal' | 'italic', family = 'dejavu-sans') {
  const name = `${family}-latin-${weight}-${style}.woff2`
  let file = dejavuFiles.get(name)
  if (!file) dejavuFiles.set(name, (file = packages.resolve(`@fontsource/${family}/files/${name}`)))
  return file
}

/**
 * The faces of one @fontsource package, from its CSS: only the subsets named (a script's own
 * subset), or every numbered subset (CJK and emoji fonts ship as numbered slices).
 */
function packageFaces(pkg: string, css: string, subsets: string[] | 'numbered'): Face[] {
  const cssFile = packages.resolve(`${pkg}/${css}`)
  const family = pkg.split('/')[1] ?? pkg
  const faces: Face[] = []
  for (const block of fs.readFileSync(cssFile, 'utf8').split('@font-face').slice(1)) {
    const file = /url\(\.\/files\/([^)]+\.woff2)\)/.exec(block)?.[1]
    const ranges = /unicode-range:\s*([^;]+);/.exec(block)?.[1]
    if (!file || !ranges) continue
    const subset = file.replace(`${family}-`, '').replace(/-(wght|\d+)-normal\.woff2$/, '')
    const wanted = subsets === 'numbered' ? /^\d+$/.test(subset) : subsets.includes(subset)
    if (!wanted) continue
    faces.push({
      name: file.replace('.woff2', ''),
      file: path.join(path.dirname(cssFile), 'files', file),
      ranges: ranges.split(',').map((range) => {
        const [from = '0', to = from] = range.trim().replace(/^U\+/i, '').split('-')
        return [parseInt(from, 16), parseInt(to, 16)]
      }),
    })
  }
  return faces
}
const variable = (name: string, subsets: string[] | 'numbered') =>
  packageFaces(`@fontsource-variable/${name}`, 'wght.css', subsets)
/** A static package's faces at 400, each with its 700 file when the package has one. */
const fixed = (name: string, subsets: string[]) =>
  packageFaces(`@fontsource/${name}`, '400.css', subsets).map((face) => {
    const bold = face.file.replace(/-400-normal\.woff2$/, '-700-normal.woff2')
    return fs.existsSync(bold) ? { ...face, bold } : face
  })

// Each script's own slice of its Noto font, in the order a character is looked for: the four of
// decision 049, then those of issue 49 (Ethiopic to Mongolian). A slice lists a few characters
// of other scripts (dandas, marks, ZWJ); the first slice listed draws them.
const VARIABLE_SCRIPTS = [
  ['noto-sans-hebrew', 'hebrew'],
  ['noto-sans-arabic', 'arabic'],
  ['noto-sans-devanagari', 'devanagari'],
  ['noto-sans-thai', 'thai'],
  ['noto-sans-ethiopic', 'ethiopic'],
  ['noto-sans-bengali', 'bengali'],
  ['noto-sans-tamil', 'tamil'],
  ['noto-sans-telugu', 'telugu'],
  ['noto-sans-kannada', 'kannada'],
  ['noto-sans-malayalam', 'malayalam'],
  ['noto-sans-gujarati', 'gujarati'],
  ['noto-sans-gurmukhi', 'gurmukhi'],
  ['noto-sans-oriya', 'oriya'],
  ['noto-sans-sinhala', 'sinhala'],
  ['noto-sans-khmer', 'khmer'],
  ['noto-sans-lao', 'lao'],
  ['noto-sans-myanmar', 'myanmar'],
  ['noto-sans-georgian', 'georgian'],
  ['noto-sans-armenian', 'armenian'],
  ['noto-sans-syriac', 'syriac'],
  ['noto-sans-thaana', 'thaana'],
  ['noto-sans-cherokee', 'cherokee'],
  ['noto-sans-canadian-aboriginal', 'canadian-aboriginal'],
] as const
// Scripts whose Noto font is published only as static weights (no bold for the first three).
const STATIC_SCRIPTS = [
  ['noto-sans-nko', 'nko'],
  ['noto-sans-tifinagh', 'tifinagh'],
  ['noto-sans-mongolian', 'mongolian'],
  ['noto-serif-tibetan', 'tibetan'],
] as const

interface FaceLists {
  scripts: Face[]
  korean: Face[]
  japanese: Face[]
  simplified: Face[]
  traditional: Face[]
  /** Musical Symbols (𝄞 𝄢), which no text font has. */
  music: Face[]
  /** Noto Emoji, monochrome: pdfkit cannot embed colour glyphs. */
  emoji: Face[]
}
let faceLists: FaceLists | undefined
function faces() {
  faceLists ??= {
    scripts: [
      ...VARIABLE_SCRIPTS.flatMap(([name, subset]) => variable(name, [subset])),
      ...STATIC_SCRIPTS.flatMap(([name, subset]) => fixed(name, [subset])),
    ],
    korean: variable('noto-sans-kr', 'numbered'),
    japanese: variable('noto-sans-jp', 'numbered'),
    simplified: variable('noto-sans-sc', 'numbered'),
    traditional: variable('noto-sans-tc', 'numbered'),
    music: packageFaces('@fontsource/noto-music', '400.css', ['music']),
    emoji: variable('noto-emoji', 'numbered'),
  }
  return faceLists
}

// Fonts are decompressed and parsed once for the process and handed to pdfkit parsed (it takes
// them so). fontkit reads WOFF2 but cannot subset it (its subsetter copies glyf bytes that a
// WOFF2 file stores transformed: the glyphs come out blank), so each file is turned back into
// a plain TrueType font first, by Google's woff2 decoder (wawoff2, WebAssembly): an async step,
// done by `prepareFonts` before layout for exactly the files the text needs.
const parsed = new Map<string, fontkit.Font>()
// One decompression at a time: the decoder answers with a view of its WebAssembly memory, which
// a second decompression overwrites before the first caller has copied it ("Unknown font
// format"). Since the worker's warm-up (decision 071) runs beside the first job, two may overlap.
let decoding: Promise<unknown> = Promise.resolve()
function prepareFile(file: string) {
  const done = decoding.then(async () => {
    if (parsed.has(file)) return
    const font = fontkit.create(Buffer.from(await woff2.decompress(fs.readFileSync(file))))
    fixLayout(font)
    parsed.set(file, font)
  })
  decoding = done.catch(() => {})
  return done
}
// The Noto packages are variable fonts whose default instance is often Thin: each is used at
// the weight the style asks for (400 or 700), an instance made once.
const instances = new Map<string, fontkit.Font>()
function instance(file: string, weight: 400 | 700) {
  const key = `${file}@${weight}`
  let font = instances.get(key)
  const base = parsed.get(file)
  if (!font && base) {
    font = base.variationAxes.wght ? base.getVariation({ wght: weight }) : base
    if (font !== base) {
      fixVariableGlyphEncoding(font)
      // The instance keeps the default instance's name ("NotoSansKR-Thin"); the PDF names the
      // weight it shows.
      const family = (base.postscriptName.split('-')[0] ?? '').replace(/Thin$/, '')
      Object.defineProperty(font, 'postscriptName', {
        value: `${family}-${weight === 700 ? 'Bold' : 'Regular'}`,
      })
    }
    instances.set(key, font)
  }
  return font
}
function hasGlyphs(face: Face, codePoints: number[]) {
  if (!codePoints.every((code) => face.ranges.some(([from, to]) => code >= from && code <= to)))
    return false
  const font = parsed.get(face.file)
  return font !== undefined && codePoints.every((code) => font.hasGlyphForCodePoint(code))
}

/** Makes ready every font file that may draw a character of `text` (and DejaVu Sans, always). */
export async function prepareFonts(text: string) {
  const { scripts, korean, japanese, simplified, traditional, music, emoji } = faces()
  const files = new Set([dejavu('400', 'normal'), dejavu('700', 'normal'), dejavu('400', 'italic')])
  const codePoints = [...new Set(Array.from(text, (char) => char.codePointAt(0) ?? 0))]
  // The emoji slices also list digits, '#', '*', ZWJ and VS16 (for keycaps and sequences): only
  // a character that is an emoji's own loads one.
  const emojiOwn = codePoints.filter((code) => code >= 0x2000 && code !== 0x200d && code !== 0xfe0f)
  for (const [list, wanted] of [
    [[...scripts, ...korean, ...japanese, ...simplified, ...traditional, ...music], codePoints],
    [emoji, emojiOwn],
  ] as const)
    for (const face of list)
      if (face.ranges.some(([from, to]) => wanted.some((code) => code >= from && code <= to))) {
        files.add(face.file)
        if (face.bold) files.add(face.bold)
      }
  // DejaVu Serif sets the serif texts that hold a letter Windows-1252 lacks (setIn), in the two
  // styles the documents' serif texts take: Times Italic and Times Bold.
  const letters = codePoints.map((code) => String.fromCodePoint(code))
  if (letters.some((char) => !isWinAnsi(char) && LETTER_SET_IN_ONE_FACE.test(char))) {
    files.add(dejavu('400', 'italic', 'dejavu-serif'))
    files.add(dejavu('700', 'normal', 'dejavu-serif'))
  }
  for (const file of files) await prepareFile(file)
}

const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ')
function isWinAnsi(char: string) {
  const code = char.codePointAt(0) ?? 0
  return (
    (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char)
  )
}

// Characters that are drawn by no glyph of their own (format characters, variation
// selectors): they go with their cluster's font.
const INVISIBLE_RANGES: [number, number][] = [
  [0x061c, 0x061c],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x2069],
  [0xfe00, 0xfe0f],
  [0xe0100, 0xe01ef],
]
function isInvisible(char: string) {
  const code = char.codePointAt(0) ?? 0
  return INVISIBLE_RANGES.some(([from, to]) => code >= from && code <= to)
}
const EMOJI_PRESENTATION = /\p{Emoji_Presentation}|\uFE0F|\u200D|\p{Emoji_Modifier}|\u20E3/u
export const EMOJI_FONT = 'noto-emoji-'
// CJK punctuation and full-width forms too: a Japanese label after a Latin word ("PRO：JASRAC",
// decision 122) holds no Han or kana, and its full-width colon was dropped for want of a font.
const HAN_OR_HANGUL =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\u30fb\uff00-\uffef]/u
/** Whether the text needs a CJK font at all. */
export function hasHanOrHangul(text: string) {
  return HAN_OR_HANGUL.test(text)
}

/** DejaVu Sans in the weight and slant a style asks for. */
function dejavuSans(style: string): Face {
  const bold = /Bold/.test(style)
  const slanted = /Italic|Oblique/.test(style)
  return {
    name: bold ? 'DejaVuSans-Bold' : slanted ? 'DejaVuSans-Oblique' : 'DejaVuSans',
    file: dejavu(bold ? '700' : '400', slanted && !bold ? 'italic' : 'normal'),
    ranges: [[0, 0x10ffff]],
  }
}

// Letters of the scripts DejaVu draws whole (Latin, Greek, Cyrillic), with what goes between them.
const SET_IN_ONE_FACE =
  /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}\p{Script=Inherited}]+$/u
const LETTER_SET_IN_ONE_FACE = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u
const segmenter = new Intl.Segmenter('und', { granularity: 'grapheme' })
const OWN_FACES = new Map<string, Face>()

/**
 * The face a whole text is set in, as a registered font name: the style's standard PDF font; or,
 * when a letter of the text is Latin, Greek or Cyrillic beyond Windows-1252 ("Nguyễn"), the
 * style's embedded counterpart (Times: DejaVu Serif, Helvetica: DejaVu Sans), which then sets every
 * such letter, digit, space and mark of the text. Mixed per letter, a Vietnamese name in the
 * italic statement was Times Italic with "ễ ị ư ơ" in an upright-looking sans (issue 49). Courier
 * keeps its letters: its texts are identifiers.
 */
export function setIn(doc: Doc, registered: Set<string>, text: string, style: string) {
  if (!/[\u0100-\u{10ffff}]/u.test(text)) return style
  const beyond = Array.from(segmenter.segment(text), ({ segment }) => segment).some(
    (cluster) =>
      !Array.from(cluster).every((char) => isWinAnsi(char) || isInvisible(char)) &&
      SET_IN_ONE_FACE.test(cluster) &&
      LETTER_SET_IN_ONE_FACE.test(cluster),
  )
  if (!beyond || /^Courier/.test(style)) return style
  const bold = /Bold/.test(style)
  const slanted = /Italic|Oblique/.test(style)
  const face: Face = /^Times/.test(style)
    ? {
        name: `DejaVuSerif${bold || slanted ? '-' : ''}${bold ? 'Bold' : ''}${slanted ? 'Italic' : ''}`,
        file: dejavu(bold ? '700' : '400', slanted ? 'italic' : 'normal', 'dejavu-serif'),
        ranges: [[0, 0x10ffff]],
      }
    : dejavuSans(style)
  // (A style whose face is not made ready, Times Roman, keeps its letters mixed.)
  if (!parsed.has(face.file)) return style
  const name = register(doc, registered, face, bold ? 700 : 400)
  OWN_FACES.set(name, face)
  return name
}

/** Registers a face once per document, at the weight asked for; returns its name. */
function register(doc: Doc, registered: Set<string>, face: Face, weight: 400 | 700) {
  const file = weight === 700 && face.bold ? face.bold : face.file
  // A variable font is made at the weight; a static file is its own weight (a static package
  // without a bold file, N'Ko, Tifinagh, Mongolian, draws bold text at its regular weight).
  const variableFont = parsed.get(file)?.variationAxes.wght !== undefined
  const name = variableFont
    ? `${face.name}-${weight}`
    : file === face.bold
      ? `${face.name}-Bold`
      : face.name
  if (!registered.has(name)) {
    // pdfkit's types list paths and bytes only; its code also takes a parsed fontkit font.
    doc.registerFont(name, instance(file, weight) as unknown as Buffer)
    registered.add(name)
    distinctGlyphText((doc.font(name) as unknown as { _font: object })._font)
  }
  return name
}

/** The faces that may draw a cluster, in the order they are tried. */
function candidatesFor(cluster: string, style: string, cjk: Face[]) {
  const lists = faces()
  // An emoji asked for as a picture (VS16, a ZWJ sequence, a skin tone, or one shown as a
  // picture by default) takes the emoji font first; a symbol DejaVu Sans has (♪ ✌ ❤) stays text.
  if (EMOJI_PRESENTATION.test(cluster))
    return [...lists.emoji, ...lists.scripts, dejavuSans(style), ...cjk, ...lists.music]
  const own = OWN_FACES.get(style)
  return [
    ...(own && SET_IN_ONE_FACE.test(cluster) ? [own] : []),
    ...lists.scripts,
    dejavuSans(style),
    ...cjk,
    ...lists.music,
    ...lists.emoji,
  ]
}

function visibleCodePoints(cluster: string) {
  return Array.from(cluster)
    .filter((char) => !isInvisible(char))
    .map((char) => char.codePointAt(0) ?? 0)
}

/**
 * Whether a font draws this cluster, as `fontForCluster` would look for one: checked before a
 * text is laid out, so that what none draws is never drawn as a blank box or U+FFFD (issue 49).
 */
export function isPrintable(cluster: string, cjk: Face[]) {
  const codePoints = visibleCodePoints(cluster)
  if (codePoints.length === 0 || Array.from(cluster).every(isWinAnsi)) return true
  return candidatesFor(cluster, 'Helvetica', cjk).some((face) => hasGlyphs(face, codePoints))
}

/** The font for one grapheme cluster: the style's font (standard or set in), or a Noto or DejaVu face. */
export function fontForCluster(
  doc: Doc,
  registered: Set<string>,
  cluster: string,
  style: string,
  cjk: Face[],
): string | null {
  const visible = Array.from(cluster).filter((char) => !isInvisible(char))
  if (visible.length === 0 || visible.every(isWinAnsi)) return style
  const codePoints = visibleCodePoints(cluster)
  const face = candidatesFor(cluster, style, cjk).find((candidate) =>
    hasGlyphs(candidate, codePoints),
  )
  return face ? register(doc, registered, face, /Bold/.test(style) ? 700 : 400) : null
}

export type CjkLanguage = 'ja' | 'ko' | 'zh'

/** The language CJK text suggests: kana is Japanese, Hangul Korean; Han alone says nothing. */
export function cjkLanguageOf(text: string): CjkLanguage | null {
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return 'ja'
  if (/\p{Script=Hangul}/u.test(text)) return 'ko'
  return null
}

// The language of the document being made (the whole record's text, decision 071): a name of
// Han characters alone (佐藤) on a record with kana anywhere is set in Japanese forms.
const documentLanguage = new AsyncLocalStorage<CjkLanguage | null>()

/** Makes a document with `language` as the CJK language of any block that does not show its own. */
export function withCjkLanguage<T>(language: CjkLanguage | null, render: () => T): T {
  return documentLanguage.run(language, render)
}

/**
 * CJK fonts in the order this text suggests: its own kana or Hangul first, then the document's
 * language, else Simplified Chinese, then Traditional.
 */
export function cjkOrder(text: string) {
  const { korean, japanese, simplified, traditional } = faces()
  switch (cjkLanguageOf(text) ?? documentLanguage.getStore() ?? 'zh') {
    case 'ja':
      return [...japanese, ...korean, ...simplified, ...traditional]
    case 'ko':
      return [...korean, ...japanese, ...simplified, ...traditional]
    case 'zh':
      return [...simplified, ...traditional, ...japanese, ...korean]
  }
}
