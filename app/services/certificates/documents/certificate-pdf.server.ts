import { type CertificateSong, statementFor } from '~/lib/certificate'
import { SOURCE_LOCALE } from '~/i18n/locales'
import {
  type CertificateRow,
  type CertificateSection,
  type CertificateView,
  certificateView,
  type CertificateViewOptions,
  type Tone,
} from '../record/certificate-view'
import {
  BRAND,
  BRAND_LINE,
  column,
  FAINT,
  INK,
  MUTED,
  PAGE,
  type Part,
  drawQr,
  startPdf,
} from './pdf-document.server'
import { type Block, Flow, stack, textBlock } from './pdf-flow.server'
import { developmentSigningNote } from './pdf-signature.server'
import { isolate, prepareFonts, type TextStyle, write } from './pdf-text.server'
import { pdfLanguage, type PdfTranslate, type PdfWords } from './pdf-words.server'

// The certificate's PDF: the certificate's view (certificate-view.ts), the one the page shows,
// laid out on A4 in a double frame. Page 1 holds the certificate and its footer (statement, id, QR
// code); whatever does not fit above the footer (long lyrics, notes) goes on to further pages,
// each framed. Every text comes from the view: this file only decides where it goes and how it
// looks.

const LEFT = 52
const RIGHT = PAGE.width - 52
const WIDTH = RIGHT - LEFT
const GUTTER = 24
const COLUMN = (WIDTH - GUTTER) / 2
const QR_SIZE = 86
/** The frame's two lines, each `inset` in from the page's edges. */
const FRAME = [
  { inset: 20, width: 2.2, color: INK },
  { inset: 26, width: 0.6, color: FAINT },
] as const
/** Where text ends on every page: 22 pt above the frame's inner line. */
const TEXT_BOTTOM = PAGE.height - 48

const TONES: Record<Tone, string> = {
  plain: INK,
  muted: MUTED,
  confirmed: '#166534',
  disputed: '#991b1b',
}
const SMALL: TextStyle = { size: 7.5, color: MUTED }
/** A term's plain sentence (decision 096): small, so page 1 keeps what it held before. */
const NOTE: TextStyle = { size: 6.5, color: MUTED }
const LONG: Record<'lyrics' | 'notes', TextStyle> = {
  lyrics: { font: 'Times-Italic', size: 9 },
  notes: { size: 8.5 },
}

export { VERIFY_LEAD } from '../record/certificate-view'

/** The certificate of a song as a PDF: its view, built here, laid out in the owner's words. */
export function renderCertificatePdf(
  song: CertificateSong,
  options: CertificateViewOptions,
  words?: PdfWords,
) {
  // The view in the owner's words: the certificate area's, as the page says them (decision 122);
  // in English, the spec's English as the view writes it without a translator.
  const { t, locale } = pdfLanguage(words)
  const translated = locale !== SOURCE_LOCALE
  const inWords: CertificateViewOptions = translated
    ? Object.assign({}, options, { t, locale })
    : options
  const view = certificateView(song, inWords)
  // The statement is the evidence: in English too, under its translation, so the record reads
  // the same in every language's PDF (issue 54.4).
  const english = statementFor(song)
  return layoutCertificatePdf(
    view,
    options.appName,
    words,
    translated && english !== view.footer.statement.text ? english : null,
  )
}

/** One row of the view as the parts of a column. */
function rowParts(row: CertificateRow, t: PdfTranslate): Part[] {
  switch (row.kind) {
    case 'person':
      // A typed value ends its line (decision 082): a right-to-left name or PRO followed by more
      // text on the same line would be read with that text's punctuation on its wrong side.
      return [
        { kind: 'text', text: row.name, style: { font: 'Helvetica-Bold', size: 9 } },
        ...(row.latinName
          ? [
              {
                kind: 'text' as const,
                text: t('pdf.certificate.latinName', { name: row.latinName }),
                style: SMALL,
              },
            ]
          : []),
        { kind: 'text', text: row.role, style: SMALL },
        ...row.details.map(
          ({ label, value }) =>
            ({
              kind: 'text',
              text: t('pdf.labelValue', { label, value: isolate(value) }),
              style: SMALL,
            }) as const,
        ),
        {
          kind: 'text',
          text: row.status.text,
          style: { size: 7.5, color: TONES[row.status.tone] },
          gap: 4,
        },
      ]
    case 'shares':
      // Label first, in one text, so a component's lines read together.
      return [
        {
          kind: 'text',
          text: t('pdf.labelValue', { label: row.label, value: row.text }),
          style: { size: 8.5 },
          gap: 3,
        },
      ]
    case 'fact':
      return [
        {
          kind: 'fact',
          label: row.label,
          value: row.value,
          style: {
            ...(row.code ? { font: 'Courier', size: 7.5 } : { size: 8.5 }),
            ...(row.link ? { link: row.link, color: BRAND } : {}),
          },
        },
        ...(row.note ? [{ kind: 'text' as const, text: row.note.text, style: SMALL, gap: 4 }] : []),
      ]
    case 'warning':
      return [{ kind: 'warning', text: row.text }]
    case 'link':
      return [
        {
          kind: 'fact',
          label: row.label,
          value: row.address,
          style: { size: 8, color: BRAND, link: row.address },
        },
      ]
    case 'long':
      return [{ kind: 'text', text: row.text, style: LONG[row.style] }]
    case 'term':
      return [{ kind: 'text', text: row.text, style: NOTE, gap: 3 }]
  }
}

const heading = (section: CertificateSection): Part => ({ kind: 'heading', title: section.title })
// Spaced from a section stacked under it in the same column (the AI disclosure under the
// identifiers).
const emptyPart = (text: string): Part => ({ kind: 'text', text, style: { color: MUTED }, gap: 6 })

/** A section's parts at full length: heading, then its rows or what it says when it has none. */
function sectionParts(section: CertificateSection, t: PdfTranslate): Part[] {
  if (section.rows.length === 0) return [heading(section), emptyPart(section.empty ?? '')]
  return [heading(section), ...section.rows.flatMap((row) => rowParts(row, t))]
}

/** Names are read in order only when their lines run across the page (decision 082). */
const holdsNames = (section: CertificateSection) =>
  section.rows.some((row) => row.kind === 'person' || row.kind === 'shares')

export async function layoutCertificatePdf(
  view: CertificateView,
  appName: string,
  words: PdfWords | undefined,
  englishStatement: string | null,
) {
  const { t } = pdfLanguage(words)
  const ids = { certificateId: view.certificateId, title: view.title }
  // The few words only the PDF has, in the view's language.
  const own: FooterWords = {
    certificateId: t('pdf.certificate.id', ids),
    scan: t('pdf.scanToVerify'),
    signing: developmentSigningNote() ? t('pdf.developmentKey') : null,
    englishStatement,
  }
  const continued = t('pdf.certificate.continued', ids)
  // Every text the document may hold is in the view and these: the fonts for its characters.
  await prepareFonts(JSON.stringify([view, own, continued, t('pdf.labelValue', ids)]))
  const { doc, end } = startPdf({
    Title: t('pdf.certificate.documentTitle', ids),
    Author: appName,
    Subject: t('pdf.certificate.subject'),
    Creator: appName,
  })

  const frame = () => {
    for (const { inset, width, color } of FRAME)
      doc
        .lineWidth(width)
        .strokeColor(color)
        .rect(inset, inset, PAGE.width - 2 * inset, PAGE.height - 2 * inset)
        .stroke()
  }
  frame()
  // The footer is measured with every line it holds, then set on page 1's foot: the page's text
  // ends above it, whatever notes it has (the jargon's sentences ran it past the frame).
  const foot = footer(doc, view, own)
  const footerTop = TEXT_BOTTOM - foot.height
  foot.draw(LEFT, footerTop)

  // Further pages: the frame and a running head naming the certificate they belong to.
  const flow = new Flow(doc, 48, footerTop - 10, () => {
    frame()
    // The title (in any script) ends the line.
    const height = write(doc, continued, LEFT, 40, WIDTH, { size: 7.5, color: MUTED })
    return { top: 40 + height + 12, bottom: TEXT_BOTTOM }
  })

  const centered = (text: string, style: TextStyle, gap: number) =>
    flow.text(text, LEFT, WIDTH, { ...style, align: 'center' }, gap)
  centered(view.brand.toUpperCase(), BRAND_LINE, 6)
  centered(view.kicker, { font: 'Times-Italic', size: 14, color: MUTED }, 6)
  centered(view.title, { font: 'Times-Bold', size: 24 }, 6)
  centered(`${view.created.label} ${view.created.date}`, { size: 10, color: MUTED }, 5)
  centered(view.summary.text, { size: 8, color: MUTED }, 8)
  doc
    .moveTo(LEFT + WIDTH / 3, flow.y)
    .lineTo(RIGHT - WIDTH / 3, flow.y)
    .lineWidth(1)
    .strokeColor(INK)
    .stroke()
  flow.y += 10

  // Sections in the view's order. Names run across the page: side by side, a reader of the text
  // layer (pdftotext, search, a screen reader) took two columns' lines in turns and carried a
  // name away from its role (issue 37). Two short sections of facts go side by side; a long one
  // flows over as many pages as it needs; a table sets its short facts side by side. Nothing in a
  // row is cut: it wraps, and a row that does not fit starts a new page.
  const sections = view.sections.filter((s) => s.rows.length > 0 || s.empty !== null)
  for (let index = 0; index < sections.length; index++) {
    const section = sections[index]!
    const next = sections[index + 1]
    if (section.width === 'long') {
      // A heading is never left alone at the foot of a page.
      const title = column(doc, [heading(section)], WIDTH)
      flow.keep(title.height, 24)
      flow.row([[LEFT, title]])
      for (const row of section.rows)
        if (row.kind === 'long')
          flow.text(row.text.replace(/\n{3,}/g, '\n\n').trim(), LEFT, WIDTH, LONG[row.style], 8)
        else flow.row([[LEFT, column(doc, rowParts(row, t), WIDTH)]], 8)
    } else if (section.width === 'wide') wideSection(doc, flow, section, t)
    else if (section.width === 'table') tableSection(doc, flow, section, t)
    else if (!holdsNames(section) && next?.width === 'half' && !holdsNames(next)) {
      const pair = [sectionParts(section, t), sectionParts(next, t)]
      // A table that fits under the shorter of the two goes there, rather than across the page
      // below them: the AI disclosure under the identifiers keeps a registered record to one page.
      // Stacked when that lengthens the page less than the table across it would.
      const after = sections[index + 2]
      if (after?.width === 'table') {
        const [left, right] = pair.map((parts) => column(doc, parts, COLUMN).height)
        const shorter = left! <= right! ? 0 : 1
        const stacked = [...pair[shorter]!, ...tableColumnParts(after, t)]
        const longer = column(doc, stacked, COLUMN).height - Math.max(left!, right!)
        if (longer < tableRows(doc, after, t).reduce((sum, row) => sum + row.height, 0)) {
          pair[shorter] = stacked
          index++
        }
      }
      flow.row(
        [
          [LEFT, column(doc, pair[0]!, COLUMN)],
          [LEFT + COLUMN + GUTTER, column(doc, pair[1]!, COLUMN)],
        ],
        8,
      )
      index++
    } else flow.row([[LEFT, column(doc, sectionParts(section, t), WIDTH)]], 8)
  }

  return end(`certificate ${view.certificateId}`)
}

/** A wide section: its facts, then its links, in two columns; its warnings across the page. */
function wideSection(
  doc: PDFKit.PDFDocument,
  flow: Flow,
  section: CertificateSection,
  t: PdfTranslate,
) {
  const partsOf = (row: CertificateRow) => rowParts(row, t)
  const title = column(doc, [heading(section)], WIDTH)
  // A term's sentence (decision 096) ends the shorter column, beside the facts that name it, so
  // it lengthens the section as little as it can.
  const halves = (rows: CertificateRow[]) => {
    const plain = rows.filter((row) => row.kind !== 'term')
    const half = Math.ceil(plain.length / 2)
    const parts = [plain.slice(0, half).flatMap(partsOf), plain.slice(half).flatMap(partsOf)]
    const terms = rows.filter((row) => row.kind === 'term').flatMap(partsOf)
    if (terms.length > 0) {
      const [left, right] = parts.map((list) => column(doc, list, COLUMN).height)
      parts[left! <= right! ? 0 : 1]!.push(...terms)
    }
    return [column(doc, parts[0]!, COLUMN), column(doc, parts[1]!, COLUMN)] as const
  }
  const facts = section.rows.filter((row) => row.kind === 'fact' || row.kind === 'term')
  // A heading is never left alone at the foot of a page: it goes on with its first row.
  const first = facts.length > 0 ? Math.max(...halves(facts).map((block) => block.height)) : 0
  flow.keep(title.height, first)
  flow.row([[LEFT, title]])
  const twoColumns = (rows: CertificateRow[]) => {
    if (rows.length === 0) return
    const [left, right] = halves(rows)
    flow.row([
      [LEFT, left],
      [LEFT + COLUMN + GUTTER, right],
    ])
  }
  twoColumns(facts)
  // Each on its own: what does not fit on page 1 goes on alone, not with its neighbours.
  for (const row of section.rows)
    if (row.kind !== 'fact' && row.kind !== 'term' && row.kind !== 'link')
      flow.row([[LEFT, column(doc, partsOf(row), WIDTH)]])
  twoColumns(section.rows.filter((row) => row.kind === 'link'))
  flow.y += 6
}

/**
 * A table across the page (the AI disclosure, issue 40): what needs the width (a fact with a
 * note, a warning) first, then the plain facts side by side, three to a row, so that a song's
 * five components take two lines.
 */
function tableSection(
  doc: PDFKit.PDFDocument,
  flow: Flow,
  section: CertificateSection,
  t: PdfTranslate,
) {
  const [title, ...rows] = tableRows(doc, section, t)
  // A heading is never left alone at the foot of a page: it goes on with its first row.
  flow.keep(title!.height, rows[0]?.height ?? 0)
  for (const row of [title!, ...rows]) flow.row(row.blocks, 3)
  flow.y += 6
}

/** A table's rows across the page, each as the blocks side by side and its height. */
function tableRows(doc: PDFKit.PDFDocument, section: CertificateSection, t: PdfTranslate) {
  const across = (parts: Part[]): [number, Block][] => [[LEFT, column(doc, parts, WIDTH)]]
  const plain = (row: CertificateRow) => row.kind === 'fact' && !row.note
  const rows = [
    across([heading(section)]),
    ...section.rows.filter((row) => !plain(row)).map((row) => across(rowParts(row, t))),
  ]
  const cells = section.rows.filter(plain)
  const perRow = Math.min(3, cells.length)
  const gap = 12
  const width = (WIDTH - gap * (perRow - 1)) / perRow
  for (let start = 0; start < cells.length; start += perRow)
    rows.push(
      cells
        .slice(start, start + perRow)
        .map((row, i): [number, Block] => [
          LEFT + i * (width + gap),
          column(doc, tableCell(row, t), width),
        ]),
    )
  return rows.map((blocks) => ({
    blocks,
    height: Math.max(...blocks.map(([, block]) => block.height)),
  }))
}

/**
 * A table's plain fact as one text, label and value: side by side on one line, or one under
 * another in a column, a text layer reads each whole ("Lyrics: AI-assisted (20 %)").
 */
const tableCell = (row: CertificateRow, t: PdfTranslate): Part[] =>
  row.kind === 'fact' && !row.note
    ? [
        {
          kind: 'text',
          text: t('pdf.labelValue', { label: row.label, value: row.value }),
          style: { size: 8.5 },
          gap: 2,
        },
      ]
    : rowParts(row, t)

/** A table in a column: its short facts one to a line. */
const tableColumnParts = (section: CertificateSection, t: PdfTranslate): Part[] => [
  heading(section),
  ...section.rows.flatMap((row) => tableCell(row, t)),
]

/** What page 1's foot says that the view does not: in the PDF's language. */
interface FooterWords {
  certificateId: string
  scan: string
  signing: string | null
  /** The statement in English, under its translation; null on an English PDF. */
  englishStatement: string | null
}

/**
 * Page 1's foot, measured before it is drawn: a rule, then the statement, the id and issue date,
 * and the verify page's address in full with its QR code once the song is registered (or, before,
 * when it will be). Every line the view gives is measured, so a note added to it moves the footer
 * up rather than past the frame.
 */
function footer(doc: PDFKit.PDFDocument, view: CertificateView, own: FooterWords): Block {
  const { statement, issued, timestamp, timestampTerm, online } = view.footer
  const textWidth = WIDTH - QR_SIZE - 16
  const line = (text: string, style: TextStyle, gap: number) =>
    textBlock(doc, text, textWidth, style, gap)
  const text = stack([
    ...(own.englishStatement
      ? [
          line(statement.text, { font: 'Times-Italic', size: 11.5 }, 3),
          line(own.englishStatement, { font: 'Times-Italic', size: 9, color: MUTED }, 8),
        ]
      : [line(statement.text, { font: 'Times-Italic', size: 11.5 }, 8)]),
    line(own.certificateId, { font: 'Helvetica-Bold', size: 10 }, 3),
    line(issued, { size: 9.5, color: MUTED }, 4),
    ...(timestamp ? [line(timestamp, SMALL, timestampTerm ? 1 : 4)] : []),
    ...(timestampTerm ? [line(timestampTerm.text, NOTE, 4)] : []),
    ...(own.signing ? [line(own.signing, NOTE, 4)] : []),
    ...(online.public
      ? [
          line(online.lead, { size: 8, color: MUTED }, 1),
          line(online.url, { size: 9, color: BRAND, link: online.url }, 0),
        ]
      : [line(online.note, { size: 8, color: MUTED }, 0)]),
  ])
  const scan = textBlock(doc, own.scan, QR_SIZE + 20, {
    size: 6.5,
    color: MUTED,
    align: 'center',
  })
  const rule = 16
  const code = online.public ? 14 + QR_SIZE + scan.height : 0
  return {
    height: Math.max(rule + text.height, code),
    draw: (x, y) => {
      doc
        .moveTo(x, y)
        .lineTo(x + WIDTH, y)
        .lineWidth(1.4)
        .strokeColor(INK)
        .stroke()
      text.draw(x, y + rule)
      if (!online.public) return
      drawQr(doc, online.url, x + WIDTH - QR_SIZE, y + 12, QR_SIZE)
      scan.draw(x + WIDTH - QR_SIZE - 10, y + 14 + QR_SIZE)
    },
  }
}
