import bidiFactory from 'bidi-js'
import {
  cjkOrder,
  EMOJI_FONT,
  type Face,
  fontForCluster,
  hasHanOrHangul,
  isPrintable,
  prepareFonts,
  setIn,
} from './pdf-fonts.server'
import { printableText } from './pdf-names.server'

// Text in any script for the PDFs (decision 049). pdfkit draws one font per call and wraps
// text itself, but it has no font fallback and no bidirectional reordering, and its wrapper
// measures a long unbroken word again and again (issue 24.3). So this module lays text out:
// it splits every string into grapheme clusters, gives each cluster the first font that has
// all its characters (pdf-fonts.server.ts), breaks lines at spaces (and between CJK
// characters, and inside a word that is wider than the line), orders each line's runs by the
// Unicode bidirectional algorithm, and draws run by run on one baseline. fontkit (under
// pdfkit) shapes each run (Arabic joining, Indic conjuncts, marks) and lays a right-to-left
// script run out right to left.

type Doc = PDFKit.PDFDocument

const bidi = bidiFactory()

export interface TextStyle {
  /** One of the standard PDF fonts; it sets the text that Windows-1252 can encode. */
  font?: string
  size?: number
  color?: string
  align?: 'left' | 'center' | 'right'
  link?: string
  characterSpacing?: number
}

// Bidirectional controls: they order the text and are not drawn.
const BIDI_CONTROL = /^[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]+$/u
// Runs whose glyphs alone do not read as their text get an ActualText (withActualText).
// Devanagari to Sinhala (the Brahmic scripts of India and Sri Lanka), Myanmar and Khmer draw
// some marks before the letter they follow; Tibetan stacks its vowel signs on letters, and
// poppler read each sign as a line of its own. Their ActualText is their text.
const READ_AS_WRITTEN = /[\u0900-\u0DFF\u1000-\u109F\u1780-\u17FF\p{Script=Tibetan}]/u
// Right to left, poppler read a zero-width mark drawn before its letter (Thaana's vowels, Arabic
// harakat, Hebrew points) as a word of its own, on a line of its own ("ީ މުޙަ ްއމަދު ަނ"); and it
// takes N'Ko, newer than its tables, for neither direction, so N'Ko read backwards. Their
// ActualText is given in drawn order: poppler reverses a right-to-left ActualText (decision
// 049). It reverses from a right-to-left character on, so where none comes before on the line a
// right-to-left mark (U+200F) opens the drawn text: it then ends the word read, invisible.
// (A reader that takes ActualText as written, like Acrobat, reads these runs reversed.)
const POPPLER_RIGHT_TO_LEFT =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/u
const NKO = /\p{Script=Nko}/u
const NONSPACING_MARK = /\p{Mn}/u
const LEFT_TO_RIGHT_OR_NUMBER = /[\p{L}\p{N}]/u
/** The text a run is read as when its glyphs alone do not read right, or null. */
function actualTextOf(text: string, afterRightToLeft: boolean) {
  if (READ_AS_WRITTEN.test(text)) return text
  const marked = POPPLER_RIGHT_TO_LEFT.test(text) && NONSPACING_MARK.test(text)
  if (!marked && !NKO.test(text)) return null
  const drawn = Array.from(text).reverse()
  const opensRightToLeft =
    POPPLER_RIGHT_TO_LEFT.test(drawn[0] ?? '') && /\p{L}/u.test(drawn[0] ?? '')
  return `${afterRightToLeft || opensRightToLeft ? '' : '\u200F'}${drawn.join('')}`
}
/** Whether poppler, reading a line from the left, is inside right-to-left text after this run. */
function rightToLeftAfter(text: string, before: boolean) {
  if (POPPLER_RIGHT_TO_LEFT.test(text) || NKO.test(text)) return true
  return LEFT_TO_RIGHT_OR_NUMBER.test(text) ? false : before
}
const HAN_OR_KANA = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u
// The scripts fontkit lays out right to left itself.
const RIGHT_TO_LEFT_SCRIPT =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u

/**
 * Per document: the fonts registered so far, the widths measured, the characters missing, and
 * which clusters some font draws.
 */
interface Context {
  registered: Set<string>
  widths: Map<string, number>
  fonts: Map<string, string | null>
  missing: Set<string>
  printable: Map<string, boolean>
}
const contexts = new WeakMap<Doc, Context>()
function context(doc: Doc) {
  let found = contexts.get(doc)
  if (!found)
    contexts.set(
      doc,
      (found = {
        registered: new Set(),
        widths: new Map(),
        fonts: new Map(),
        missing: new Set(),
        printable: new Map(),
      }),
    )
  return found
}

/** The text with what no font draws replaced (pdf-names.server.ts), checked cluster by cluster. */
function printable(doc: Doc, text: string, cjk: Face[]) {
  // Most text is Windows-1252, which the standard fonts set: nothing to check.
  if (/^[\n\u0020-\u007e\u00a0-\u00ff]*$/u.test(text)) return text
  const { printable: known, missing } = context(doc)
  const drawn = (cluster: string) => {
    if (/^[\s\p{Cc}]+$/u.test(cluster)) return true
    let answer = known.get(cluster)
    if (answer === undefined) known.set(cluster, (answer = isPrintable(cluster, cjk)))
    return answer
  }
  return printableText(text, drawn, missing)
}

/** The characters of this document that no font has, for the server log; each listed once. */
export function missingCharacters(doc: Doc) {
  return [...context(doc).missing]
}

interface Cluster {
  text: string
  start: number
  font: string
  level: number
  space: boolean
  /** A line may break before it with no space (between CJK characters). */
  breakBefore: boolean
}

const segmenter = new Intl.Segmenter('und', { granularity: 'grapheme' })

function clustersOf(doc: Doc, paragraph: string, style: string, cjk: Face[]): Cluster[] {
  const { levels } = bidi.getEmbeddingLevels(paragraph, 'ltr')
  const result: Cluster[] = []
  for (const { segment, index } of segmenter.segment(paragraph)) {
    if (BIDI_CONTROL.test(segment)) continue
    const space = /^\s+$/u.test(segment)
    const key = `${style}\u0000${cjk[0]?.name ?? ''}\u0000${segment}`
    const fonts = context(doc).fonts
    if (!space && !fonts.has(key))
      fonts.set(key, fontForCluster(doc, context(doc).registered, segment, style, cjk))
    const font = space ? style : (fonts.get(key) ?? null)
    // (Never null: `printable` replaced every cluster no font draws before layout.)
    if (font === null) continue
    const previous = result.at(-1)
    result.push({
      text: space ? ' ' : segment,
      start: index,
      font,
      level: levels[index] ?? 0,
      space,
      breakBefore:
        previous !== undefined &&
        !previous.space &&
        (HAN_OR_KANA.test(segment) || HAN_OR_KANA.test(previous.text)),
    })
  }
  return result
}

function width(doc: Doc, font: string, size: number, spacing: number, text: string) {
  const key = `${font}\u0000${size}\u0000${spacing}\u0000${text}`
  const widths = context(doc).widths
  let measured = widths.get(key)
  if (measured === undefined) {
    doc.font(font).fontSize(size)
    // Shaped afresh, as it is drawn (pdf-glyph-encoder.server.ts): fontkit's glyph cache, shared
    // by every document of the process, keeps each glyph with the characters of its first use,
    // and the Indic shaper reads them. After a document had drawn "प्रिया", the next measured it
    // 30 % wider than it drew it (decision 082's gap): lines wrapped early, right-aligned text
    // stood off its edge, and text readers took the gap for a column.
    const embedded = (doc as unknown as { _font: { font?: { _glyphs?: object } } })._font
    if (embedded.font) embedded.font._glyphs = {}
    measured = doc.widthOfString(text, { characterSpacing: spacing })
    widths.set(key, measured)
  }
  return measured
}

/** A run of clusters drawn in one call: one font, one direction, no space inside. */
interface Piece {
  text: string
  font: string
  level: number
  space: boolean
  width: number
}

function piecesOf(doc: Doc, clusters: Cluster[], size: number, spacing: number): Piece[] {
  const pieces: Piece[] = []
  for (const cluster of clusters) {
    const last = pieces.at(-1)
    if (
      last &&
      !cluster.space &&
      !last.space &&
      last.font === cluster.font &&
      last.level === cluster.level &&
      // One emoji per call: a sequence drawn as one glyph then carries its whole text.
      !cluster.font.startsWith(EMOJI_FONT)
    )
      last.text += cluster.text
    else
      pieces.push({
        text: cluster.text,
        font: cluster.font,
        level: cluster.level,
        space: cluster.space,
        width: 0,
      })
  }
  for (const piece of pieces) piece.width = width(doc, piece.font, size, spacing, piece.text)
  return pieces
}

/** Rule L2 of the bidirectional algorithm on whole pieces; neutral runs set right to left reversed and mirrored. */
function visualOrder(pieces: Piece[]): Piece[] {
  const ordered = pieces.map((piece) => {
    if (piece.level % 2 === 0 || RIGHT_TO_LEFT_SCRIPT.test(piece.text)) return piece
    // fontkit lays out a run of a right-to-left script (Arabic, Hebrew, Syriac, Thaana, N'Ko)
    // right to left itself; a run of neutral characters (brackets, punctuation) inside
    // right-to-left text is ours to reverse.
    const reversed = Array.from(segmenter.segment(piece.text), ({ segment }) =>
      Array.from(segment, (char) => bidi.getMirroredCharacter(char) ?? char).join(''),
    )
      .reverse()
      .join('')
    return { ...piece, text: reversed }
  })
  const highest = Math.max(0, ...ordered.map((piece) => piece.level))
  for (let level = highest; level >= 1; level--) {
    for (let start = 0; start < ordered.length; start++) {
      if ((ordered[start]?.level ?? 0) < level) continue
      let end = start
      while (end + 1 < ordered.length && (ordered[end + 1]?.level ?? 0) >= level) end++
      ordered.splice(start, end - start + 1, ...ordered.slice(start, end + 1).reverse())
      start = end
    }
  }
  return ordered
}

// The most text one block lays out. Every form field is shorter (lyrics, the longest, at most
// 20,000 characters); this bounds the work whatever a row holds, and says what it left out.
export const MAX_LAYOUT_CHARACTERS = 25_000
function bounded(text: string) {
  if (text.length <= MAX_LAYOUT_CHARACTERS) return text
  const kept = Array.from(text.slice(0, MAX_LAYOUT_CHARACTERS))
    .join('')
    .replace(/[\uD800-\uDBFF]$/, '')
  const rest = Array.from(text.slice(kept.length)).length
  return `${kept}\n[${rest.toLocaleString('en-US')} more characters are not printed here: see the online record]`
}

export interface Laid {
  lines: Piece[][]
  lineHeight: number
  height: number
}

/**
 * Lays text out in lines no wider than `maxWidth`: nothing is cut, a word wider than the line
 * is broken between characters. Work is linear in the length of the text.
 */
export function layout(doc: Doc, text: string, maxWidth: number, style: TextStyle = {}): Laid {
  const { font = 'Helvetica', size = 9, characterSpacing = 0 } = style
  doc.font(font).fontSize(size)
  const lineHeight = doc.currentLineHeight(true)
  // Composed (NFC): "ễ" is one glyph of one face, where "e" + two marks may take two.
  const composed = bounded(text).normalize('NFC')
  const cjk = hasHanOrHangul(composed) ? cjkOrder(composed) : []
  const printed = printable(doc, composed, cjk)
  const face = setIn(doc, context(doc).registered, printed, font)
  const lines: Piece[][] = []
  // Control characters are not drawable; a tab is a space.
  const clean = Array.from(printed.replace(/\r\n?/g, '\n').replace(/\t/g, ' '))
    .filter((char) => char === '\n' || !/\p{Cc}/u.test(char))
    .join('')
  for (const paragraph of clean.split('\n')) {
    const clusters = clustersOf(doc, paragraph, face, cjk)
    let line: Cluster[] = []
    let lineWidth = 0
    let word: Cluster[] = []
    const flushLine = () => {
      while (line.at(-1)?.space) line.pop()
      lines.push(visualOrder(piecesOf(doc, line, size, characterSpacing)))
      line = []
      lineWidth = 0
    }
    const place = (unit: Cluster[]) => {
      // A word is measured as it is drawn, as runs shaped whole (piecesOf): an Arabic letter
      // alone takes its wider isolated form, and summed cluster by cluster "مرحبا" measured 40 %
      // wider than printed, so a line wrapped early and a right-aligned one stood off its edge.
      const unitWidth = piecesOf(doc, unit, size, characterSpacing).reduce(
        (sum, piece) => sum + piece.width,
        0,
      )
      if (lineWidth + unitWidth > maxWidth && line.some((cluster) => !cluster.space)) flushLine()
      if (line.length === 0 && unit[0]?.space) return
      if (unitWidth > maxWidth) {
        // A word wider than the line: broken between clusters, one line at a time.
        for (const cluster of unit) {
          const clusterWidth = width(doc, cluster.font, size, characterSpacing, cluster.text)
          if (lineWidth + clusterWidth > maxWidth && line.length > 0) flushLine()
          line.push(cluster)
          lineWidth += clusterWidth
        }
        return
      }
      line.push(...unit)
      lineWidth += unitWidth
    }
    for (const cluster of clusters) {
      if (cluster.space || cluster.breakBefore) {
        if (word.length > 0) place(word)
        word = []
      }
      if (cluster.space) place([cluster])
      else word.push(cluster)
    }
    if (word.length > 0) place(word)
    flushLine()
  }
  return { lines, lineHeight, height: lines.length * lineHeight }
}

/**
 * Draws one run with its text in reading order (ActualText): Indic scripts draw some vowel signs
 * before the consonant they follow, so the glyphs alone would extract as "िप्रया" for "प्रिया".
 * The span holds that one run only, so a line that also has right-to-left runs still reads in
 * order (the reader orders the runs, the span gives the run's own text).
 *
 * pdfkit draws each call's text under a coordinate flip of its own (q, cm … Q), inside the page's
 * flipped space. poppler (pdftotext, Evince, Okular) places a span's text by the glyphs'
 * coordinates read in the space in force at its end: at the page's, the span came out mirrored
 * top to bottom, in another part of the page (issue 37: lines with Hindi names "moved"). So the
 * span is opened and closed in the space the glyphs are drawn in, and the text drawn inside a
 * flip back; every q has its Q on the same side of the span.
 */
function withActualText(doc: Doc, text: string, font: string, size: number, draw: () => void) {
  const flip = () => doc.transform(1, 0, 0, -1, 0, doc.page.height)
  doc.font(font).fontSize(size)
  const id = (doc as unknown as { _font: { id: string } })._font.id
  doc.save()
  flip()
  // The span's font and size are those of its glyphs, in the state the span ends in: without
  // them the reader takes its text for 0-point type and gives each word a line of its own.
  doc.addContent(`BT /${id} ${size} Tf ET`)
  doc.markContent('Span', { actual: text })
  doc.save()
  flip()
  draw()
  doc.restore()
  doc.endMarkedContent()
  doc.restore()
}

/** Draws laid-out lines from `y` down; every run on the line's baseline. */
export function drawLines(
  doc: Doc,
  lines: Piece[][],
  x: number,
  y: number,
  boxWidth: number,
  style: TextStyle = {},
) {
  const {
    font = 'Helvetica',
    size = 9,
    color = '#0f172a',
    align = 'left',
    link,
    characterSpacing = 0,
  } = style
  doc.font(font).fontSize(size)
  const lineHeight = doc.currentLineHeight(true)
  const ascent = (doc as unknown as { _font: { ascender: number } })._font.ascender
  doc.fillColor(color)
  lines.forEach((pieces, index) => {
    const baseline = y + index * lineHeight + (ascent / 1000) * size
    const lineWidth = pieces.reduce((sum, piece) => sum + piece.width, 0)
    const start =
      align === 'center'
        ? x + (boxWidth - lineWidth) / 2
        : align === 'right'
          ? x + boxWidth - lineWidth
          : x
    let left = start
    let afterRightToLeft = false
    for (const piece of pieces) {
      // Spaces are drawn too (in the style's font): text extraction that does not infer
      // spaces from gaps still finds them.
      const draw = () =>
        doc.font(piece.font).fontSize(size).text(piece.text, left, baseline, {
          lineBreak: false,
          baseline: 'alphabetic',
          characterSpacing,
        })
      const actual = actualTextOf(piece.text, afterRightToLeft)
      if (actual !== null) withActualText(doc, actual, piece.font, size, draw)
      else draw()
      afterRightToLeft = rightToLeftAfter(piece.text, afterRightToLeft)
      left += piece.width
    }
    // pdfkit places a link's area and underline from the top of the text, a line below text
    // drawn on its baseline: both are placed here, on the line itself.
    if (link && lineWidth > 0) {
      doc.link(start, baseline - (ascent / 1000) * size, lineWidth, lineHeight, link)
      const under = baseline + size * 0.12
      doc
        .moveTo(start, under)
        .lineTo(start + lineWidth, under)
        .lineWidth(Math.max(0.5, size / 16))
        .strokeColor(color)
        .stroke()
    }
  })
}

/** The value set apart from the text around it (Unicode's first-strong isolate), as `<bdi>` on a page. */
export { isolate } from '~/lib/bidi'
/** Makes ready every font file that may draw a character of the text (pdf-fonts.server.ts). */
export { prepareFonts }

/** Writes text wrapped to `width` at (x, y), all of it; returns the height used. */
export function write(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  style: TextStyle = {},
) {
  const laid = layout(doc, text, width, style)
  drawLines(doc, laid.lines, x, y, width, style)
  return laid.height
}
