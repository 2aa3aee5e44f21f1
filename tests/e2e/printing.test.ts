import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { FOUR_WAY_SPLIT, splitRow } from '../setup/sample-song'
import { MODES, type TestPage, useBrowser } from './browser'
import { newSignedInUser, postSong, registerSong, verifyEmailThroughAdmin } from './flows'
import { sharedServer } from './server'

// Issue 37, items 1, 2, 4 and 6: what a user prints from the browser. Every page with a Print
// button or print styles (the certificate and the split sheet) is printed by Chromium with print
// media, on A4 and Letter, at a desktop's and a phone's width, and read back with pdftotext:
// nothing is cut, no column lost, and the record leads a stranger to its verify page.

const run = promisify(execFile)
const browser = useBrowser()
const server = sharedServer()

let outDir: string
beforeAll(() => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-print-'))
})
afterAll(() => {
  // PRINT_KEEP=1 keeps the PDFs and their PNGs to look at.
  if (process.env.PRINT_KEEP) console.log(`Printed pages kept in ${outDir}`)
  else fs.rmSync(outDir, { recursive: true, force: true })
})

const SCRIPTS = [
  'the harbor lights are calling me home',
  '港の灯りが私を呼んでいる',
  'बंदरगाह की रोशनी मुझे बुला रही है',
  'แสงไฟที่ท่าเรือเรียกฉันกลับบ้าน',
  'אורות הנמל קוראים לי הביתה',
  'أضواء الميناء تناديني',
  'огни гавани зовут меня домой',
  '♪ 🌙 ♯ ♭',
]
const LAST_LYRIC = 'Last line of the song: конец, סוף, النهاية'
const LYRICS = [
  ...Array.from({ length: 90 }, (_, i) => `${i + 1}. ${SCRIPTS[i % SCRIPTS.length]}`),
  LAST_LYRIC,
].join('\n')
const NOTES =
  'Written on a night train from Osaka to Tokyo; the bridge came from a voice memo. ' +
  'Заметки: второй куплет переписан. הערות: הפזמון נכתב מחדש.'
const STORAGE_LINK = 'https://files.example/harbor-lights-final-master-2025.wav'

const LONG_SONG = {
  contributorName: '佐藤 美咲',
  contributorLatinName: 'Sato Misaki',
  coContributorName: 'प्रिया शर्मा',
  coContributorLatinName: 'Priya Sharma',
  coContributorName2: 'Дмитрий Волков',
  coContributor2LatinName: 'Dmitry Volkov',
  dateCreated: '2025-03-01',
  toolsUsed: 'Logic Pro, Suno, a Yamaha upright piano, Ableton Live 12, iZotope Ozone',
  fileLink: STORAGE_LINK,
  genre: 'Pop',
  isrc: 'USABC2400001',
  iswc: 'T-034.524.680-1',
  otherIdentifier: 'Catalogue 海-042',
  lyrics: LYRICS,
  creativeNotes: NOTES,
  mainContributorPro: 'JASRAC',
  mainContributorProNumber: '00123456790',
  coContributorPro: 'IPRS',
  coContributorProNumber: '00234567855',
  coContributor2Pro: 'RAO',
  coContributor2ProNumber: '00345678920',
  contributions: [...FOUR_WAY_SPLIT],
}

/**
 * The long song of a new owner whose email the administrator verified (registration needs it),
 * registered: its certificate shows the blockchain record and its verify link.
 */
async function registeredLongSong(page: TestPage) {
  await newSignedInUser(page, 'Misaki', 'Sato')
  await verifyEmailThroughAdmin(
    page,
    await browser.newPage({ javaScriptEnabled: false, baseUrl: server.baseUrl }),
  )
  const song = await postSong(page, { title: '港の灯り Harbor Lights 🔥', ...LONG_SONG })
  const { storageUrl } = await registerSong(page, song.id)
  return { ...song, storageUrl }
}

/**
 * Text as pdftotext gives it back, made comparable: no whitespace (a line wrapped on paper reads
 * as one), no hyphen-minus (pdftotext joins a word hyphenated at a line's end without it) and no
 * bidi controls (it wraps each right-to-left run in them).
 */
const squeeze = (text: string) => text.replace(/[\s\u200e\u200f\u202a-\u202e\u2066-\u2069-]+/g, '')

/**
 * The words of a text, as `squeeze` sees them, without the punctuation between them: a header
 * may wrap after its slash, and pdftotext gives right-to-left runs in their visual order, so
 * "конец, סוף, النهاية" comes back as "конец, النهاية,סוף" — the same words.
 */
const words = (text: string) =>
  text
    .split(/[\s/,.;:()]+/)
    .map(squeeze)
    .filter((word) => word !== '')

const RIGHT_TO_LEFT = /[\u0590-\u08ff]/

/**
 * Devanagari and Thai: the test machine's Chromium has no font for them and draws empty boxes
 * whose text layer loses a conjunct (शर्मा comes back as र्मा). A reader's browser uses its own
 * fonts; here these words are left out of the word count, and the Latin form printed beside each
 * such name is counted.
 */
const NO_FONT_HERE = /[\u0900-\u097f\u0e00-\u0e7f]/

/**
 * The words of `cells` that pdftotext did not give back, counted: each cell's words must all be
 * in the output, as often as the cells hold them (a cut column loses its "100%", not just any).
 */
function missingWords(cells: string[], output: string) {
  const left = new Map<string, number>()
  for (const word of words(output)) left.set(word, (left.get(word) ?? 0) + 1)
  const missing: string[] = []
  for (const word of cells.flatMap(words).filter((word) => !NO_FONT_HERE.test(word))) {
    const count = left.get(word) ?? 0
    if (count === 0) missing.push(word)
    else left.set(word, count - 1)
  }
  return missing
}

interface Printed {
  pages: number
  /** pdftotext's output, every page. */
  text: string
  /** The output with no whitespace: a line wrapped on paper reads as one. */
  squeezed: string
  file: string
}

/** Prints the page as Chromium's Print does (print media), and reads the PDF back. */
async function print(page: TestPage, name: string, format: 'A4' | 'Letter'): Promise<Printed> {
  const file = path.join(outDir, `${name}.pdf`)
  fs.writeFileSync(file, await page.pdf({ format }))
  const { stdout: text } = await run('pdftotext', ['-enc', 'UTF-8', file, '-'])
  const { stdout: info } = await run('pdfinfo', [file])
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1])
  // Every page holds something: no blank sheet after a bad break.
  const prefix = path.join(outDir, name)
  await run('pdftoppm', ['-r', '40', '-png', file, prefix])
  const images = fs
    .readdirSync(outDir)
    .filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png'))
  expect(images).toHaveLength(pages)
  for (let index = 1; index <= pages; index += 1) {
    const pageText = text.split('\f')[index - 1] ?? ''
    expect(pageText.trim(), `${name}: page ${index} of ${pages} is blank`).not.toBe('')
  }
  return { pages, text, squeezed: squeeze(text), file }
}

/** `expected` is in the printed text: as one run, or word for word where it holds right-to-left text. */
function expectPrinted(printed: Printed, expected: string, name: string) {
  if (RIGHT_TO_LEFT.test(expected))
    expect(missingWords([expected], printed.text), `${name}: ${expected}`).toEqual([])
  else expect(printed.squeezed, `${name}: ${expected}`).toContain(squeeze(expected))
}

/**
 * What the page shows on paper, read from the DOM with print media: the text of the last visible
 * element, and every element whose content is clipped by a box (a line sliced, a column cut).
 */
async function onPaper(page: TestPage) {
  return page.evaluate(() => {
    const visible = (element: Element) => {
      const style = getComputedStyle(element)
      return (
        style.visibility !== 'hidden' &&
        style.display !== 'none' &&
        element.getClientRects().length > 0
      )
    }
    const main = document.querySelector('main')!
    const texts = [...main.querySelectorAll('*')].filter(
      (element) =>
        visible(element) &&
        [...element.childNodes].some(
          (node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '',
        ),
    )
    const clipped = [...main.querySelectorAll('*')]
      .filter((element) => {
        if (!visible(element)) return false
        const style = getComputedStyle(element)
        const clips = (value: string) => value !== 'visible'
        return (
          (clips(style.overflowY) && element.scrollHeight > element.clientHeight + 1) ||
          (clips(style.overflowX) && element.scrollWidth > element.clientWidth + 1)
        )
      })
      .map((element) => `${element.tagName}.${element.className}`)
    const last = texts.at(-1)
    return { last: last ? (last as HTMLElement).innerText : '', clipped }
  })
}

/** The split sheet's table, every header and cell, as the page shows them. */
async function tableTexts(page: TestPage) {
  return page
    .locator('.split-sheet table')
    .locator('th, td')
    .evaluateAll((cells) => cells.map((cell) => (cell as HTMLElement).innerText.trim()))
}

const FORMATS = ['A4', 'Letter'] as const
const WIDTHS = [
  { device: 'desktop', width: 1280, height: 900 },
  { device: 'phone', width: 360, height: 740 },
] as const

/**
 * Every QR code on the printed pages, as a phone's reader would read them: the PDF rendered at
 * 150 dpi, each page's codes decoded by zbarimg.
 */
async function qrCodesOf(printed: Printed) {
  const prefix = path.join(outDir, `${path.basename(printed.file, '.pdf')}-qr`)
  await run('pdftoppm', ['-r', '150', '-png', printed.file, prefix])
  const images = fs
    .readdirSync(outDir)
    .filter((f) => f.startsWith(`${path.basename(prefix)}-`) && f.endsWith('.png'))
  const found: string[] = []
  for (const image of images) {
    // zbarimg exits 4 when a page holds no code: that page adds nothing.
    const { stdout } = await run('zbarimg', ['-q', '--raw', path.join(outDir, image)]).catch(
      (error: { code?: number; stdout?: string }) =>
        error.code === 4 ? { stdout: '' } : Promise.reject(error),
    )
    found.push(...stdout.split('\n').filter((line) => line !== ''))
  }
  return found
}

describe.each(MODES)('printing with $name', ({ javaScriptEnabled }) => {
  test('the printed certificate carries the QR code of its verify address, decoded back from the paper, and the address on one line beside it (A4 and Letter)', async () => {
    const page = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    await newSignedInUser(page, 'Lan', 'Nguyễn')
    await verifyEmailThroughAdmin(
      page,
      await browser.newPage({ javaScriptEnabled: false, baseUrl: server.baseUrl }),
    )
    const song = await postSong(page, {
      title: 'Ánh trăng',
      contributorName: 'Nguyễn Thị Lan',
      dateCreated: '2025-03-01',
      toolsUsed: 'Piano',
      fileLink: 'https://files.example/anh-trang.wav',
      contributions: [splitRow('lyrics', 90, 0, 0, 10)],
    })
    await registerSong(page, song.id)
    const verifyUrl = `${server.baseUrl}/verify/${song.certificateId}`
    await page.goto(`/certificate/${song.id}`)
    await page.emulateMedia({ media: 'print' })
    const qr = page.getByTestId('certificate-verify-qr')
    expect(await qr.evaluate((element) => element.tagName)).toBe('svg')
    expect(await qr.isVisible()).toBe(true)
    // 24 mm on paper: about 91 CSS pixels.
    expect(Math.round((await qr.boundingBox())!.width)).toBe(91)
    const address = page.getByTestId('certificate-verify-url')
    expect(
      await address.evaluate(
        (link) => new Set([...link.getClientRects()].map((rect) => Math.round(rect.top))).size,
      ),
    ).toBe(1)
    for (const format of FORMATS) {
      const name = `qr-certificate-${format}-js-${javaScriptEnabled ? 'on' : 'off'}`
      const printed = await print(page, name, format)
      expect(await qrCodesOf(printed), name).toEqual([verifyUrl])
      // pdftotext gives the address back on one line, whole.
      expect(
        printed.text.split('\n').some((line) => line.includes(verifyUrl)),
        name,
      ).toBe(true)
    }
    await page.done()
  })

  test('the certificate and the split sheet of a long registered song print whole on A4 and Letter, from a desktop and a phone, and lead to the verify page', async () => {
    const page = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    const song = await registeredLongSong(page)
    const verifyUrl = `${server.baseUrl}/verify/${song.certificateId}`
    const counts: string[] = []

    for (const { device, width, height } of WIDTHS) {
      await page.setViewportSize({ width, height })

      // The certificate: a link to the verify page, its full address shown, on screen and paper.
      await page.goto(`/certificate/${song.id}`)
      const summary = page.getByTestId('certificate-plain')
      expect(
        await summary.getByRole('link', { name: 'verification page' }).getAttribute('href'),
      ).toBe(`/verify/${song.certificateId}`)
      expect(await page.getByTestId('certificate-verify-url').textContent()).toBe(verifyUrl)
      await page.emulateMedia({ media: 'print' })
      expect(await page.getByRole('link', { name: 'Download PDF' }).isVisible()).toBe(false)
      expect(await page.locator('header').first().isVisible()).toBe(false)
      expect(await page.getByTestId('certificate-verify-url').isVisible()).toBe(true)
      const certificate = await onPaper(page)
      expect(certificate.clipped).toEqual([])
      for (const format of FORMATS) {
        const name = `certificate-${device}-${format}-js-${javaScriptEnabled ? 'on' : 'off'}`
        const printed = await print(page, name, format)
        counts.push(`${name}: ${printed.pages} pages`)
        expect(printed.pages, name).toBeGreaterThan(1)
        for (const expected of [
          song.certificateId,
          'Network fees paid by ProofTrack',
          STORAGE_LINK,
          song.storageUrl,
          verifyUrl,
          LAST_LYRIC,
          NOTES,
          certificate.last,
        ])
          expectPrinted(printed, expected, name)
        expect(printed.text).not.toContain('Full lyrics kept with the certificate record.')
      }
      await page.emulateMedia({ media: 'screen' })

      // The split sheet: every column, its header and each cell, and the verify address.
      await page.goto(`/songs/${song.id}/split-sheet`)
      expect(await page.getByTestId('split-sheet-verify-url').textContent()).toBe(verifyUrl)
      await page.emulateMedia({ media: 'print' })
      expect(await page.getByRole('link', { name: 'Download PDF' }).isVisible()).toBe(false)
      const cells = await tableTexts(page)
      expect(cells).toContain('Mixing/Mastering')
      expect(cells).toContain('Confirmation')
      const sheet = await onPaper(page)
      expect(sheet.clipped).toEqual([])
      for (const format of FORMATS) {
        const name = `split-sheet-${device}-${format}-js-${javaScriptEnabled ? 'on' : 'off'}`
        const printed = await print(page, name, format)
        counts.push(`${name}: ${printed.pages} pages`)
        expect(missingWords(cells, printed.text), name).toEqual([])
        for (const expected of [verifyUrl, sheet.last]) expectPrinted(printed, expected, name)
      }
      await page.emulateMedia({ media: 'screen' })
    }
    console.log(counts.join('\n'))
    await page.done()
  })

  test('a split that does not total 100 % is named, with its total, on the certificate and the split sheet, on screen and on paper', async () => {
    const page = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    await newSignedInUser(page, 'Noa', 'Levi')
    const song = await postSong(page, {
      title: 'שיר הנמל 110',
      contributorName: 'נועה לוי',
      coContributorName: 'Анна Петрова',
      dateCreated: '2025-03-01',
      toolsUsed: 'Pro Tools',
      fileLink: 'https://files.example/110.wav',
      genre: 'Pop',
      contributions: [
        splitRow('lyrics', 60, 30, 0, 20),
        splitRow('vocals', 90, 0, 0, 0),
        splitRow('instrumentation', 50, 50, 0, 0),
        splitRow('production', 100, 0, 0, 0),
        splitRow('mixing', 100, 0, 0, 0),
      ],
    })
    const warning = 'Lyrics totals 110%; Vocals totals 90%'

    for (const [url, name] of [
      [`/certificate/${song.id}`, 'certificate'],
      [`/songs/${song.id}/split-sheet`, 'split-sheet'],
    ] as const) {
      await page.goto(url)
      const shown = page.getByTestId('split-totals-warning')
      expect(await shown.getAttribute('role')).toBe('note')
      expect(await shown.textContent()).toContain(warning)
      expect(await shown.textContent()).not.toContain('Instrumentation')
      await page.emulateMedia({ media: 'print' })
      expect(await shown.isVisible()).toBe(true)
      const printed = await print(
        page,
        `totals-${name}-js-${javaScriptEnabled ? 'on' : 'off'}`,
        'A4',
      )
      expectPrinted(printed, warning, name)
      await page.emulateMedia({ media: 'screen' })
    }

    // A whole split says nothing of totals.
    const whole = await postSong(page, {
      title: 'Whole split',
      contributorName: 'נועה לוי',
      dateCreated: '2025-03-01',
      toolsUsed: 'Pro Tools',
      fileLink: 'https://files.example/whole.wav',
      contributions: [splitRow('lyrics', 100, 0, 0, 0)],
    })
    for (const url of [`/certificate/${whole.id}`, `/songs/${whole.id}/split-sheet`]) {
      await page.goto(url)
      expect(await page.getByTestId('split-totals-warning').count()).toBe(0)
    }
    await page.done()
  })
})
