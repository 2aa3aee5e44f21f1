import { ROLE_LABELS, statusText } from '~/lib/confirmations'
import { DEFAULT_TIME_ZONE, formatLongDate } from '~/lib/dates'
import { COMPONENT_LABELS } from '~/lib/song-constants'
import { registrationText, SPLIT_SHEET_NOTE } from '~/lib/split-sheet'
import { BRAND, heading, INK, MUTED, startPdf, write } from './certificate-pdf.server'
import type { SplitSheet } from './split-sheet.server'

// The split sheet on A4, with the certificate PDF's machinery and fonts (decision 011): one
// block per contributor (name, role, PRO and IPI, every component's share, the confirmation),
// then the AI share. Three contributors and five components always fit one page.
const LEFT = 52
const WIDTH = 595.28 - 104
const BOTTOM = 841.89 - 48

export async function renderSplitSheetPdf(
  sheet: SplitSheet,
  { appName, timeZone = DEFAULT_TIME_ZONE }: { appName: string; timeZone?: string },
): Promise<Buffer> {
  const { doc, finished } = startPdf(
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
  const room = (top: number) => BOTTOM - top
  const shares = (list: { component: keyof typeof COMPONENT_LABELS; percent: number }[]) =>
    list
      .map((share) => `${COMPONENT_LABELS[share.component]} ${Number(share.percent)}%`)
      .join(' · ')

  let y = 52
  y +=
    write(doc, `${appName} · Split sheet`.toUpperCase(), LEFT, y, WIDTH, 20, {
      font: 'Helvetica-Bold',
      size: 8,
      color: BRAND,
      characterSpacing: 2,
    }) + 6
  y +=
    write(doc, sheet.title, LEFT, y, WIDTH, 60, { font: 'Times-Bold', size: 22, maxLines: 2 }) + 8
  for (const line of [
    `Certificate ID: ${sheet.certificateId}`,
    `Created: ${formatLongDate(sheet.dateCreated)}`,
    `Registration: ${registrationText(sheet.registration, timeZone)}`,
  ])
    y += write(doc, line, LEFT, y, WIDTH, room(y), { size: 9.5, maxLines: 2 }) + 3
  y += 12

  y += heading(doc, 'Contributors and their shares (%)', LEFT, y, WIDTH, room(y)) ?? 0
  for (const person of sheet.contributors) {
    const role =
      person.name === person.declaredName
        ? ROLE_LABELS[person.slot]
        : `${ROLE_LABELS[person.slot]}, declared as ${person.declaredName}`
    y += write(doc, `${person.name} — ${role}`, LEFT, y, WIDTH, room(y), {
      font: 'Helvetica-Bold',
      size: 10,
      maxLines: 2,
    })
    y +=
      write(
        doc,
        `PRO: ${person.pro || '—'} · IPI / PRO #: ${person.ipi || '—'}`,
        LEFT,
        y,
        WIDTH,
        room(y),
        {
          size: 8.5,
          color: MUTED,
        },
      ) + 2
    y +=
      write(doc, `Shares: ${shares(person.shares)}`, LEFT, y, WIDTH, room(y), {
        size: 9,
        maxLines: 2,
      }) + 2
    y +=
      write(
        doc,
        `Confirmation: ${statusText(person.status, { recorded: sheet.recorded, timeZone })}`,
        LEFT,
        y,
        WIDTH,
        room(y),
        { size: 9, maxLines: 3, color: person.status.status === 'confirmed' ? '#166534' : INK },
      ) + 10
  }
  y += write(doc, 'AI — AI tools, as declared', LEFT, y, WIDTH, room(y), {
    font: 'Helvetica-Bold',
    size: 10,
  })
  y +=
    write(doc, `Shares: ${shares(sheet.ai)}`, LEFT, y, WIDTH, room(y), { size: 9, maxLines: 2 }) + 2
  y +=
    write(doc, 'Confirmation: Declared by the submitter', LEFT, y, WIDTH, room(y), { size: 9 }) + 16
  write(doc, SPLIT_SHEET_NOTE, LEFT, y, WIDTH, room(y), { size: 8, color: MUTED, maxLines: 3 })

  doc.end()
  return finished
}
