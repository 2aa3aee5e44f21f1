import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, test } from 'vitest'
import * as certificatePdf from '~/resource-routes/certificate.$id[.]pdf'
import * as splitSheetPdf from '~/resource-routes/songs.$id.split-sheet[.]pdf'
import { registerSong } from '~/services/registration/registration.server'
import { args, authedRequest, createTestSong, createUser } from '../setup/fixtures'
import { FOUR_WAY_SPLIT, splitRow } from '../setup/sample-song'

// Issue 49.3: nothing of either PDF outside its frame. Four registered records (short and long,
// Latin and mixed script) through the real routes (rendered in the document worker); every word's
// box read back with pdftotext -bbox, the frame read from the page's own drawing.
const run = promisify(execFile)

const long = (word: string, length: number) =>
  Array.from({ length: Math.ceil(length / (word.length + 1)) }, () => word)
    .join(' ')
    .slice(0, length)
    .trim()
const digest = (n: number) => n.toString(16).padStart(2, '0').repeat(32)

/** Every optional field filled, each text at (or near) its form's longest. */
function fullRecord(names: {
  title: string
  people: [string, string, string]
  latin?: [string, string, string]
  pros: [string, string, string]
  tools: string
  lyrics: string
  notes: string
  other: string
}) {
  const [contributorName, coContributorName, coContributorName2] = names.people
  return {
    title: names.title,
    contributorName,
    coContributorName,
    coContributorName2,
    ...(names.latin
      ? {
          contributorLatinName: names.latin[0],
          coContributorLatinName: names.latin[1],
          coContributor2LatinName: names.latin[2],
        }
      : {}),
    mainContributorPro: names.pros[0],
    coContributorPro: names.pros[1],
    coContributor2Pro: names.pros[2],
    mainContributorProNumber: 'ABC-123-456-789-XYZ-000-111-222-333-444-555-666',
    coContributorProNumber: 'PRO-NUMBER-WITHOUT-ANY-BREAK-AT-ALL-0123456789',
    coContributor2ProNumber: 'M-0042-7781',
    toolsUsed: names.tools,
    lyrics: names.lyrics,
    creativeNotes: names.notes,
    otherIdentifier: names.other,
    fileLink: `https://files.example/${'a'.repeat(400)}/${'song-'.repeat(60)}master.wav`,
    genre: 'Pop',
    isrc: 'USRC17607839',
    iswc: 'T-034.524.680-1',
    upc: '036000291452',
    duration: '3:45',
    recordings: Array.from({ length: 5 }, (_, i) => ({
      label: `Take ${i + 1} ${'x'.repeat(50)}`,
      sha256: digest(i + 1),
      size: String(123_456_789 + i),
      mediaType: 'audio/wav',
      fileName: `${'very-long-file-name-'.repeat(12)}${i}.wav`,
      showFileName: 'on',
    })),
    contributions: FOUR_WAY_SPLIT,
  }
}

const LONG_WORD = 'Supercalifragilisticexpialidocious'.repeat(5)

const RECORDS: Record<string, Record<string, unknown>> = {
  'short Latin': {
    title: 'Harbor Lights',
    contributorName: 'Ann Lee',
    coContributorName: 'Bob Stone',
    contributions: [splitRow('lyrics', 60, 20, 0, 20), splitRow('vocals', 100, 0, 0, 0)],
  },
  'long Latin': fullRecord({
    title: `${LONG_WORD} ${long('The Very Long Title Of A Song', 200 - LONG_WORD.length - 1)}`,
    people: [
      `Maximilian ${LONG_WORD.slice(0, 150)} ${long('Alexander', 38)}`,
      long('Anna-Katharina von Hohenzollern-Sigmaringen', 200),
      `${'Bartholomew'.repeat(18)}`,
    ],
    pros: [
      'Society of Composers, Authors and Music Publishers',
      'Gesellschaft fur musikalische Auffuhrungsrechte X',
      'PerformingRightsOrganisationWithAnEnormousNameXYZ',
    ],
    tools: long('Logic Pro, a vintage Neve console, Pro Tools and a Steinway', 1000),
    lyrics: Array.from(
      { length: 120 },
      (_, i) => `Line ${i + 1}: the harbour lights are calling me home`,
    ).join('\n'),
    notes: `${LONG_WORD}${LONG_WORD} ${long('Written over three winters by the sea with friends.', 4600)}`,
    other: long('CATALOGUE-NUMBER-0001', 200),
  }),
  'short mixed script': {
    title: '봄날',
    contributorName: 'نادية الخطيب',
    contributorLatinName: 'Nadia Al-Khatib',
    coContributorName: 'प्रिया शर्मा',
    coContributorLatinName: 'Priya Sharma',
    coContributorName2: 'አበበ ቢቂላ',
    coContributor2LatinName: 'Abebe Bikila',
    mainContributorPro: 'Ελληνική Εταιρεία',
    toolsUsed: '简体中文的录音软件',
    contributions: [splitRow('lyrics', 40, 30, 20, 10), splitRow('vocals', 50, 25, 25, 0)],
  },
  'long mixed script': fullRecord({
    title: long('봄날의 노래 春の歌 أغنية الربيع वसंत का गीत Ἄνοιξη 春天之歌 የፀደይ ዘፈን', 200),
    people: [
      long('نادية بنت محمد بن عبد الله الخطيب', 200),
      `${'प्रियाशर्मा'.repeat(10)} ${long('देवी कुमारी', 80)}`,
      long('张伟 王芳 李娜 Γεώργιος Παπαδόπουλος አበበ ቢቂላ 김민지', 200),
    ],
    latin: [
      long('Nadia bint Muhammad ibn Abdullah Al-Khatib', 200),
      long('Priya Sharma Devi Kumari', 200),
      long('Zhang Wei Wang Fang Li Na Georgios Papadopoulos Abebe Bikila', 200),
    ],
    pros: [
      'Ελληνική Εταιρεία Προστασίας Πνευματικής Ιδιοκτησ',
      '中国音乐著作权协会',
      'جمعية المؤلفين',
    ],
    tools: long('简体中文的录音软件 와 한국어 장비 و أدوات عربية और हिंदी उपकरण', 1000),
    lyrics: Array.from(
      { length: 100 },
      (_, i) => `${i + 1}. 봄날의 노래를 부르네 — أغنية الربيع — वसंत का गीत 春の歌`,
    ).join('\n'),
    notes: long('Γράφτηκε τη νύχτα — 夜に書いた — رُسمت ليلاً — रात में लिखा गया — ሌሊት ተጻፈ', 5000),
    other: long('目錄編號-ካታሎግ', 200),
  }),
}

interface Word {
  page: number
  text: string
  xMin: number
  yMin: number
  xMax: number
  yMax: number
}

/** Every word of every page as pdftotext places it (top-left origin, points). */
async function wordsOf(file: string) {
  const { stdout } = await run('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-'], {
    maxBuffer: 64 * 1024 * 1024,
  })
  const words: Word[] = []
  let page = 0
  for (const match of stdout.matchAll(
    /<page [^>]*>|<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g,
  )) {
    if (match[0].startsWith('<page')) page++
    else
      words.push({
        page,
        text: match[5]!,
        xMin: Number(match[1]),
        yMin: Number(match[2]),
        xMax: Number(match[3]),
        yMax: Number(match[4]),
      })
  }
  return { words, pages: page }
}

interface Frame {
  /** The inner edge of the frame's innermost line: what the text must stay inside. */
  left: number
  top: number
  right: number
  bottom: number
}

/**
 * A page without a drawn frame is framed by its margins: half an inch, more than any printer
 * leaves unprinted at a sheet's edge.
 */
const MARGIN = 36

/**
 * Each page's frame, read from its drawing (mutool gives each page's content stream, whatever
 * incremental updates the file has): the innermost stroked rectangle that spans most of the
 * page (pdfkit draws in a flipped space, so its `re` operands are top-left based), less half its
 * line's width.
 */
async function framesOf(file: string, width = 595.28, height = 841.89) {
  const { stdout: list } = await run('mutool', ['show', file, 'pages'])
  const pages = list.split('\n').filter((line) => /^page \d+ =/.test(line)).length
  const frames: Frame[] = []
  for (let page = 1; page <= pages; page++) {
    const { stdout: content } = await run(
      'mutool',
      ['show', '-b', file, `pages/${page}/Contents`],
      {
        maxBuffer: 64 * 1024 * 1024,
        encoding: 'latin1',
      },
    )
    let frame: Frame | null = null
    let lineWidth = 1
    for (const op of content.matchAll(
      /([\d.]+) w\b|([\d.-]+) ([\d.-]+) ([\d.-]+) ([\d.-]+) re\s+S\b/g,
    )) {
      if (op[1]) {
        lineWidth = Number(op[1])
        continue
      }
      const [x, y, w, h] = op.slice(2, 6).map(Number) as [number, number, number, number]
      if (w < width / 2 || h < height / 2) continue
      const inner = {
        left: x + lineWidth / 2,
        top: y + lineWidth / 2,
        right: x + w - lineWidth / 2,
        bottom: y + h - lineWidth / 2,
      }
      if (!frame || (inner.left >= frame.left && inner.top >= frame.top)) frame = inner
    }
    frames.push(
      frame ?? { left: MARGIN, top: MARGIN, right: width - MARGIN, bottom: height - MARGIN },
    )
  }
  return frames
}

async function pdfOf(kind: 'certificate' | 'split sheet', songId: number, ownerId: string) {
  const [url, loader] =
    kind === 'certificate'
      ? [`http://localhost/certificate/${songId}.pdf`, certificatePdf.loader]
      : [`http://localhost/songs/${songId}/split-sheet.pdf`, splitSheetPdf.loader]
  const response = await loader(args(await authedRequest(url, ownerId), { id: String(songId) }))
  expect(response.status).toBe(200)
  return Buffer.from(await response.arrayBuffer())
}

/** The QR codes zbarimg reads on page 1 cut to its frame's inside (100 dpi): none cut by the frame. */
async function qrCodesInside(file: string, frame: Frame) {
  const px = (pt: number) => Math.round((pt * 100) / 72)
  const stem = `${file}-inside`
  await run('pdftoppm', [
    ...['-r', '100', '-png', '-f', '1', '-l', '1', '-singlefile'],
    ...['-x', String(px(frame.left) + 1), '-y', String(px(frame.top) + 1)],
    ...['-W', String(px(frame.right - frame.left) - 2)],
    ...['-H', String(px(frame.bottom - frame.top) - 2)],
    file,
    stem,
  ])
  try {
    const { stdout } = await run('zbarimg', ['--quiet', '--raw', `${stem}.png`])
    return stdout.split('\n').filter(Boolean)
  } catch (error) {
    // zbarimg exits 4 when the image holds no code at all.
    if ((error as { code?: number }).code === 4) return []
    throw error
  }
}

/** Each line of a PDF's text as three readers give it, its spaces folded. */
async function linesRead(file: string) {
  const readers: [string, string[]][] = [
    ['pdftotext', ['pdftotext', '-enc', 'UTF-8', file, '-']],
    ['pdftotext -raw', ['pdftotext', '-raw', '-enc', 'UTF-8', file, '-']],
    ['mutool', ['mutool', 'draw', '-q', '-F', 'txt', '-o', '-', file]],
  ]
  const read: Record<string, string[]> = {}
  for (const [name, [command, ...rest]] of readers) {
    const { stdout } = await run(command!, rest, { maxBuffer: 64 * 1024 * 1024 })
    read[name] = stdout.split('\n').map((line) => line.replace(/\s+/g, ' ').trim())
  }
  return read
}

/** The headings with no text within 30 pt under them on their page. */
function headingsAlone(words: Word[], headings: string[]) {
  const lines = new Map<string, Word[]>()
  for (const word of words) {
    const key = `${word.page}:${word.yMin.toFixed(1)}:${word.xMin < 297 ? 'left' : 'right'}`
    lines.set(key, [...(lines.get(key) ?? []), word])
  }
  return [...lines.values()]
    .filter((line) => headings.includes(line.map((word) => word.text).join(' ')))
    .filter(([first]) => {
      const { page, yMin, yMax, xMin } = first!
      // Below the heading's line: a tall script's box reaches above its own line.
      return !words.some(
        (word) =>
          word.page === page &&
          word.yMin > yMin + 1 &&
          word.yMin <= yMax + 30 &&
          word.xMin < 297 === xMin < 297,
      )
    })
    .map((line) => `page ${line[0]!.page}: ${line.map((word) => word.text).join(' ')}`)
}

/** Headings set in tracked capitals, as each PDF prints them. */
const HEADINGS = {
  certificate: [
    'PROOFTRACK · PT SNAPSHOT',
    'CONTRIBUTORS & PRO INFORMATION',
    'CONTRIBUTION BREAKDOWN',
    'SONG DETAILS',
    'BLOCKCHAIN RECORD',
  ],
  'split sheet': ['PROOFTRACK · SPLIT SHEET', 'CONTRIBUTORS AND THEIR SHARES (%)', 'SIGNATURES'],
}

const OUT = path.join(os.tmpdir(), 'prooftrack-pdf-frame')

describe('nothing outside the frame, headings read as words (issue 49.3)', () => {
  for (const [name, fields] of Object.entries(RECORDS))
    test(`${name}: every word of both PDFs inside its frame on every page, the QR code whole on page 1`, async () => {
      const user = await createUser({ emailVerified: true })
      const song = await createTestSong(user.id, fields)
      const outcome = await registerSong(user.id, song.id, { confirmed: true })
      if (!outcome.ok) throw new Error(outcome.message)
      const address = `http://localhost:3000/verify/${song.certificateId}`
      fs.mkdirSync(OUT, { recursive: true })
      for (const kind of ['certificate', 'split sheet'] as const) {
        const what = `${name} ${kind}`
        const pdf = await pdfOf(kind, song.id, user.id)
        const file = path.join(OUT, what.replace(/\s+/g, '-'))
        fs.writeFileSync(`${file}.pdf`, pdf)
        // A look at the pages: ${OUT}/<record>-<pdf>-<page>.png.
        await run('pdftoppm', ['-r', '100', '-png', `${file}.pdf`, file])
        const { words, pages } = await wordsOf(`${file}.pdf`)
        const frames = await framesOf(`${file}.pdf`)
        expect(frames, `${what}: a frame per page`).toHaveLength(pages)
        expect(words.length).toBeGreaterThan(40)
        const outside = words.filter((word) => {
          const frame = frames[word.page - 1]!
          return (
            word.xMin <= frame.left ||
            word.yMin <= frame.top ||
            word.xMax >= frame.right ||
            word.yMax >= frame.bottom
          )
        })
        expect
          .soft(
            outside.map((word) => `page ${word.page}: ${word.text} ${word.yMin}..${word.yMax}`),
            what,
          )
          .toEqual([])

        // Whatever the record holds, the verify address and its QR code are on page 1, whole.
        expect.soft(words.find((word) => word.text === address)?.page, what).toBe(1)
        expect.soft(await qrCodesInside(`${file}.pdf`, frames[0]!), what).toEqual([address])

        // Nothing drawn past a page's edge, where no reader finds it: the record's last things.
        const read = await linesRead(`${file}.pdf`)
        const text = read.pdftotext!.join(' ')
        expect(text, what).toContain('Scan to verify')
        const recordings = (fields.recordings as unknown[] | undefined)?.length ?? 0
        if (kind === 'certificate')
          for (let take = 1; take <= recordings; take++)
            expect(text, what).toContain(`FINGERPRINT: TAKE ${take}`)
        else
          expect(text.match(/Signature — /g), what).toHaveLength(
            [fields.contributorName, fields.coContributorName, fields.coContributorName2].filter(
              Boolean,
            ).length,
          )

        // A heading's words with their spaces, in every reader: tracked far enough, its letters
        // were read as words of their own ("P R O O F T R A C K · P T S N A P S H O T").
        for (const [reader, lines] of Object.entries(read))
          for (const heading of HEADINGS[kind])
            expect.soft(lines, `${what}, ${reader}: ${heading}`).toContain(heading)

        // A heading is never left at a page's foot: what it heads follows it on its page.
        expect.soft(headingsAlone(words, HEADINGS[kind]), what).toEqual([])
      }
    }, 120_000)
})
