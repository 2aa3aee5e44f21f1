import { ROLE_LABELS, statusText } from '~/lib/confirmations'
import { DEFAULT_TIME_ZONE, formatLongDate } from '~/lib/dates'
import { COMPONENT_LABELS } from '~/lib/song-constants'
import { registrationText, SPLIT_SHEET_NOTE } from '~/lib/split-sheet'
import { BRAND, column, Flow, INK, MUTED, PAGE, startPdf } from './pdf-document.server'
import { isolate, prepareFonts, write } from './pdf-text.server'
import type { SplitSheet } from './split-sheet.server'

// The split sheet on A4 (decision 049): one block per contributor (name, role, PRO and IPI,
// every component's share, the confirmation), then the AI share. Every line wraps and the
// sheet goes on to a second page rather than cut anything: the AI's share is always printed.
const LEFT = 52
const WIDTH = PAGE.width - 104
const BOTTOM = PAGE.height - 48

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
  const flow = new Flow(doc, 52, BOTTOM, () => {
    const head = `${sheet.certificateId} · ${sheet.title} — split sheet, continued`
    return {
      top: 40 + write(doc, head, LEFT, 40, WIDTH, { size: 7.5, color: MUTED }) + 12,
      bottom: BOTTOM,
    }
  })

  flow.text(
    `${appName} · Split sheet`.toUpperCase(),
    LEFT,
    WIDTH,
    {
      font: 'Helvetica-Bold',
      size: 8,
      color: BRAND,
      characterSpacing: 2,
    },
    6,
  )
  flow.text(sheet.title, LEFT, WIDTH, { font: 'Times-Bold', size: 22 }, 8)
  for (const line of [
    `Certificate ID: ${sheet.certificateId}`,
    `Created: ${formatLongDate(sheet.dateCreated)}`,
    `Registration: ${registrationText(sheet.registration, timeZone)}`,
  ])
    flow.text(line, LEFT, WIDTH, { size: 9.5 }, 3)
  flow.y += 12

  flow.row([
    [LEFT, column(doc, [{ kind: 'heading', title: 'Contributors and their shares (%)' }], WIDTH)],
  ])
  for (const person of sheet.contributors) {
    const role =
      person.name === person.declaredName
        ? ROLE_LABELS[person.slot]
        : `${ROLE_LABELS[person.slot]}, declared as ${isolate(person.declaredName)}`
    flow.text(`${isolate(person.name)} — ${role}`, LEFT, WIDTH, {
      font: 'Helvetica-Bold',
      size: 10,
    })
    // Issue 26: the name in Latin script, as PROs file it, on its own line.
    if (person.latinName)
      flow.text(`In Latin script: ${person.latinName}`, LEFT, WIDTH, { size: 8.5, color: MUTED }, 2)
    flow.text(
      `PRO: ${isolate(person.pro || '—')} · IPI / PRO #: ${isolate(person.ipi || '—')}`,
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
  flow.text(SPLIT_SHEET_NOTE, LEFT, WIDTH, { size: 8, color: MUTED })

  return end(`split sheet ${sheet.certificateId}`)
}
