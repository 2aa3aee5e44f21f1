import { ROLE_LABELS, statusText } from '~/lib/confirmations'
import { DEFAULT_TIME_ZONE, formatLongDate } from '~/lib/dates'
import { COMPONENT_LABELS } from '~/lib/song-constants'
import {
  DATE_LABEL,
  registrationText,
  SIGNATURE_LABEL,
  SIGNATURES_INTRO,
  SPLIT_SHEET_NOT_VERIFIABLE,
  SPLIT_SHEET_NOTE,
  SPLIT_SHEET_VERIFY_LEAD,
} from '~/lib/split-sheet'
import {
  BRAND,
  type Block,
  column,
  Flow,
  INK,
  MUTED,
  PAGE,
  drawQr,
  SCAN_TO_VERIFY,
  startPdf,
  warningBlock,
} from './pdf-document.server'
import { isolate, layout, prepareFonts, write } from './pdf-text.server'
import type { SplitSheet } from './split-sheet.server'

// The split sheet on A4 (decision 049): one block per contributor (name, role, PRO and IPI,
// every component's share, the confirmation), then the AI share. Every line wraps and the
// sheet goes on to a second page rather than cut anything: the AI's share is always printed.
const LEFT = 52
const WIDTH = PAGE.width - 104
const BOTTOM = PAGE.height - 48
const TOP = 52
const QR_SIZE = 86

/**
 * One contributor's lines to sign and date, the role under the first and the name under that (on
 * its own line, so a name in any script reads whole): kept together on one page, so no one signs
 * under someone else's name.
 */
function signatureBlock(doc: PDFKit.PDFDocument, name: string, role: string): Block {
  const dateWidth = 140
  const signWidth = WIDTH - dateWidth - 24
  const label = `${SIGNATURE_LABEL} — ${role}`
  // One size for the label and the name under it: a reader of the text layer groups lines of
  // one size, and took the names away from their lines to sign (issue 37).
  const labelStyle = { size: 9, color: MUTED }
  const nameStyle = { font: 'Helvetica-Bold', size: 9 }
  const space = 30
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
      write(doc, DATE_LABEL, x + WIDTH - dateWidth, line + 3, dateWidth, labelStyle)
    },
  }
}

export async function renderSplitSheetPdf(
  sheet: SplitSheet,
  { appName, timeZone = DEFAULT_TIME_ZONE }: { appName: string; timeZone?: string },
): Promise<Buffer> {
  await prepareFonts(`${JSON.stringify(sheet)}${appName}`)
  const { doc, end } = startPdf(
    {
      Title: `${sheet.title} — Split sheet ${sheet.certificateId}`,
      Author: appName,
      Subject: 'Split sheet',
      Creator: appName,
    },
    // Uncompressed: a one-page text sheet stays a few kilobytes, and pdf.js 1.10 (which older
    // viewers and pdf-parse carry) refused about one in six deflated sheets ("bad XRef entry").
    { compress: false },
  )
  const shares = (list: { component: keyof typeof COMPONENT_LABELS; percent: number }[]) =>
    list
      .map((share) => `${COMPONENT_LABELS[share.component]} ${Number(share.percent)}%`)
      .join(' · ')
  const flow = new Flow(doc, TOP, BOTTOM, () => {
    const head = `Split sheet, continued: ${sheet.certificateId} · ${sheet.title}`
    return {
      top: 40 + write(doc, head, LEFT, 40, WIDTH, { size: 7.5, color: MUTED }) + 12,
      bottom: BOTTOM,
    }
  })

  // A registered sheet's QR code sits at the top right, the header wrapping beside it.
  const headWidth = sheet.verifyUrl ? WIDTH - QR_SIZE - 16 : WIDTH
  if (sheet.verifyUrl) {
    drawQr(doc, sheet.verifyUrl, LEFT + WIDTH - QR_SIZE, TOP - 6, QR_SIZE)
    write(doc, SCAN_TO_VERIFY, LEFT + WIDTH - QR_SIZE - 10, TOP - 4 + QR_SIZE, QR_SIZE + 20, {
      size: 6.5,
      color: MUTED,
      align: 'center',
    })
  }
  flow.text(
    `${appName} · Split sheet`.toUpperCase(),
    LEFT,
    headWidth,
    {
      font: 'Helvetica-Bold',
      size: 8,
      color: BRAND,
      characterSpacing: 2,
    },
    6,
  )
  flow.text(sheet.title, LEFT, headWidth, { font: 'Times-Bold', size: 22 }, 8)
  for (const line of [
    `Certificate ID: ${sheet.certificateId}`,
    `Created: ${formatLongDate(sheet.dateCreated)}`,
    `Registration: ${registrationText(sheet.registration, timeZone)}`,
  ])
    flow.text(line, LEFT, headWidth, { size: 9.5 }, 3)
  if (sheet.verifyUrl) {
    flow.text(SPLIT_SHEET_VERIFY_LEAD, LEFT, headWidth, { size: 8.5, color: MUTED }, 1)
    flow.text(sheet.verifyUrl, LEFT, headWidth, { size: 9.5, color: BRAND, link: sheet.verifyUrl })
  } else flow.text(SPLIT_SHEET_NOT_VERIFIABLE, LEFT, headWidth, { size: 8.5, color: MUTED })
  flow.y = Math.max(flow.y, sheet.verifyUrl ? TOP + QR_SIZE + 14 : 0) + 12
  if (sheet.totalsWarning) flow.row([[LEFT, warningBlock(doc, sheet.totalsWarning, WIDTH)]], 12)

  flow.row([
    [LEFT, column(doc, [{ kind: 'heading', title: 'Contributors and their shares (%)' }], WIDTH)],
  ])
  for (const person of sheet.contributors) {
    // The name on a line of its own, and each typed value at the end of its line: a
    // right-to-left name followed by " — role" was read with the dash on its wrong side.
    flow.text(person.name, LEFT, WIDTH, { font: 'Helvetica-Bold', size: 10 })
    const role =
      person.name === person.declaredName
        ? ROLE_LABELS[person.slot]
        : `${ROLE_LABELS[person.slot]}, declared as ${isolate(person.declaredName)}`
    flow.text(role, LEFT, WIDTH, { size: 9 }, 1)
    // Issue 26: the name in Latin script, as PROs file it, on its own line.
    if (person.latinName)
      flow.text(`In Latin script: ${person.latinName}`, LEFT, WIDTH, { size: 8.5, color: MUTED }, 2)
    flow.text(`PRO: ${isolate(person.pro || '—')}`, LEFT, WIDTH, { size: 8.5, color: MUTED }, 1)
    flow.text(
      `IPI / PRO #: ${isolate(person.ipi || '—')}`,
      LEFT,
      WIDTH,
      { size: 8.5, color: MUTED },
      2,
    )
    flow.text(`Shares: ${shares(person.shares)}`, LEFT, WIDTH, { size: 9 }, 2)
    flow.text(
      `Confirmation: ${statusText(person.status, { recorded: sheet.recorded, timeZone })}`,
      LEFT,
      WIDTH,
      { size: 9, color: person.status.status === 'confirmed' ? '#166534' : INK },
      10,
    )
  }
  flow.text('AI — AI tools, as declared', LEFT, WIDTH, { font: 'Helvetica-Bold', size: 10 })
  flow.text(`Shares: ${shares(sheet.ai)}`, LEFT, WIDTH, { size: 9 }, 2)
  flow.text('Confirmation: Declared by the submitter', LEFT, WIDTH, { size: 9 }, 16)
  flow.text(SPLIT_SHEET_NOTE, LEFT, WIDTH, { size: 8, color: MUTED }, 18)

  // A heading is never left alone at the foot of a page: it goes with the first signature.
  const people = sheet.contributors.map((person) =>
    signatureBlock(doc, isolate(person.name), ROLE_LABELS[person.slot]),
  )
  const heading = column(
    doc,
    [
      { kind: 'heading', title: 'Signatures' },
      { kind: 'text', text: SIGNATURES_INTRO, style: { size: 8.5 } },
    ],
    WIDTH,
  )
  if (flow.y + heading.height + (people[0]?.height ?? 0) > flow.bottom) flow.newPage()
  flow.row([[LEFT, heading]])
  for (const block of people) flow.row([[LEFT, block]])

  return end(`split sheet ${sheet.certificateId}`)
}
