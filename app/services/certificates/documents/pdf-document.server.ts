import PDFDocument from 'pdfkit'
import QRCode from 'qrcode'
import {
  drawLines,
  layout,
  missingCharacters,
  prepareFonts,
  type TextStyle,
} from './pdf-text.server'

// What the certificate and the split sheet share: an A4 document, the colours, section
// headings, and a flow that carries text onto as many pages as it needs (decision 049).

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
  return `[pdf] ${what}: no font for ${count}: ${named.join(', ')}${more}; drawn as \uFFFD`
}

/** A block laid out once: its height is known before it is drawn. */
export interface Block {
  height: number
  draw(x: number, y: number): void
}

export type Part =
  | { kind: 'text'; text: string; style?: TextStyle; gap?: number }
  | { kind: 'heading'; title: string }
  | { kind: 'fact'; label: string; value: string; style?: TextStyle }
  | { kind: 'pair'; label: string; text: string; labelWidth: number; style?: TextStyle }
  /** A sentence the reader must not miss, in a box (warningBlock). */
  | { kind: 'warning'; text: string }

const LABEL: TextStyle = { font: 'Helvetica-Bold', size: 6.5, color: MUTED, characterSpacing: 0.6 }
// Tracked lightly: from about 0.1 em between letters on, text extraction (pdftotext, a
// publisher's search, a screen reader) reads a heading as single letters, "C O N T R I B U T O R S".
const HEADING: TextStyle = {
  font: 'Helvetica-Bold',
  size: 7.5,
  color: BRAND,
  characterSpacing: 0.6,
}

function textBlock(doc: Doc, text: string, width: number, style: TextStyle = {}, gap = 0): Block {
  const laid = layout(doc, text, width, style)
  return {
    height: laid.height + gap,
    draw: (x, y) => drawLines(doc, laid.lines, x, y, width, style),
  }
}

/** Lays a column's parts out at `width`, to be drawn as one block. */
export function column(doc: Doc, parts: Part[], width: number): Block {
  const blocks = parts.map((part): Block => {
    switch (part.kind) {
      case 'text':
        return textBlock(doc, part.text, width, part.style, part.gap)
      case 'heading': {
        const title = textBlock(doc, part.title.toUpperCase(), width, HEADING)
        return {
          height: Math.max(16, title.height + 5),
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
        return {
          height: label.height + value.height,
          draw: (x, y) => {
            label.draw(x, y)
            value.draw(x, y + label.height)
          },
        }
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
        return {
          height: Math.max(label.height, value.height) + 3,
          draw: (x, y) => {
            label.draw(x, y)
            value.draw(x + part.labelWidth, y)
          },
        }
      }
    }
  })
  return {
    height: blocks.reduce((sum, block) => sum + block.height, 0),
    draw: (x, y) => {
      let top = y
      for (const block of blocks) {
        block.draw(x, top)
        top += block.height
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

/**
 * The place the next block goes: when it does not fit above `bottom`, a new page is started
 * (its running head drawn by `onNewPage`, which returns where the text starts).
 */
export class Flow {
  constructor(
    private doc: Doc,
    public y: number,
    public bottom: number,
    private onNewPage: () => { top: number; bottom: number },
  ) {}

  newPage() {
    this.doc.addPage({ size: 'A4', margin: 0 })
    const { top, bottom } = this.onNewPage()
    this.y = top
    this.bottom = bottom
  }

  /** Blocks side by side at the given x positions, started on a new page when they do not fit. */
  row(blocks: [number, Block][], gapAfter = 0) {
    const height = Math.max(0, ...blocks.map(([, block]) => block.height))
    if (this.y + height > this.bottom) this.newPage()
    for (const [x, block] of blocks) block.draw(x, this.y)
    this.y += height + gapAfter
  }

  /** Text line by line, over as many pages as it needs: nothing is cut. */
  text(text: string, x: number, width: number, style: TextStyle = {}, gapAfter = 0) {
    const laid = layout(this.doc, text, width, style)
    for (const line of laid.lines) {
      if (this.y + laid.lineHeight > this.bottom) this.newPage()
      drawLines(this.doc, [line], x, this.y, width, style)
      this.y += laid.lineHeight
    }
    this.y += gapAfter
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
    { font: 'Helvetica-Bold', size: 8, characterSpacing: 2, align: 'center' },
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
