import fs from 'node:fs'
import { createRequire } from 'node:module'
import PDFDocument from 'pdfkit'
import QRCode from 'qrcode'
import {
  type CertificateSong,
  certificateContributors,
  contributionBreakdown,
  contributorStatusText,
  isWebUrl,
  orNotSpecified,
  recordingDetails,
  registrationFeeInfo,
  registrationLinkLabels,
  registrationNotes,
  statementFor,
} from '~/lib/certificate'
import { DEFAULT_TIME_ZONE, formatDayInZone, formatLongDate } from '~/lib/dates'

// A4 in PDF points. Everything is placed by hand and every text block has a height cap, so
// pdfkit never breaks onto a second page, whatever the song holds.
const PAGE = { width: 595.28, height: 841.89 }
const LEFT = 52
const RIGHT = PAGE.width - 52
const WIDTH = RIGHT - LEFT
const GUTTER = 24
const COLUMN = (WIDTH - GUTTER) / 2
const FOOTER_TOP = PAGE.height - 150
const QR_SIZE = 86

export const INK = '#0f172a'
export const MUTED = '#475569'
const FAINT = '#94a3b8'
export const BRAND = '#4338ca'

type Doc = PDFKit.PDFDocument
export interface Style {
  font?: string
  size?: number
  color?: string
  maxLines?: number
  align?: 'left' | 'center' | 'right'
  link?: string
  characterSpacing?: number
}

// The built-in PDF fonts (Helvetica, Times) only cover Windows-1252: Western Latin and a few
// typographic marks. Text that fits is set in them; any other text (Greek, Cyrillic, Hebrew,
// Arabic, Vietnamese, Central European names...) is set in the embedded DejaVu Sans, so a
// contributor's name prints as written. Characters DejaVu lacks too (Chinese, Japanese, Korean)
// print as '?'; the QR code leads to the full online certificate.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ')
const UNICODE_FONT = 'DejaVuSans'
const UNICODE_FONT_BOLD = 'DejaVuSans-Bold'
const fontFiles = createRequire(import.meta.url)
let unicodeFonts: { regular: Buffer; bold: Buffer } | undefined
function loadUnicodeFonts() {
  unicodeFonts ??= {
    regular: fs.readFileSync(
      fontFiles.resolve('@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff'),
    ),
    bold: fs.readFileSync(
      fontFiles.resolve('@fontsource/dejavu-sans/files/dejavu-sans-latin-700-normal.woff'),
    ),
  }
  return unicodeFonts
}

function isWinAnsi(char: string) {
  const code = char.codePointAt(0) ?? 0
  return (
    char === '\n' ||
    char === '\r' ||
    char === '\t' ||
    (code >= 0x20 && code <= 0x7e) ||
    (code >= 0xa0 && code <= 0xff) ||
    WIN_ANSI_EXTRA.has(char)
  )
}

/** The text as the current font can draw it: control characters tidied, missing glyphs as '?'. */
function drawable(text: string, hasGlyph: (char: string) => boolean) {
  return Array.from(text, (char) => {
    if (char === '\r') return ''
    if (char === '\t') return ' '
    return char === '\n' || hasGlyph(char) ? char : '?'
  }).join('')
}

/** Sets the style's font, or the embedded Unicode font when the text needs it; returns the text to draw. */
function fontFor(doc: Doc, text: string, font: string) {
  if (Array.from(text).every(isWinAnsi)) {
    doc.font(font)
    return drawable(text, isWinAnsi)
  }
  doc.font(/Bold/.test(font) ? UNICODE_FONT_BOLD : UNICODE_FONT)
  // pdfkit keeps the parsed (fontkit) font of an embedded font on `_font.font`: the only way to
  // ask which characters it can draw.
  const embedded = (
    doc as unknown as { _font?: { font?: { hasGlyphForCodePoint(code: number): boolean } } }
  )._font?.font
  return drawable(text, (char) => embedded?.hasGlyphForCodePoint(char.codePointAt(0) ?? 0) ?? false)
}

/** Writes text inside a box of at most `maxLines` lines and `room` points; returns the height used. */
export function write(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  room: number,
  style: Style = {},
) {
  const {
    font = 'Helvetica',
    size = 9,
    color = INK,
    maxLines = 1,
    align = 'left',
    link,
    characterSpacing = 0,
  } = style
  const value = fontFor(doc, text, font)
  doc.fontSize(size).fillColor(color)
  const lineHeight = doc.currentLineHeight(true)
  const lines = Math.min(maxLines, Math.floor(room / lineHeight))
  if (lines < 1 || value === '') return 0
  const options = { width, align, characterSpacing, lineBreak: true }
  const needed = doc.heightOfString(value, options)
  const height = Math.min(needed, lines * lineHeight)
  doc.text(value, x, y, {
    ...options,
    height: height + 1,
    ellipsis: true,
    ...(link ? { link, underline: true } : {}),
  })
  return height
}

export function heading(
  doc: Doc,
  title: string,
  x: number,
  y: number,
  width: number,
  room: number,
) {
  if (room < 28) return null
  write(doc, title.toUpperCase(), x, y, width, room, {
    font: 'Helvetica-Bold',
    size: 7.5,
    color: BRAND,
    characterSpacing: 1.2,
  })
  doc
    .moveTo(x, y + 11)
    .lineTo(x + width, y + 11)
    .lineWidth(0.5)
    .strokeColor('#cbd5e1')
    .stroke()
  return 16
}

/** A small grey label over its value. */
function fact(
  doc: Doc,
  label: string,
  value: string,
  x: number,
  y: number,
  width: number,
  room: number,
  style: Style = {},
) {
  if (room < 22) return 0
  const top = write(doc, label.toUpperCase(), x, y, width, room, {
    font: 'Helvetica-Bold',
    size: 6.5,
    color: MUTED,
    characterSpacing: 0.6,
  })
  return (
    top +
    1 +
    write(doc, value, x, y + top + 1, width, room - top - 1, { maxLines: 2, ...style }) +
    5
  )
}

/**
 * An A4 document with the embedded Unicode fonts registered (decision 011), and the promise of
 * its bytes once `doc.end()` is called. Shared with the split sheet's PDF.
 */
export function startPdf(info: PDFKit.DocumentInfo, { compress = true } = {}) {
  const doc = new PDFDocument({ size: 'A4', margin: 0, info, compress })
  const fonts = loadUnicodeFonts()
  doc.registerFont(UNICODE_FONT, fonts.regular)
  doc.registerFont(UNICODE_FONT_BOLD, fonts.bold)
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  return { doc, finished }
}

export async function renderCertificatePdf(
  song: CertificateSong,
  {
    appName,
    certificateUrl,
    timeZone = DEFAULT_TIME_ZONE,
  }: { appName: string; certificateUrl: string; timeZone?: string },
): Promise<Buffer> {
  const qr = await QRCode.toBuffer(certificateUrl, {
    type: 'png',
    margin: 1,
    width: 240,
    errorCorrectionLevel: 'M',
  })
  const { doc, finished } = startPdf({
    Title: `${song.title} — Certificate ${song.certificateId}`,
    Author: appName,
    Subject: 'Certificate of authorship',
    Creator: appName,
  })

  // Frame: a heavy outer rule and a hairline inside it.
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

  let y = 48
  y +=
    write(doc, `${appName} · PT Snapshot`.toUpperCase(), LEFT, y, WIDTH, 20, {
      font: 'Helvetica-Bold',
      size: 8,
      color: BRAND,
      align: 'center',
      characterSpacing: 2,
    }) + 6
  y +=
    write(doc, 'Certificate of Authorship', LEFT, y, WIDTH, 20, {
      font: 'Times-Italic',
      size: 14,
      color: MUTED,
      align: 'center',
    }) + 6
  y +=
    write(doc, song.title, LEFT, y, WIDTH, 60, {
      font: 'Times-Bold',
      size: 24,
      maxLines: 2,
      align: 'center',
    }) + 6
  y +=
    write(doc, `Created ${formatLongDate(song.dateCreated)}`, LEFT, y, WIDTH, 16, {
      size: 10,
      color: MUTED,
      align: 'center',
    }) + 10
  doc
    .moveTo(LEFT + WIDTH / 3, y)
    .lineTo(RIGHT - WIDTH / 3, y)
    .lineWidth(1)
    .strokeColor(INK)
    .stroke()
  y += 14

  const right = LEFT + COLUMN + GUTTER
  const room = (top: number) => FOOTER_TOP - 10 - top

  // Row 1: contributors | breakdown
  let left = y
  let rightY = y
  left += heading(doc, 'Contributors & PRO Information', LEFT, left, COLUMN, room(left)) ?? 0
  for (const person of certificateContributors(song)) {
    left += write(doc, person.name, LEFT, left, COLUMN, room(left), {
      font: 'Helvetica-Bold',
      size: 9,
    })
    const details = [
      person.role,
      person.pro ? `PRO: ${person.pro}` : '',
      person.proNumber ? `PRO #: ${person.proNumber}` : '',
    ]
      .filter(Boolean)
      .join(' · ')
    left += write(doc, details, LEFT, left, COLUMN, room(left), {
      size: 7.5,
      color: MUTED,
      maxLines: 2,
    })
    left +=
      write(doc, contributorStatusText(song, person, timeZone), LEFT, left, COLUMN, room(left), {
        size: 7.5,
        color: person.status.status === 'confirmed' ? '#166534' : MUTED,
        maxLines: 2,
      }) + 4
  }
  rightY += heading(doc, 'Contribution Breakdown', right, rightY, COLUMN, room(rightY)) ?? 0
  const breakdown = contributionBreakdown(song)
  if (breakdown.length === 0)
    rightY += write(doc, 'No contributions declared.', right, rightY, COLUMN, room(rightY), {
      color: MUTED,
    })
  for (const row of breakdown) {
    const labelHeight = write(doc, `${row.label}:`, right, rightY, 78, room(rightY), {
      font: 'Helvetica-Bold',
      size: 8.5,
    })
    const textHeight = write(doc, row.text, right + 80, rightY, COLUMN - 80, room(rightY), {
      size: 8.5,
      maxLines: 2,
    })
    rightY += Math.max(labelHeight, textHeight) + 3
  }
  y = Math.max(left, rightY) + 8

  // Row 2: song details | identifiers
  left = y
  rightY = y
  left += heading(doc, 'Song Details', LEFT, left, COLUMN, room(left)) ?? 0
  left += fact(doc, 'Tools used', orNotSpecified(song.toolsUsed), LEFT, left, COLUMN, room(left), {
    maxLines: 3,
  })
  const fileLink = isWebUrl(song.fileLink) ? song.fileLink : null
  left += fact(
    doc,
    'File location',
    orNotSpecified(song.fileLink),
    LEFT,
    left,
    COLUMN,
    room(left),
    fileLink ? { link: fileLink, color: BRAND } : {},
  )
  left += fact(doc, 'Genre', orNotSpecified(song.genre), LEFT, left, COLUMN, room(left))
  // Every fingerprinted file under its own label (decision 040).
  for (const recording of song.recordings) {
    left += fact(
      doc,
      `Fingerprint: ${recording.label} (SHA-256)`,
      recording.sha256,
      LEFT,
      left,
      COLUMN,
      room(left),
      { font: 'Courier', size: 7.5, maxLines: 2 },
    )
    left +=
      write(doc, recordingDetails(recording), LEFT, left, COLUMN, room(left), {
        size: 7.5,
        color: MUTED,
        maxLines: 2,
      }) + 4
  }
  rightY += heading(doc, 'Identifiers', right, rightY, COLUMN, room(rightY)) ?? 0
  const identifiers = (
    [
      ['ISRC', song.isrc],
      ['ISWC', song.iswc],
      ['UPC', song.upc],
      ['Other', song.otherIdentifier],
    ] as const
  ).flatMap(([label, value]) => (value && value.trim() !== '' ? [[label, value] as const] : []))
  if (identifiers.length === 0)
    rightY += write(doc, 'None declared.', right, rightY, COLUMN, room(rightY), { color: MUTED })
  for (const [label, value] of identifiers)
    rightY += fact(doc, label, value, right, rightY, COLUMN, room(rightY), {
      font: 'Courier',
      size: 8.5,
    })
  y = Math.max(left, rightY) + 8

  // The blockchain record comes before the owner's lyrics and notes: it is never the part cut short.
  const registration = song.registration
  if (registration) {
    const heightUsed = heading(doc, 'Blockchain Record', LEFT, y, WIDTH, room(y))
    if (heightUsed) {
      y += heightUsed
      left = y
      rightY = y
      left += fact(
        doc,
        'Transaction ID',
        orNotSpecified(registration.transactionSignature),
        LEFT,
        left,
        COLUMN,
        room(left),
        { font: 'Courier', size: 7.5, maxLines: 3 },
      )
      left += fact(
        doc,
        'Wallet address',
        orNotSpecified(registration.walletAddress),
        LEFT,
        left,
        COLUMN,
        room(left),
        { font: 'Courier', size: 7.5 },
      )
      rightY += fact(
        doc,
        'Registration date',
        formatDayInZone(registration.createdAt, timeZone),
        right,
        rightY,
        COLUMN,
        room(rightY),
      )
      const fee = registrationFeeInfo(registration.registrationFee)
      const feeText = `Network fees paid by ${appName}: registration fee ${fee.fee} SOL + network gas ${fee.gas} SOL${fee.total === null ? '' : ` = ${fee.total} SOL`}`
      rightY += fact(doc, 'Fees', feeText, right, rightY, COLUMN, room(rightY), {
        size: 8,
        maxLines: 3,
      })
      // Where the record really is, as it recorded it (decision 019), with what that means.
      const { network, storage, notes } = registrationNotes(registration)
      left += fact(
        doc,
        'Network',
        `${network.label}${registration.status === 'confirmed' ? '' : ` (status: ${registration.status})`}`,
        LEFT,
        left,
        COLUMN,
        room(left),
        { size: 8, maxLines: 2 },
      )
      rightY += fact(doc, 'Storage', storage.label, right, rightY, COLUMN, room(rightY), {
        size: 8,
        maxLines: 2,
      })
      y = Math.max(left, rightY)
      if (notes.length > 0)
        y +=
          write(doc, notes.join(' '), LEFT, y, WIDTH, room(y), {
            font: 'Helvetica-Bold',
            size: 8,
            color: '#92400e',
            maxLines: 3,
          }) + 6
      const labels = registrationLinkLabels(registration)
      for (const [label, url] of [
        [labels.explorer, registration.explorerUrl],
        [labels.storage, registration.storageUrl],
      ] as const) {
        if (!url) continue
        const absolute = new URL(url, certificateUrl).toString()
        y += fact(doc, label, absolute, LEFT, y, WIDTH, room(y), {
          size: 8,
          color: BRAND,
          link: absolute,
          maxLines: 1,
        })
      }
      y += 6
    }
  }

  if (song.lyrics && song.lyrics.trim() !== '') {
    const heightUsed = heading(doc, 'Lyrics', LEFT, y, WIDTH, room(y))
    if (heightUsed) {
      y += heightUsed
      // No bare digest of the lyrics: a shared PDF would let anyone test guessed lyrics against it.
      const lines = song.lyrics.split(/\r?\n/).filter((line) => line.trim() !== '')
      const opening = lines.slice(0, 4).join('\n')
      y += write(doc, opening, LEFT, y, WIDTH, room(y), {
        font: 'Times-Italic',
        size: 9,
        maxLines: 4,
      })
      if (lines.length > 4)
        y +=
          write(
            doc,
            'Full lyrics kept with the certificate record.',
            LEFT,
            y + 1,
            WIDTH,
            room(y + 1),
            { size: 7, color: MUTED },
          ) + 1
      y += 8
    }
  }

  if (song.creativeNotes && song.creativeNotes.trim() !== '') {
    const heightUsed = heading(doc, 'Creative Notes', LEFT, y, WIDTH, room(y))
    if (heightUsed) {
      y += heightUsed
      y += write(doc, song.creativeNotes, LEFT, y, WIDTH, room(y), { size: 8.5, maxLines: 3 })
    }
  }

  // Footer: the statement, the id and issue date, and a QR code to the online certificate.
  const textWidth = WIDTH - QR_SIZE - 16
  doc.moveTo(LEFT, FOOTER_TOP).lineTo(RIGHT, FOOTER_TOP).lineWidth(1.4).strokeColor(INK).stroke()
  let footerY = FOOTER_TOP + 16
  footerY +=
    write(doc, statementFor(song), LEFT, footerY, textWidth, 40, {
      font: 'Times-Italic',
      size: 11.5,
      maxLines: 2,
    }) + 8
  footerY +=
    write(doc, `Certificate ID: ${song.certificateId}`, LEFT, footerY, textWidth, 16, {
      font: 'Helvetica-Bold',
      size: 10,
    }) + 3
  footerY +=
    write(
      doc,
      `Issued ${formatDayInZone(song.createdAt, timeZone)}`,
      LEFT,
      footerY,
      textWidth,
      16,
      {
        size: 9.5,
        color: MUTED,
      },
    ) + 6
  write(doc, certificateUrl, LEFT, footerY, textWidth, 14, {
    size: 7.5,
    color: BRAND,
    link: certificateUrl,
  })
  doc.image(qr, RIGHT - QR_SIZE, FOOTER_TOP + 12, { width: QR_SIZE, height: QR_SIZE })
  write(
    doc,
    'Scan to view online',
    RIGHT - QR_SIZE - 10,
    FOOTER_TOP + 14 + QR_SIZE,
    QR_SIZE + 20,
    12,
    { size: 6.5, color: MUTED, align: 'center' },
  )

  doc.end()
  return finished
}
