import PDFDocument from 'pdfkit'
import QRCode from 'qrcode'
import { type Block, cutBlock, Flow, stack, textBlock } from './pdf-flow.server'
import {
  drawLines,
  layout,
  missingCharacters,
  prepareFonts,
  type TextStyle,
} from './pdf-text.server'

// What the certificate and the split sheet share: an A4 document, the colours, section
// headings and the columns of parts laid out under them (decision 049); pdf-flow.server.ts
// carries them onto as many pages as they need (decision 106).

export const PAGE = { width: 595.28, height: 841.89 }
export const INK = '#0f172a'
export const MUTED = '#475569'
export const FAINT = '#94a3b8'
export const BRAND = '#4338ca'

type Doc = PDFKit.PDFDocument

/** Under a QR code that leads to the verify page (issue 37). */
export const SCAN_TO_VERIFY = 'Scan to verify'

/**
 * The QR code of an address drawn as vector squares in a `size` box (one module of quiet zone):
 * sharp at any print resolution, and a few hundred bytes where an image would take tens of
 * kilobytes in the uncompressed split sheet.
 */
export function drawQr(doc: Doc, url: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' })
  const cell = size / (modules.size + 2)
  // Drawn in module units, so each square is a few bytes of whole numbers.
  doc
    .save()
    .translate(x + cell, y + cell)
    .scale(cell)
    .fillColor('#000000')
  for (let row = 0; row < modules.size; row++) {
    // Each run of dark modules in a row as one rectangle.
    let start = -1
    for (let col = 0; col <= modules.size; col++) {
      const dark = col < modules.size && modules.get(row, col) === 1
      if (dark && start < 0) start = col
      if (!dark && start >= 0) {
        doc.rect(start, row, col - start, 1)
        start = -1
      }
    }
  }
  doc.fill().restore()
}

/** An A4 document and the promise of its bytes once `doc.end()` is called. */
export function startPdf(info: PDFKit.DocumentInfo, { compress = true } = {}) {
  const doc = new PDFDocument({ size: 'A4', margin: 0, info, compress })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  return {
    doc,
    /** Ends the document; characters no font has are logged once, by code point. */
    end(what: string) {
      const missing = missingCharacters(doc)
      if (missing.length > 0) console.warn(missingGlyphsLine(what, missing))
      doc.end()
      return finished
    },
  }
}

/** How many distinct characters without a font a log line names, and code points per character. */
export const MISSING_NAMED = 10
const CODE_POINTS_NAMED = 8

const codePoint = (char: string) =>
  `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`

/**
 * The one log line for characters no font has (issue 24): text in any script may hold thousands
 * of distinct ones (or one cluster of thousands of marks), so the line is bounded: their count,
 * then the first MISSING_NAMED, each as at most CODE_POINTS_NAMED escaped code points. Nothing
 * the owner typed is written as is.
 */
export function missingGlyphsLine(what: string, missing: readonly string[]) {
  const named = missing.slice(0, MISSING_NAMED).map((cluster) => {
    const chars = Array.from(cluster)
    const shown = chars.slice(0, CODE_POINTS_NAMED).map(codePoint).join(' ')
    return chars.length > CODE_POINTS_NAMED
      ? `${shown} …(+${chars.length - CODE_POINTS_NAMED})`
      : shown
  })
  const more = missing.length > MISSING_NAMED ? ` and ${missing.length - MISSING_NAMED} more` : ''
  const count = missing.length === 1 ? '1 character' : `${missing.length} characters`
  return `[pdf] ${what}: no font for ${count}: ${named.join(', ')}${more}; left out, with a note that the online record has them`
}

export type Part =
  | { kind: 'text'; text: string; style?: TextStyle; gap?: number }
  | { kind: 'heading'; title: string }
  | { kind: 'fact'; label: string; value: string; style?: TextStyle }
  | { kind: 'pair'; label: string; text: string; labelWidth: number; style?: TextStyle }
  /** A sentence the reader must not miss, in a box (warningBlock). */
  | { kind: 'warning'; text: string }

/**
 * Letter spacing for capitals, per point of size. From about 0.1 em on, text extraction
 * (pdftotext, MuPDF, a publisher's search, a screen reader) reads a tracked line as single
 * letters, "P R O O F T R A C K", and its word spaces are lost among them (issue 49.3).
 */
const TRACKING = 0.08
const tracked = (style: TextStyle & { size: number }): TextStyle => ({
  ...style,
  characterSpacing: style.size * TRACKING,
})
const LABEL = tracked({ font: 'Helvetica-Bold', size: 6.5, color: MUTED })
const HEADING = tracked({ font: 'Helvetica-Bold', size: 7.5, color: BRAND })
/** The line above a document's title that names the app and the document. */
export const BRAND_LINE = tracked({ font: 'Helvetica-Bold', size: 8, color: BRAND })

/** Lays a column's parts out at `width`, to be drawn as one block (cut between lines if need be). */
export function column(doc: Doc, parts: Part[], width: number): Block {
  return stack(
    parts.map((part): Block => {
      switch (part.kind) {
        case 'text':
          return textBlock(doc, part.text, width, part.style, part.gap)
        case 'heading': {
          const title = textBlock(doc, part.title.toUpperCase(), width, HEADING)
          return {
            height: Math.max(16, title.height + 5),
            keepWithNext: true,
            draw: (x, y) => {
              title.draw(x, y)
              doc
                .moveTo(x, y + title.height + 1.5)
                .lineTo(x + width, y + title.height + 1.5)
                .lineWidth(0.5)
                .strokeColor('#cbd5e1')
                .stroke()
            },
          }
        }
        case 'fact': {
          const label = textBlock(doc, part.label.toUpperCase(), width, LABEL, 1)
          const value = textBlock(doc, part.value, width, { size: 9, ...part.style }, 5)
          return stack([{ ...label, keepWithNext: true }, value])
        }
        case 'warning': {
          const box = warningBlock(doc, part.text, width)
          return { height: box.height + 6, draw: box.draw }
        }
        case 'pair': {
          const style = { size: 8.5, ...part.style }
          const label = textBlock(doc, part.label, part.labelWidth - 2, {
            ...style,
            font: 'Helvetica-Bold',
          })
          const value = textBlock(doc, part.text, width - part.labelWidth, style)
          return beside(label, value, part.labelWidth, 3)
        }
      }
    }),
  )
}

/** A label and its value side by side, `offset` apart, then `gap`: cut between the value's lines. */
function beside(label: Block, value: Block, offset: number, gap: number): Block {
  return {
    height: Math.max(label.height, value.height) + gap,
    draw: (x, y) => {
      label.draw(x, y)
      value.draw(x + offset, y)
    },
    cut: (room) => {
      const [labelCut, valueCut] = [cutBlock(label, room), cutBlock(value, room)]
      if (!labelCut.head || !valueCut.head)
        return { head: null, rest: beside(label, value, offset, gap) }
      return {
        head: beside(labelCut.head, valueCut.head, offset, 0),
        rest: beside(labelCut.rest ?? stack([]), valueCut.rest ?? stack([]), offset, gap),
      }
    },
  }
}

const WARNING: TextStyle = { font: 'Helvetica-Bold', size: 9, color: '#92400e' }

/** A warning the reader must not miss (a split that is not whole): bold, in an amber box. */
export function warningBlock(doc: Doc, text: string, width: number): Block {
  const pad = 7
  const laid = layout(doc, text, width - 2 * pad, WARNING)
  return {
    height: laid.height + 2 * pad,
    draw: (x, y) => {
      doc
        .lineWidth(1.2)
        .strokeColor('#d97706')
        .rect(x, y, width, laid.height + 2 * pad)
        .stroke()
      drawLines(doc, laid.lines, x + pad, y + pad, width - 2 * pad, WARNING)
    },
  }
}

// What most records hold: Latin in each standard style, the scripts with one font file each,
// and the emoji and music symbols people put in titles.
const WARM_TEXT = 'Harbor Lights 0123 Ŝ ♪ 𝄞 🔥 Привет שלום مرحبا प्रिया สวัสดี'

/**
 * Done once per process before the first document (issue 37: the first PDF took 2.85 s): the
 * font files most records need are decompressed, pdfkit reads its standard fonts' metrics, a QR
 * code is drawn and the layout code is compiled, on a throwaway page of every kind of part.
 */
export async function warmPdfDocuments() {
  await prepareFonts(WARM_TEXT)
  const qr = await QRCode.toBuffer('https://example.com/verify/PT-0000-0000', {
    type: 'png',
    margin: 1,
    width: 240,
    errorCorrectionLevel: 'M',
  })
  const { doc, end } = startPdf({ Title: 'warm-up' })
  const flow = new Flow(doc, 40, PAGE.height - 40, () => ({ top: 40, bottom: PAGE.height - 40 }))
  const styles: TextStyle[] = [
    { ...BRAND_LINE, align: 'center' },
    { font: 'Times-Italic', size: 14 },
    { font: 'Times-Bold', size: 24 },
    { font: 'Courier', size: 7.5, link: 'https://example.com/' },
  ]
  for (const style of styles) flow.text(WARM_TEXT, 52, 490, style, 6)
  const parts: Part[] = [
    { kind: 'heading', title: WARM_TEXT },
    { kind: 'fact', label: 'Label', value: WARM_TEXT },
    { kind: 'pair', label: 'Lyrics:', text: WARM_TEXT, labelWidth: 80 },
    { kind: 'text', text: WARM_TEXT, style: { size: 7.5, color: MUTED } },
  ]
  flow.row([
    [52, column(doc, parts, 233)],
    [309, column(doc, parts, 233)],
  ])
  doc.image(qr, 400, 700, { width: 86, height: 86 })
  await end('warm-up')
}
