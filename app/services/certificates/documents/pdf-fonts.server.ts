import { AsyncLocalStorage } from 'node:async_hooks'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import * as fontkit from 'fontkit'
import woff2 from 'wawoff2'
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
}

const dejavuFiles = new Map<string, string>()
function dejavu(weight: '400' | '700', style: 'normal' | 'italic') {
  const name = `dejavu-sans-latin-${weight}-${style}.woff2`
  let file = dejavuFiles.get(name)
  if (!file)
    dejavuFiles.set(name, (file = packages.resolve(`@fontsource/dejavu-sans/files/${name}`)))
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
      ...variable('noto-sans-hebrew', ['hebrew']),
      ...variable('noto-sans-arabic', ['arabic']),
      ...variable('noto-sans-devanagari', ['devanagari']),
      ...variable('noto-sans-thai', ['thai']),
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
    const font = await woff2.decompress(fs.readFileSync(file))
    parsed.set(file, fontkit.create(Buffer.from(font)))
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
      if (face.ranges.some(([from, to]) => wanted.some((code) => code >= from && code <= to)))
        files.add(face.file)
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
const HAN_OR_HANGUL = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u
/** Whether the text needs a CJK font at all. */
export function hasHanOrHangul(text: string) {
  return HAN_OR_HANGUL.test(text)
}

/** The font for one grapheme cluster: the style's standard font, DejaVu Sans, a Noto script font. */
export function fontForCluster(
  doc: Doc,
  registered: Set<string>,
  cluster: string,
  style: string,
  cjk: Face[],
): string | null {
  const visible = Array.from(cluster).filter((char) => !isInvisible(char))
  if (visible.length === 0 || visible.every(isWinAnsi)) return style
  const codePoints = visible.map((char) => char.codePointAt(0) ?? 0)
  const lists = faces()
  const bold = /Bold/.test(style)
  const dejavuFace: Face = {
    name: bold
      ? 'DejaVuSans-Bold'
      : /Italic|Oblique/.test(style)
        ? 'DejaVuSans-Oblique'
        : 'DejaVuSans',
    file: dejavu(bold ? '700' : '400', /Italic|Oblique/.test(style) && !bold ? 'italic' : 'normal'),
    ranges: [[0, 0x10ffff]],
  }
  // An emoji asked for as a picture (VS16, a ZWJ sequence, a skin tone, or one shown as a
  // picture by default) takes the emoji font first; a symbol DejaVu Sans has (♪ ✌ ❤) stays text.
  const candidates: Face[] = EMOJI_PRESENTATION.test(cluster)
    ? [...lists.emoji, ...lists.scripts, dejavuFace, ...cjk, ...lists.music]
    : [...lists.scripts, dejavuFace, ...cjk, ...lists.music, ...lists.emoji]
  const face = candidates.find((candidate) => hasGlyphs(candidate, codePoints))
  if (!face) return null
  const weight = bold ? 700 : 400
  const name = `${face.name}-${weight}`
  if (!registered.has(name)) {
    // pdfkit's types list paths and bytes only; its code also takes a parsed fontkit font.
    doc.registerFont(name, instance(face.file, weight) as unknown as Buffer)
    registered.add(name)
    distinctGlyphText((doc.font(name) as unknown as { _font: object })._font)
  }
  return name
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
