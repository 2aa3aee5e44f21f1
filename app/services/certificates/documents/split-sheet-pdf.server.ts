import { DEFAULT_TIME_ZONE } from '~/lib/dates'
import {
  BRAND,
  BRAND_LINE,
  column,
  INK,
  MUTED,
  PAGE,
  drawQr,
  startPdf,
  warningBlock,
} from './pdf-document.server'
import { type Block, Flow } from './pdf-flow.server'
import { developmentSigningNote } from './pdf-signature.server'
import { isolate, layout, prepareFonts, write } from './pdf-text.server'
import { pdfLanguage, type PdfWords } from './pdf-words.server'
import type { SplitSheet } from './split-sheet.server'
import { type SplitSheetShare, splitSheetView } from './split-sheet-view'

// The split sheet on A4 (decision 049): one block per contributor (name, role, PRO and IPI,
// every component's share, the confirmation), then the AI share. Every line wraps and the
// sheet goes on to a second page rather than cut anything: the AI's share is always printed.
// Its words are the view's (split-sheet-view.ts, decision 097), as the page's are.
const LEFT = 52
const WIDTH = PAGE.width - 104
const BOTTOM = PAGE.height - 48
const TOP = 52
const QR_SIZE = 86
const SMALL = { size: 8.5, color: MUTED }
const CONFIRMED = '#166534'

/**
 * One contributor's lines to sign and date, the role under the first and the name under that (on
 * its own line, so a name in any script reads whole): kept together on one page, so no one signs
 * under someone else's name.
 */
function signatureBlock(
  doc: PDFKit.PDFDocument,
  name: string,
  label: string,
  dateLabel: string,
): Block {
  const dateWidth = 140
  const signWidth = WIDTH - dateWidth - 24
  // One size for the label and the name under it: a reader of the text layer groups lines of
  // one size, and took the names away from their lines to sign (issue 37).
  const labelStyle = { size: 9, color: MUTED }
  const nameStyle = { font: 'Helvetica-Bold', size: 9 }
  // Room to sign above the line: 9 mm.
  const space = 26
  const labelHeight = layout(doc, label, signWidth, labelStyle).height
  const nameHeight = layout(doc, name, signWidth, nameStyle).height
  return {
    height: space + 3 + labelHeight + 1 + nameHeight + 8,
    draw: (x, y) => {
      const line = y + space
      doc.lineWidth(0.8).strokeColor(INK)
      doc
        .moveTo(x, line)
        .lineTo(x + signWidth, line)
        .stroke()
      doc
        .moveTo(x + WIDTH - dateWidth, line)
        .lineTo(x + WIDTH, line)
        .stroke()
      write(doc, label, x, line + 3, signWidth, labelStyle)
      write(doc, name, x, line + 4 + labelHeight, signWidth, nameStyle)
      write(doc, dateLabel, x + WIDTH - dateWidth, line + 3, dateWidth, labelStyle)
    },
  }
}

export async function renderSplitSheetPdf(
  sheet: SplitSheet,
  { appName, timeZone = DEFAULT_TIME_ZONE }: { appName: string; timeZone?: string },
  words?: PdfWords,
): Promise<Buffer> {
  // Every word comes from the view the page lays out too (decision 097), in the owner's language
  // (decision 122); this only places it, with the few words only the PDF has.
  const { t, locale } = pdfLanguage(words)
  const view = splitSheetView(sheet, { appName, timeZone, t, locale })
  const { table, signatures } = view
  const { labels } = table
  const own = {
    continued: t('pdf.split.continued', { certificateId: view.certificateId, title: view.title }),
    scan: t('pdf.scanToVerify'),
    signing: developmentSigningNote() ? t('pdf.developmentKey') : null,
  }
  const labelled = (label: string, value: string) => t('pdf.labelValue', { label, value })
  await prepareFonts(`${JSON.stringify(view)}${JSON.stringify(own)}`)
  const { doc, end } = startPdf(
    {
      Title: `${view.name} (${view.certificateId})`,
      Author: appName,
      Subject: t('pdf.split.subject'),
      Creator: appName,
    },
    // Uncompressed: a one-page text sheet stays a few kilobytes, and pdf.js 1.10 (which older
    // viewers and pdf-parse carry) refused about one in six deflated sheets ("bad XRef entry").
    { compress: false },
  )
  const shares = (list: SplitSheetShare[]) =>
    list.map((share) => `${share.label} ${share.percent}`).join(' · ')
  const flow = new Flow(doc, TOP, BOTTOM, () => {
    // A continued page names the sheet it belongs to: the PDF's own pagination, not the record's.
    // It starts where page 1 does: a name in a tall script reaches above its line.
    return {
      top: TOP + write(doc, own.continued, LEFT, TOP, WIDTH, { size: 7.5, color: MUTED }) + 12,
      bottom: BOTTOM,
    }
  })

  // A registered sheet's QR code sits at the top right, the header wrapping beside it.
  const headWidth = view.verify.public ? WIDTH - QR_SIZE - 16 : WIDTH
  if (view.verify.public) {
    drawQr(doc, view.verify.url, LEFT + WIDTH - QR_SIZE, TOP - 6, QR_SIZE)
    write(doc, own.scan, LEFT + WIDTH - QR_SIZE - 10, TOP - 4 + QR_SIZE, QR_SIZE + 20, {
      size: 6.5,
      color: MUTED,
      align: 'center',
    })
  }
  flow.text(view.brand.toUpperCase(), LEFT, headWidth, BRAND_LINE, 6)
  flow.text(view.title, LEFT, headWidth, { font: 'Times-Bold', size: 22 }, 8)
  for (const fact of view.facts)
    flow.text(labelled(fact.label, fact.value), LEFT, headWidth, { size: 9.5 }, 3)
  if (view.verify.public) {
    flow.text(view.verify.lead, LEFT, headWidth, { size: 8.5, color: MUTED }, 1)
    flow.text(view.verify.url, LEFT, headWidth, {
      size: 9.5,
      color: BRAND,
      link: view.verify.url,
    })
  } else flow.text(view.verify.note, LEFT, headWidth, { size: 8.5, color: MUTED })
  flow.y = Math.max(flow.y, view.verify.public ? TOP + QR_SIZE + 14 : 0) + 12
  if (view.warning) flow.row([[LEFT, warningBlock(doc, view.warning, WIDTH)]], 12)
  // The columns' jargon, explained before them, as on the page.
  for (const { sentence } of view.terms)
    flow.text(sentence, LEFT, WIDTH, { size: 7.5, color: MUTED }, 1)
  flow.y += 5

  flow.row([[LEFT, column(doc, [{ kind: 'heading', title: table.title }], WIDTH)]])
  // A block per person, headed by the name alone on its line (the page's "Contributor" column;
  // decision 082: a name in any script reads whole there), then each value after its column's
  // label, at the end of its line (a right-to-left name followed by " — role" was read with the
  // dash on its wrong side).
  for (const person of table.people) {
    flow.text(person.name, LEFT, WIDTH, { font: 'Helvetica-Bold', size: 10 })
    flow.text(person.role, LEFT, WIDTH, { size: 9 }, 1)
    // Their part of the song (issue 51); the Latin form, PRO and IPI on one line: a three-person
    // sheet keeps to one page with its signature lines.
    flow.text(labelled(labels.song, person.song.text), LEFT, WIDTH, { size: 9 }, 1)
    flow.text(
      [
        ...(person.latinName ? [labelled(labels.latinName, isolate(person.latinName))] : []),
        labelled(labels.pro, isolate(person.pro ?? '—')),
        labelled(labels.ipi, isolate(person.ipi ?? '—')),
        ...(person.publisher ? [person.publisher] : []),
      ].join(' · '),
      LEFT,
      WIDTH,
      SMALL,
      2,
    )
    flow.text(labelled(labels.shares, shares(person.shares)), LEFT, WIDTH, { size: 9 }, 2)
    flow.text(
      labelled(labels.confirmation, person.status.text),
      LEFT,
      WIDTH,
      { size: 9, color: person.status.tone === 'confirmed' ? CONFIRMED : INK },
      7,
    )
  }
  flow.text(table.ai.name, LEFT, WIDTH, { font: 'Helvetica-Bold', size: 10 })
  flow.text(table.ai.role, LEFT, WIDTH, { size: 9 }, 1)
  // Only the AI tools the owner named (decision 119), never the free-text tools used.
  flow.text(labelled(table.ai.toolsLabel, table.ai.tools.join('; ')), LEFT, WIDTH, { size: 9 }, 1)
  flow.text(
    `${labelled(labels.shares, shares(table.ai.shares))} · ${labelled(labels.confirmation, table.ai.status.text)}`,
    LEFT,
    WIDTH,
    { size: 9 },
    7,
  )
  // The song apart from the recording (issue 51): its weight, total and notes in one paragraph;
  // each writer's share is in their block above.
  const { song } = view
  flow.text(
    [
      t('pdf.split.song.lead', {
        title: song.title,
        label: song.weight.label,
        value: song.weight.value,
      }),
      song.total,
      ...song.notes,
      song.credited,
    ]
      .filter(Boolean)
      .join(' '),
    LEFT,
    WIDTH,
    { size: 8, color: MUTED },
    10,
  )
  // The development key's note is part of the sheet's closing note, not a paragraph of its own,
  // so a three-person sheet still fits one page with its signature lines.
  flow.text(
    own.signing ? `${view.note} ${own.signing}` : view.note,
    LEFT,
    WIDTH,
    {
      size: 8,
      color: MUTED,
    },
    14,
  )

  // A heading is never left alone at the foot of a page: it goes with the first signature.
  const people = signatures.people.map((person) =>
    signatureBlock(doc, isolate(person.name), person.line, signatures.date),
  )
  const heading = column(
    doc,
    [
      { kind: 'heading', title: signatures.title },
      { kind: 'text', text: signatures.intro, style: { size: 8.5 } },
    ],
    WIDTH,
  )
  flow.keep(heading.height, people[0]?.height ?? 0)
  flow.row([[LEFT, heading]])
  for (const block of people) flow.row([[LEFT, block]])

  return end(`split sheet ${view.certificateId}`)
}
