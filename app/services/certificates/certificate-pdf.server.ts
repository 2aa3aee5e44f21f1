import {
  breakdownText,
  type CertificateSong,
  certificateContributors,
  contributorStatusText,
  isWebUrl,
  orNotSpecified,
  registrationFeeInfo,
  registrationLinkLabels,
  PDF_NOT_PUBLIC_YET,
  registrationNotes,
  statementFor,
} from '~/lib/certificate'
import { DEFAULT_TIME_ZONE, formatDayInZone, formatLongDate } from '~/lib/dates'
import { COMPONENT_LABELS } from '~/lib/song-constants'
import { recordingDetails } from '~/lib/recording'
import { aiDisclosure, aiDisclosureParagraph } from './ai-disclosure.server'
import { splitTotalsWarning } from '~/lib/split-totals'
import {
  BRAND,
  column,
  FAINT,
  Flow,
  INK,
  MUTED,
  PAGE,
  type Part,
  drawQr,
  SCAN_TO_VERIFY,
  startPdf,
  warningBlock,
} from './pdf-document.server'
import { isolate, prepareFonts, write } from './pdf-text.server'

// A4 in PDF points. Page 1 holds the certificate and its footer (statement, id, QR code);
// whatever does not fit above the footer (long lyrics, notes) goes on to further pages, whole.
const LEFT = 52
const RIGHT = PAGE.width - 52
const WIDTH = RIGHT - LEFT
const GUTTER = 24
const COLUMN = (WIDTH - GUTTER) / 2
const FOOTER_TOP = PAGE.height - 150
const QR_SIZE = 86

/** The split of one component with every name set apart, so a figure stays beside its name. */
function isolatedBreakdown(song: CertificateSong) {
  const names = {
    contributorName: isolate(song.contributorName),
    coContributorName: isolate(song.coContributorName ?? ''),
    coContributorName2: isolate(song.coContributorName2 ?? ''),
  }
  return song.contributions.map((row) => ({
    label: COMPONENT_LABELS[row.component],
    text: breakdownText(names, row),
  }))
}

type Online = { public: true; url: string } | { public: false; note: string }

/** Printed above the verify address, and under the QR code that leads there. */
export const VERIFY_LEAD = 'Anyone can check this certificate at:'

export async function renderCertificatePdf(
  song: CertificateSong,
  {
    appName,
    certificateUrl,
    verifyUrl,
    timeZone = DEFAULT_TIME_ZONE,
    timestamp = null,
  }: {
    appName: string
    certificateUrl: string
    /**
     * The public verify page (verify-address.server.ts), or null until the song is registered:
     * the QR code and the printed address lead a stranger there (issue 37.4).
     */
    verifyUrl: string | null
    timeZone?: string
    /** The snapshot's RFC 3161 timestamp line (app/lib/timestamp.ts), or none. */
    timestamp?: string | null
  },
): Promise<Buffer> {
  // Before registration there is nothing a stranger can check: a QR code or link would answer
  // "not registered", so the PDF says when it becomes public instead (decision 050).
  const online: Online = verifyUrl
    ? { public: true, url: verifyUrl }
    : { public: false, note: PDF_NOT_PUBLIC_YET }
  // Every text the document may hold is in the song's view: the fonts for its characters.
  await prepareFonts(
    `${JSON.stringify(song)}${appName}${certificateUrl}${verifyUrl ?? ''}${timestamp ?? ''}`,
  )
  const { doc, end } = startPdf({
    Title: `${song.title} — Certificate ${song.certificateId}`,
    Author: appName,
    Subject: 'Certificate of authorship',
    Creator: appName,
  })

  const frame = () => {
    doc
      .lineWidth(2.2)
      .strokeColor(INK)
      .rect(20, 20, PAGE.width - 40, PAGE.height - 40)
      .stroke()
    doc
      .lineWidth(0.6)
      .strokeColor(FAINT)
      .rect(26, 26, PAGE.width - 52, PAGE.height - 52)
      .stroke()
  }
  frame()
  footer(doc, song, { online, timeZone, timestamp })

  // Further pages: the frame and a running head naming the certificate they belong to.
  const flow = new Flow(doc, 48, FOOTER_TOP - 10, () => {
    frame()
    // The title (in any script) ends the line.
    const head = `Continued: ${song.certificateId} · ${song.title}`
    const height = write(doc, head, LEFT, 40, WIDTH, { size: 7.5, color: MUTED })
    return { top: 40 + height + 12, bottom: PAGE.height - 48 }
  })

  flow.text(
    `${appName} · PT Snapshot`.toUpperCase(),
    LEFT,
    WIDTH,
    {
      font: 'Helvetica-Bold',
      size: 8,
      color: BRAND,
      align: 'center',
      characterSpacing: 2,
    },
    6,
  )
  flow.text(
    'Certificate of Authorship',
    LEFT,
    WIDTH,
    {
      font: 'Times-Italic',
      size: 14,
      color: MUTED,
      align: 'center',
    },
    6,
  )
  flow.text(song.title, LEFT, WIDTH, { font: 'Times-Bold', size: 24, align: 'center' }, 6)
  flow.text(
    `Created ${formatLongDate(song.dateCreated)}`,
    LEFT,
    WIDTH,
    {
      size: 10,
      color: MUTED,
      align: 'center',
    },
    10,
  )
  doc
    .moveTo(LEFT + WIDTH / 3, flow.y)
    .lineTo(RIGHT - WIDTH / 3, flow.y)
    .lineWidth(1)
    .strokeColor(INK)
    .stroke()
  flow.y += 14
  const right = LEFT + COLUMN + GUTTER

  // A split the review step flags is never printed without a word (issue 37.6).
  const totalsWarning = splitTotalsWarning(song.contributions)
  if (totalsWarning) flow.row([[LEFT, warningBlock(doc, totalsWarning, WIDTH)]], 10)

  // The contributors, then the breakdown, each across the page: side by side, a reader of the
  // text layer (pdftotext, search, a screen reader) took the two columns' lines in turns and
  // carried a name away from its role (issue 37). Nothing in a row is cut: it wraps, and a row
  // that does not fit starts a new page.
  const people: Part[] = [{ kind: 'heading', title: 'Contributors & PRO Information' }]
  for (const person of certificateContributors(song)) {
    // A typed value ends its line: a right-to-left name or PRO followed by more text on the same
    // line would be read with that text's punctuation on its wrong side.
    const details = [
      person.role,
      person.pro ? `PRO: ${isolate(person.pro)}` : '',
      person.proNumber ? `PRO #: ${isolate(person.proNumber)}` : '',
    ].filter(Boolean)
    people.push(
      { kind: 'text', text: person.name, style: { font: 'Helvetica-Bold', size: 9 } },
      // Issue 26: the name in Latin script, as PROs file it, on its own line: a line mixing a
      // right-to-left name with a Latin one would read in either order.
      ...(person.latinName
        ? [
            {
              kind: 'text' as const,
              text: `In Latin script: ${person.latinName}`,
              style: { size: 7.5, color: MUTED },
            },
          ]
        : []),
      ...details.map(
        (text) => ({ kind: 'text', text, style: { size: 7.5, color: MUTED } }) as const,
      ),
      {
        kind: 'text',
        text: contributorStatusText(song, person, timeZone),
        style: { size: 7.5, color: person.status.status === 'confirmed' ? '#166534' : MUTED },
        gap: 4,
      },
    )
  }
  // Each component's shares as one text, label first, so its lines read together.
  const breakdown = isolatedBreakdown(song)
  const split: Part[] = [
    { kind: 'heading', title: 'Contribution Breakdown' },
    ...(breakdown.length === 0
      ? [{ kind: 'text', text: 'No contributions declared.', style: { color: MUTED } } as const]
      : breakdown.map(
          (row) =>
            ({
              kind: 'text',
              text: `${row.label}: ${row.text}`,
              style: { size: 8.5 },
              gap: 3,
            }) as const,
        )),
  ]
  flow.row([[LEFT, column(doc, people, WIDTH)]], 4)
  // Issue 40: where AI took part, in the words ai-disclosure.server.ts gives every surface.
  split.push({
    kind: 'text',
    text: aiDisclosureParagraph(aiDisclosure(song)),
    style: { size: 7.5 },
  })
  flow.row([[LEFT, column(doc, split, WIDTH)]], 8)

  // Row 2: song details | identifiers
  const fileLink = isWebUrl(song.fileLink) ? song.fileLink : null
  const details: Part[] = [
    { kind: 'heading', title: 'Song Details' },
    { kind: 'fact', label: 'Tools used', value: orNotSpecified(song.toolsUsed) },
    {
      kind: 'fact',
      label: 'File location',
      value: orNotSpecified(song.fileLink),
      style: fileLink ? { link: fileLink, color: BRAND } : {},
    },
    { kind: 'fact', label: 'Genre', value: orNotSpecified(song.genre) },
  ]
  // Every fingerprinted file under its own label (decision 040).
  for (const recording of song.recordings)
    details.push(
      {
        kind: 'fact',
        label: `Fingerprint: ${recording.label} (SHA-256)`,
        value: recording.sha256,
        style: { font: 'Courier', size: 7.5 },
      },
      {
        kind: 'text',
        text: recordingDetails(recording),
        style: { size: 7.5, color: MUTED },
        gap: 4,
      },
    )
  const identifiers = (
    [
      ['ISRC', song.isrc],
      ['ISWC', song.iswc],
      ['UPC', song.upc],
      ['Other', song.otherIdentifier],
    ] as const
  ).flatMap(([label, value]) => (value && value.trim() !== '' ? [[label, value] as const] : []))
  const ids: Part[] = [
    { kind: 'heading', title: 'Identifiers' },
    ...(identifiers.length === 0
      ? [{ kind: 'text', text: 'None declared.', style: { color: MUTED } } as const]
      : identifiers.map(
          ([label, value]) =>
            ({ kind: 'fact', label, value, style: { font: 'Courier', size: 8.5 } }) as const,
        )),
  ]
  flow.row(
    [
      [LEFT, column(doc, details, COLUMN)],
      [right, column(doc, ids, COLUMN)],
    ],
    8,
  )

  const registration = song.registration
  if (registration) {
    flow.row([[LEFT, column(doc, [{ kind: 'heading', title: 'Blockchain Record' }], WIDTH)]])
    const fee = registrationFeeInfo(registration.registrationFee)
    const feeText = `Network fees paid by ${appName}: registration fee ${fee.fee} SOL + network gas ${fee.gas} SOL${fee.total === null ? '' : ` = ${fee.total} SOL`}`
    // Where the record really is, as it recorded it (decision 019), with what that means.
    const { network, storage, notes } = registrationNotes(registration)
    const record: Part[] = [
      {
        kind: 'fact',
        label: 'Transaction ID',
        value: orNotSpecified(registration.transactionSignature),
        style: { font: 'Courier', size: 7.5 },
      },
      {
        kind: 'fact',
        label: 'Wallet address',
        value: orNotSpecified(registration.walletAddress),
        style: { font: 'Courier', size: 7.5 },
      },
      {
        kind: 'fact',
        label: 'Network',
        value: `${network.label}${registration.status === 'confirmed' ? '' : ` (status: ${registration.status})`}`,
        style: { size: 8 },
      },
    ]
    const when: Part[] = [
      {
        kind: 'fact',
        label: 'Registration date',
        value: formatDayInZone(registration.createdAt, timeZone),
      },
      { kind: 'fact', label: 'Fees', value: feeText, style: { size: 8 } },
      { kind: 'fact', label: 'Storage', value: storage.label, style: { size: 8 } },
    ]
    flow.row([
      [LEFT, column(doc, record, COLUMN)],
      [right, column(doc, when, COLUMN)],
    ])
    const links: Part[] = []
    if (notes.length > 0)
      links.push({
        kind: 'text',
        text: notes.join(' '),
        style: { font: 'Helvetica-Bold', size: 8, color: '#92400e' },
        gap: 6,
      })
    const labels = registrationLinkLabels(registration)
    for (const [label, url] of [
      [labels.explorer, registration.explorerUrl],
      [labels.storage, registration.storageUrl],
    ] as const) {
      if (!url) continue
      const absolute = new URL(url, certificateUrl).toString()
      links.push({
        kind: 'fact',
        label,
        value: absolute,
        style: { size: 8, color: BRAND, link: absolute },
      })
    }
    if (links.length > 0) flow.row([[LEFT, column(doc, links, WIDTH)]])
    flow.y += 6
  }

  // The owner's lyrics and notes, whole, over as many pages as they need (the public
  // projection has neither). No bare digest of the lyrics: a shared PDF would let anyone
  // test guessed lyrics against it.
  for (const [title, text, style] of [
    ['Lyrics', song.lyrics, { font: 'Times-Italic', size: 9 }],
    ['Creative Notes', song.creativeNotes, { size: 8.5 }],
  ] as const) {
    if (!text || text.trim() === '') continue
    // A heading is never left alone at the foot of a page.
    const heading = column(doc, [{ kind: 'heading', title }], WIDTH)
    if (flow.y + heading.height + 24 > flow.bottom) flow.newPage()
    flow.row([[LEFT, heading]])
    flow.text(text.replace(/\n{3,}/g, '\n\n').trim(), LEFT, WIDTH, style, 8)
  }

  return end(`certificate ${song.certificateId}`)
}

/**
 * Page 1's foot: the statement, the id and issue date, and the verify page's address in full with
 * its QR code once the song is registered (or, before, when it will be).
 */
function footer(
  doc: PDFKit.PDFDocument,
  song: CertificateSong,
  { online, timeZone, timestamp }: { online: Online; timeZone: string; timestamp: string | null },
) {
  const textWidth = WIDTH - QR_SIZE - 16
  doc.moveTo(LEFT, FOOTER_TOP).lineTo(RIGHT, FOOTER_TOP).lineWidth(1.4).strokeColor(INK).stroke()
  let y = FOOTER_TOP + 16
  y += write(doc, statementFor(song), LEFT, y, textWidth, { font: 'Times-Italic', size: 11.5 }) + 8
  y +=
    write(doc, `Certificate ID: ${song.certificateId}`, LEFT, y, textWidth, {
      font: 'Helvetica-Bold',
      size: 10,
    }) + 3
  y +=
    write(doc, `Issued ${formatDayInZone(song.createdAt, timeZone)}`, LEFT, y, textWidth, {
      size: 9.5,
      color: MUTED,
    }) + 4
  if (timestamp) y += write(doc, timestamp, LEFT, y, textWidth, { size: 7.5, color: MUTED }) + 4
  if (!online.public) {
    write(doc, online.note, LEFT, y, textWidth, { size: 8, color: MUTED })
    return
  }
  y += write(doc, VERIFY_LEAD, LEFT, y, textWidth, { size: 8, color: MUTED }) + 1
  write(doc, online.url, LEFT, y, textWidth, { size: 9, color: BRAND, link: online.url })
  drawQr(doc, online.url, RIGHT - QR_SIZE, FOOTER_TOP + 12, QR_SIZE)
  write(doc, SCAN_TO_VERIFY, RIGHT - QR_SIZE - 10, FOOTER_TOP + 14 + QR_SIZE, QR_SIZE + 20, {
    size: 6.5,
    color: MUTED,
    align: 'center',
  })
}
