import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { describe, expect, test, vi } from 'vitest'
import * as certificatePdf from '~/resource-routes/certificate.$id[.]pdf'
import * as splitSheetPdf from '~/resource-routes/songs.$id.split-sheet[.]pdf'
import { SongSchema } from '~/lib/song-schema'
import { renderCertificatePdf } from '~/services/certificates/documents/certificate-pdf.server'
import {
  NAME_IN_THE_RECORD,
  NAME_NOT_PRINTABLE,
  TEXT_NOT_PRINTABLE,
} from '~/services/certificates/documents/pdf-names.server'
import { certificateFor } from '~/services/certificates/record/certificate.server'
import { createSong } from '~/services/songs/songs.server'
import { db } from '../setup/db'
import { args, authedRequest, createUser } from '../setup/fixtures'
import { splitRow } from '../setup/sample-song'

// Issue 26: every text field of one song in a different script, through the real schema and
// the real routes (which render in the PDF worker), read back with poppler's pdftotext.
const run = promisify(execFile)

const FIELDS = {
  title: '봄날 (Spring Day) 🎵', // Hangul, Latin and an emoji
  contributorName: 'نادية الخطيب', // Arabic: joined, right to left
  coContributorName: 'דוד כהן', // Hebrew
  coContributorName2: 'やまだ はなこ 山田花子', // Japanese
  toolsUsed: '简体中文的录音软件', // Simplified Chinese
  otherIdentifier: '繁體目錄編號', // Traditional Chinese
  lyrics: 'प्रिया शर्मा का गीत\nदूसरी पंक्ति', // Devanagari (with conjuncts and vowel signs)
  creativeNotes: 'เพลงนี้เขียนตอนกลางคืน', // Thai
  mainContributorPro: 'Ελληνική Εταιρεία', // Greek
  coContributorPro: 'Российское авторское общество', // Cyrillic
  coContributor2Pro: 'Société Ñandú Ærø', // accented Latin
  mainContributorProNumber: 'Ŝ̌ a\u0301', // combining marks
}

async function scriptSong(userId: string) {
  const input = SongSchema.parse({
    ...FIELDS,
    dateCreated: '2025-03-01',
    fileLink: 'https://files.example/봄날.mp3',
    contributions: [splitRow('lyrics', 40, 30, 10, 20), splitRow('vocals', 50, 25, 25, 0)],
  })
  return createSong(db(), userId, input)
}

/** The PDF's text as pdftotext gives it, less the bidi marks it wraps right-to-left runs in. */
async function pdftotext(pdf: Buffer) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-scripts-'))
  const file = path.join(dir, 'out.pdf')
  fs.writeFileSync(file, pdf)
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-'])
  return { text: stdout.replace(/[\u202A-\u202E]/g, ''), file }
}

/**
 * Every stream's bytes, inflated when compressed, read by its own /Length. A pattern that ends a
 * stream at "\r?\nendstream" loses the last byte of a compressed stream that happens to end in
 * 0x0D (one in 256): it then cannot be inflated, and the test read nothing from it (a CI flake).
 */
function streams(raw: string) {
  const found: string[] = []
  for (const match of raw.matchAll(/\/Length (\d+)\b[^>]*>>\s*stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length
    const bytes = Buffer.from(raw.slice(start, start + Number(match[1])), 'latin1')
    try {
      found.push(zlib.inflateSync(bytes).toString('latin1'))
    } catch {
      found.push(bytes.toString('latin1'))
    }
  }
  return found
}

/**
 * Every glyph drawn in an embedded (Type0) font, from the content streams: glyph 0 of a
 * pdfkit subset is .notdef, so a 0000 in a shown string is a character drawn as nothing.
 */
function notdefCount(pdf: Buffer) {
  const raw = pdf.toString('latin1')
  const type0 = new Set<string>()
  for (const match of raw.matchAll(/(\d+) 0 obj\s*<<([\s\S]*?)>>/g))
    if (/\/Subtype \/Type0/.test(match[2] ?? '')) type0.add(match[1] ?? '')
  const names = new Map<string, string>()
  for (const match of raw.matchAll(/\/(F\d+) (\d+) 0 R/g)) names.set(match[1] ?? '', match[2] ?? '')
  let notdefs = 0
  let shown = 0
  for (const content of streams(raw)) {
    let font = ''
    for (const op of content.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
      if (op[1]) font = op[1]
      else if (type0.has(names.get(font) ?? ''))
        for (const hex of (op[2] ?? '').matchAll(/<([0-9a-f]+)>/gi))
          for (const glyph of (hex[1] ?? '').match(/.{4}/g) ?? []) {
            shown++
            if (glyph === '0000') notdefs++
          }
    }
  }
  return { notdefs, shown }
}

/**
 * Both PDFs of a song, made by the real routes (in the document worker), for its owner. Each song
 * is asked for from an address of its own: the per-address PDF limit (20 in 10 minutes) is not
 * what this file tests, and it asks for more.
 */
async function bothPdfs(songId: number, ownerId: string) {
  const pdfs: [string, Buffer][] = []
  const headers = { 'X-ProofTrack-Client-Address': `198.51.100.${songId % 250}` }
  for (const [name, url, loader] of [
    ['certificate', `http://localhost/certificate/${songId}.pdf`, certificatePdf.loader],
    ['split-sheet', `http://localhost/songs/${songId}/split-sheet.pdf`, splitSheetPdf.loader],
  ] as const) {
    const response = await loader(
      args(await authedRequest(url, ownerId, { headers }), { id: String(songId) }),
    )
    expect(response.status, name).toBe(200)
    pdfs.push([name, Buffer.from(await response.arrayBuffer())])
  }
  return pdfs
}

/** pdffonts' table: each font's name, type and whether it is embedded. */
async function pdffonts(file: string) {
  const { stdout } = await run('pdffonts', [file])
  return stdout
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [name = '', ...rest] = line.trim().split(/\s+/)
      // Columns after the type: encoding, emb, sub, uni, object, generation.
      const [emb] = rest.slice(-5)
      return { name, embedded: emb === 'yes' }
    })
}

/** Where pdftotext finds a word on page 1 (top-left origin, points), and the links' areas there. */
async function wordBox(file: string, word: string) {
  const { stdout } = await run('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-'])
  const found = new RegExp(
    `<word xMin="([\\d.]+)" yMin="([\\d.]+)" xMax="([\\d.]+)" yMax="([\\d.]+)">${word}</word>`,
  ).exec(stdout)
  return found ? found.slice(1, 5).map(Number) : null
}
function linkAreas(pdf: Buffer, pageHeight = 841.89) {
  const raw = pdf.toString('latin1')
  return [...raw.matchAll(/\/Subtype \/Link\s+\/A (\d+) 0 R[\s\S]*?\/Rect \[([^\]]+)\]/g)].map(
    (match) => {
      const uri = new RegExp(`\\b${match[1]} 0 obj\\s*<<[^>]*?/URI \\(([^)]*)\\)`).exec(raw)?.[1]
      const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = (match[2] ?? '').trim().split(/\s+/).map(Number)
      return { uri, box: [x1, pageHeight - y2, x2, pageHeight - y1] }
    },
  )
}

// Issue 37: everything a user may type in a name, title or lyric: emoji (one code point, with
// VS16, a ZWJ sequence, a skin tone), music symbols, CJK, Indic, Thai, Arabic, Hebrew, Cyrillic.
const TYPED = {
  title: 'Fire 🔥 Song ♪ ♯ ♭ 𝄞',
  contributorName: 'さとう はなこ ❤️',
  coContributorName: 'प्रिया शर्मा 🎤',
  coContributorName2: 'สมชาย ใจดี',
  mainContributorPro: 'Российское авторское общество',
  coContributorPro: 'נגה לוי',
  coContributor2Pro: 'نادية الخطيب',
  toolsUsed: 'Logic Pro 🎹 and 东京 studio',
  lyrics: [
    'I sing 🎸 with 👩‍🎤 and 👍🏽 ✌️',
    'Привет, мир 🌙',
    '東京の夜 ♫ 𝄢',
    'सपनों का शहर',
    'ฝันดี',
    'مرحبا بالعالم',
    'שלום עולם',
  ].join('\n'),
}

describe('PDFs in every script', () => {
  test('the certificate and the split sheet print every field whole, in reading order, with every share', async () => {
    const owner = await createUser()
    const song = await scriptSong(owner.id)
    const certificateResponse = await certificatePdf.loader(
      args(await authedRequest(`http://localhost/certificate/${song.id}.pdf`, owner.id), {
        id: String(song.id),
      }),
    )
    expect(certificateResponse.status).toBe(200)
    const sheetResponse = await splitSheetPdf.loader(
      args(await authedRequest(`http://localhost/songs/${song.id}/split-sheet.pdf`, owner.id), {
        id: String(song.id),
      }),
    )
    expect(sheetResponse.status).toBe(200)

    for (const [name, response, fields] of [
      ['certificate', certificateResponse, Object.keys(FIELDS)],
      [
        'split sheet',
        sheetResponse,
        [
          'title',
          'contributorName',
          'coContributorName',
          'coContributorName2',
          'mainContributorPro',
        ],
      ],
    ] as const) {
      const pdf = Buffer.from(await response.arrayBuffer())
      const { text, file } = await pdftotext(pdf)
      // The PDFs set text composed (NFC, issue 49): "a\u0301" is "á".
      const flat = text.replace(/\s+/g, ' ').normalize('NFC')
      for (const field of fields) {
        const written = FIELDS[field as keyof typeof FIELDS].normalize('NFC')
        for (const line of written.split('\n'))
          expect(flat, `${name}: ${field}`).toContain(line.replace(/\s+/g, ' '))
      }
      expect(flat).not.toContain('?')
      expect(flat).not.toContain('\uFFFD')
      const { notdefs, shown } = notdefCount(pdf)
      expect(shown, name).toBeGreaterThan(50)
      expect(notdefs, name).toBe(0)
      // Every share, the AI's included, beside its own name (spaces aside: poppler guesses
      // them from gaps, and a wrapped line breaks where it must).
      const solid = flat.replace(/\s+/g, '')
      if (name === 'certificate') {
        expect(solid).toContain(
          'نادية الخطيب40%/דוד כהן30%/やまだ はなこ 山田花子10%/AI20%'.replace(/\s+/g, ''),
        )
        expect(solid).toContain(
          'نادية الخطيب50%/דוד כהן25%/やまだ はなこ 山田花子25%'.replace(/\s+/g, ''),
        )
      } else {
        expect(flat).toContain('Shares: Lyrics 40% · Vocals 50%')
        expect(flat).toContain('Shares: Lyrics 30% · Vocals 25%')
        expect(flat).toContain('Shares: Lyrics 10% · Vocals 25%')
        expect(flat).toMatch(
          /AI Generative AI, as declared AI tools: AI tools not named Shares: Lyrics 20%/,
        )
      }
      // A look at the pages (in the system's temporary folder), as the issue asks.
      const out = path.join(os.tmpdir(), 'prooftrack-pdf-scripts')
      fs.mkdirSync(out, { recursive: true })
      await run('pdftoppm', ['-r', '60', '-png', file, path.join(out, name.replace(' ', '-'))])
    }
    // The first PDF starts the worker threads and decompresses the fonts they need.
  }, 120_000)

  test('a name in Hangul with its Latin-script form: both on the certificate PDF and the split sheet PDF (issue 26)', async () => {
    const owner = await createUser()
    const song = await createSong(
      db(),
      owner.id,
      SongSchema.parse({
        title: '봄날',
        contributorName: '김민지',
        contributorLatinName: 'Kim Minji',
        coContributorName: 'نادية الخطيب',
        coContributorLatinName: 'Nadia Al-Khatib',
        dateCreated: '2025-03-01',
        toolsUsed: 'Piano',
        fileLink: 'https://files.example/spring.mp3',
        contributions: [splitRow('lyrics', 70, 30, 0, 0)],
      }),
    )
    for (const [url, loader] of [
      [`http://localhost/certificate/${song.id}.pdf`, certificatePdf.loader],
      [`http://localhost/songs/${song.id}/split-sheet.pdf`, splitSheetPdf.loader],
    ] as const) {
      const response = await loader(
        args(await authedRequest(url, owner.id), { id: String(song.id) }),
      )
      expect(response.status).toBe(200)
      const pdf = Buffer.from(await response.arrayBuffer())
      const flat = (await pdftotext(pdf)).text.replace(/\s+/g, ' ')
      // Each name whole, its Latin-script form on its own line below it.
      // (pdftotext reads the certificate's two columns interleaved, so each line is found alone.)
      expect(flat, url).toContain('김민지')
      expect(flat, url).toContain('In Latin script: Kim Minji')
      expect(flat, url).toContain('نادية الخطيب')
      expect(flat, url).toContain('In Latin script: Nadia Al-Khatib')
      expect(notdefCount(pdf).notdefs, url).toBe(0)
    }
  }, 120_000)

  test('a character no font has is left out with a note, never drawn as U+FFFD, and logged once per render', async () => {
    const owner = await createUser()
    const song = await scriptSong(owner.id)
    const found = await certificateFor(db(), song.id, owner.id)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const pdf = await renderCertificatePdf(
        // A private-use character of plane 15: no font has it.
        { ...found!.certificate, lyrics: '\u{F0000} la la \u{F0000} \u{F0000}' },
        {
          appName: 'ProofTrack',
          certificateUrl: 'http://localhost/certificate/1',
          verifyUrl: null,
        },
      )
      const lines = warn.mock.calls.map((call) => String(call[0]))
      expect(lines).toHaveLength(1)
      expect(lines[0]).toContain(
        `certificate ${song.certificateId}: no font for 1 character: U+F0000; left out, with a note that the online record has them`,
      )
      expect(lines[0]?.match(/U\+F0000/g)).toHaveLength(1)
      // Each run of them is one note, the words between kept (issue 49).
      const { text } = await pdftotext(pdf)
      expect(text.replace(/\s+/g, ' ')).toContain(
        `[${TEXT_NOT_PRINTABLE}] la la [${TEXT_NOT_PRINTABLE}]`,
      )
      expect(text).not.toContain('\uFFFD')
    } finally {
      warn.mockRestore()
    }
  })

  test('the log line stays short however many characters have no font (issue 24)', async () => {
    const owner = await createUser()
    const song = await scriptSong(owner.id)
    const found = await certificateFor(db(), song.id, owner.id)
    // 6,000 distinct private-use characters (no font has any), and one cluster of a private-use
    // character under 3,000 combining marks, which is one grapheme.
    const many = Array.from({ length: 6000 }, (_, i) => String.fromCodePoint(0xe000 + i)).join('')
    const heavy = `\uF8FF${'\u0301'.repeat(3000)}`
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      await renderCertificatePdf(
        { ...found!.certificate, lyrics: `${heavy} ${many}` },
        {
          appName: 'ProofTrack',
          certificateUrl: 'http://localhost/certificate/1',
          verifyUrl: null,
        },
      )
      const lines = warn.mock.calls.map((call) => String(call[0]))
      expect(lines).toHaveLength(1)
      const line = lines[0]!
      // (A few private-use characters are in DejaVu Sans.)
      const counted = new RegExp(
        `^\\[pdf\\] certificate ${song.certificateId}: no font for (\\d+) characters: .* and (\\d+) more; left out, with a note that the online record has them$`,
      ).exec(line)
      expect(Number(counted?.[1])).toBeGreaterThan(5000)
      expect(Number(counted?.[2])).toBe(Number(counted?.[1]) - 10)
      expect(line).toContain('U+F8FF U+0301 U+0301 U+0301 U+0301 U+0301 U+0301 U+0301 …(+2993)')
      expect(line.match(/U\+/g)).toHaveLength(8 + 9)
      expect(line.length).toBeLessThan(400)
      // Only escapes: nothing of the text itself is written.
      expect(line).not.toMatch(/[\uE000-\uF8FF]/)
      expect(line).not.toContain('\u0301')
    } finally {
      warn.mockRestore()
    }
  })

  test('every character a user can type comes back from both PDFs, drawn, with no placeholder (issue 37)', async () => {
    const owner = await createUser()
    const song = await createSong(
      db(),
      owner.id,
      SongSchema.parse({
        ...TYPED,
        dateCreated: '2025-03-01',
        fileLink: 'https://files.example/fire.mp3',
        contributions: [splitRow('lyrics', 40, 30, 10, 20)],
      }),
    )
    const out = path.join(os.tmpdir(), 'prooftrack-pdf-typed')
    fs.mkdirSync(out, { recursive: true })
    for (const [name, pdf] of await bothPdfs(song.id, owner.id)) {
      const { text, file } = await pdftotext(pdf)
      const flat = text.replace(/\s+/g, ' ')
      const fields =
        name === 'certificate'
          ? Object.keys(TYPED)
          : ['title', 'contributorName', 'coContributorName', 'coContributorName2']
      for (const field of fields)
        for (const line of TYPED[field as keyof typeof TYPED].split('\n'))
          expect(flat, `${name}: ${field}`).toContain(line)
      expect(flat, name).not.toContain('\uFFFD')
      expect(notdefCount(pdf).notdefs, name).toBe(0)
      // Every font the text is drawn in is in the file (the standard 14 need not be).
      const fonts = await pdffonts(file)
      expect(fonts.length, name).toBeGreaterThan(3)
      for (const font of fonts)
        if (!/^(Helvetica|Times|Courier|Symbol|ZapfDingbats)/.test(font.name))
          expect(font.embedded, `${name}: ${font.name}`).toBe(true)
      // The file's link is clickable where its address is printed, not a line below it.
      if (name === 'certificate') {
        const word = await wordBox(file, 'https://files.example/fire.mp3')
        expect(word, 'the linked address').not.toBeNull()
        const [, top = 0, , bottom = 0] = word ?? []
        const link = linkAreas(pdf).find((area) => area.uri === 'https://files.example/fire.mp3')
        expect(link, 'its link').toBeDefined()
        const [, linkTop = 0, , linkBottom = 0] = link?.box ?? []
        expect(linkTop).toBeLessThanOrEqual(top + 1)
        expect(linkBottom).toBeGreaterThanOrEqual(bottom - 1)
        expect(linkBottom - linkTop).toBeLessThan((bottom - top) * 2)
      }
      // A look at the pages, as the issue asks: ${out}/certificate-1.png and split-sheet-1.png.
      await run('pdftoppm', ['-r', '110', '-png', file, path.join(out, name)])
    }
  }, 120_000)

  test('a Japanese name in Han characters alone is set in Japanese forms on a Japanese record (issue 37)', async () => {
    const owner = await createUser()
    const song = await createSong(
      db(),
      owner.id,
      SongSchema.parse({
        title: 'さくら',
        contributorName: '佐藤 健',
        dateCreated: '2025-03-01',
        toolsUsed: 'Piano',
        fileLink: 'https://files.example/sakura.mp3',
        contributions: [splitRow('lyrics', 100, 0, 0, 0)],
      }),
    )
    for (const [name, pdf] of await bothPdfs(song.id, owner.id)) {
      const { text, file } = await pdftotext(pdf)
      expect(text, name).toContain('佐藤 健')
      // 佐藤 has its own forms in Japanese: the Simplified-Chinese face is not used at all.
      const fonts = (await pdffonts(file)).map((font) => font.name)
      expect(
        fonts.some((font) => font.includes('NotoSansJP')),
        name,
      ).toBe(true)
      expect(
        fonts.filter((font) => /NotoSans(SC|TC|KR)/.test(font)),
        name,
      ).toEqual([])
    }
  }, 120_000)
})

test('section headings extract as words, not letter by letter, in both PDFs', async () => {
  // Issue 37: tracked headings came back from the text layer as "C O N T R I B U T O R S".
  const owner = await createUser()
  const song = await scriptSong(owner.id)
  const certificate = await certificatePdf.loader(
    args(await authedRequest(`http://localhost/certificate/${song.id}.pdf`, owner.id), {
      id: String(song.id),
    }),
  )
  const sheet = await splitSheetPdf.loader(
    args(await authedRequest(`http://localhost/songs/${song.id}/split-sheet.pdf`, owner.id), {
      id: String(song.id),
    }),
  )
  const certificateText = (await pdftotext(Buffer.from(await certificate.arrayBuffer()))).text
  const sheetText = (await pdftotext(Buffer.from(await sheet.arrayBuffer()))).text
  for (const heading of [
    'CONTRIBUTORS & PRO INFORMATION',
    'CONTRIBUTION BREAKDOWN',
    'SONG DETAILS',
  ])
    expect(certificateText).toContain(heading)
  for (const heading of ['CONTRIBUTORS AND THEIR SHARES (%)', 'SIGNATURES'])
    expect(sheetText).toContain(heading)
  expect(`${certificateText}\n${sheetText}`).not.toMatch(/\b[A-Z] [A-Z] [A-Z] [A-Z]\b/)
})

// Issue 37: six co-writers over two songs, each song mixing right-to-left and left-to-right names.
const WRITERS = [
  {
    title: '夜明けの歌',
    contributorName: '佐藤 はなこ', // Japanese
    coContributorName: 'דוד כהן', // Hebrew
    coContributorName2: 'प्रिया शर्मा', // Hindi (a vowel sign drawn before its consonant)
  },
  {
    title: 'Утренняя песня',
    contributorName: 'نادية الخطيب', // Arabic
    coContributorName: 'สมชาย ใจดี', // Thai
    coContributorName2: 'Иван Петров', // Russian
  },
]

/**
 * What the PDF itself says its text is: every ToUnicode map and ActualText, decoded. pdftotext
 * adds U+202B … U+202C around each right-to-left run of a left-to-right page itself
 * (poppler's TextOutputDev), so its output cannot tell whether the file holds bidi controls.
 */
function textLayer(pdf: Buffer) {
  const raw = pdf.toString('latin1')
  const texts: string[] = []
  for (const content of streams(raw)) {
    for (const hex of content.matchAll(
      /beginbfrange([\s\S]*?)endbfrange|beginbfchar([\s\S]*?)endbfchar/g,
    ))
      for (const code of (hex[1] ?? hex[2] ?? '').matchAll(/<([0-9a-fA-F]{4,})>/g))
        texts.push(
          Buffer.from(code[1] ?? '', 'hex')
            .swap16()
            .toString('utf16le'),
        )
  }
  // ActualText as pdfkit writes it: a literal string of UTF-16BE bytes after a byte-order mark.
  for (const found of raw.matchAll(/\/ActualText \(/g)) {
    let depth = 1
    const bytes: number[] = []
    for (let i = (found.index ?? 0) + found[0].length; i < raw.length && depth > 0; i++) {
      const char = raw[i] ?? ''
      if (char === '\\') {
        const next = raw[++i] ?? ''
        const octal = /^[0-7]{1,3}/.exec(raw.slice(i, i + 3))?.[0]
        if (octal) {
          bytes.push(parseInt(octal, 8))
          i += octal.length - 1
        } else
          bytes.push(
            ({ n: 10, r: 13, t: 9, b: 8, f: 12 } as Record<string, number>)[next] ??
              next.charCodeAt(0),
          )
        continue
      }
      if (char === '(') depth++
      if (char === ')' && --depth === 0) break
      bytes.push(char.charCodeAt(0))
    }
    texts.push(Buffer.from(bytes.slice(2)).swap16().toString('utf16le'))
  }
  return texts.join('')
}

const BIDI_CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/u

test('every co-writer name comes back from both PDFs on its own line, beside its role and share, in reading order (issue 37)', async () => {
  const owner = await createUser()
  for (const writers of WRITERS) {
    const song = await createSong(
      db(),
      owner.id,
      SongSchema.parse({
        ...writers,
        dateCreated: '2025-03-01',
        toolsUsed: 'Piano',
        fileLink: 'https://files.example/dawn.mp3',
        mainContributorPro: 'JASRAC',
        coContributorPro: 'ACUM',
        contributions: [splitRow('lyrics', 40, 30, 10, 20), splitRow('vocals', 50, 25, 25, 0)],
      }),
    )
    const names = [writers.contributorName, writers.coContributorName, writers.coContributorName2]
    const roles = ['Main contributor', 'Co-contributor', 'Second co-contributor']
    for (const [name, pdf] of await bothPdfs(song.id, owner.id)) {
      expect(textLayer(pdf), name).not.toMatch(BIDI_CONTROLS)
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-order-'))
      const file = path.join(dir, `${name}.pdf`)
      fs.writeFileSync(file, pdf)
      for (const mode of [[], ['-layout']]) {
        const { stdout } = await run('pdftotext', [...mode, '-enc', 'UTF-8', file, '-'])
        const where = `${name} ${mode.join('')}`
        // Only poppler's own marks around right-to-left runs: nothing else of the kind.
        const text = stdout.replace(/\u202B([^\u202B\u202C]*)\u202C/g, '$1')
        expect(text, where).not.toMatch(BIDI_CONTROLS)
        const lines = text
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line !== '')
        const solid = (line: string) => line.replace(/\s+/g, '')
        names.forEach((person, index) => {
          // The name alone on a line, its role on the next one.
          const at = lines.indexOf(person)
          expect(at, `${where}: ${person}`).toBeGreaterThan(-1)
          expect(lines[at + 1], `${where}: ${person}`).toBe(roles[index])
          if (name === 'split-sheet') {
            // And under its own line to sign.
            // (The layout keeps "Date", at the right, on the same line.)
            const signature = lines.findIndex((line) =>
              line.startsWith(`Signature — ${roles[index]}`),
            )
            expect(signature, where).toBeGreaterThan(-1)
            expect(lines[signature + 1], `${where}: ${person} signs`).toBe(person)
          }
        })
        if (name === 'certificate') {
          // Each name beside its own share, in the order written.
          const [first, second, third] = names
          // (A line may wrap: what matters is that nothing comes between.) A Devanagari name is
          // measured as it is drawn (decision 088), so its whole line reads on.
          const all = lines.map(solid).join('')
          expect(all, where).toContain(
            solid(`Lyrics: ${first} 40% / ${second} 30% / ${third} 10% / AI 20% Vocals:`),
          )
          expect(all, where).toContain(
            solid(`Vocals: ${first} 50% / ${second} 25% / ${third} 25% Instrumentation:`),
          )
        }
      }
    }
  }
}, 120_000)

// Issue 49: a name in each script of the living languages that no embedded font covered, each
// with the font that now draws it (pdffonts' name of the embedded subset). On main these names
// printed as U+FFFD from DejaVu Sans: the text layer gave "���� ����", no such font was embedded.
// Shaping worth a look in the PNGs: Bengali and Tamil ক্ষ / க்ஷ, Khmer's subscripts, Myanmar's
// reordered ေ and ြ, Sinhala's ශ්‍රී, Tibetan stacks, Mongolian's joined forms, Syriac, Thaana
// and N'Ko right to left.
const EVERY_SCRIPT: [script: string, font: string, name: string][] = [
  ['Ethiopic', 'NotoSansEthiopic', 'አበበ ቢቂላ'],
  ['Bengali', 'NotoSansBengali', 'লক্ষ্মী রায়'],
  ['Tamil', 'NotoSansTamil', 'லக்ஷ்மி சுப்பிரமணியன்'],
  ['Telugu', 'NotoSansTelugu', 'శ్రీనివాస్ రావు'],
  ['Kannada', 'NotoSansKannada', 'ಕೃಷ್ಣ ಮೂರ್ತಿ'],
  ['Malayalam', 'NotoSansMalayalam', 'ശ്രീക്കുട്ടൻ നായർ'],
  ['Gujarati', 'NotoSansGujarati', 'કૃષ્ણ પટેલ'],
  ['Gurmukhi', 'NotoSansGurmukhi', 'ਹਰਪ੍ਰੀਤ ਸਿੰਘ'],
  ['Odia', 'NotoSansOriya', 'ପ୍ରିୟଙ୍କା ମହାନ୍ତି'],
  ['Sinhala', 'NotoSansSinhala', 'ශ්‍රීමතී පෙරේරා'],
  ['Khmer', 'NotoSansKhmer', 'សុខា ខ្មែរ'],
  ['Lao', 'NotoSansLao', 'ສົມພອນ ແກ້ວ'],
  ['Myanmar', 'NotoSansMyanmar', 'အောင် ဆန်း စုကြည်'],
  ['Tibetan', 'NotoSerifTibetan', 'བསྟན་འཛིན་རྒྱ་མཚོ'],
  ['Georgian', 'NotoSansGeorgian', 'ნინო ჩხეიძე'],
  ['Armenian', 'NotoSansArmenian', 'Արամ Խաչատրյան'],
  ['Syriac', 'NotoSansSyriac', 'ܡܪܝ ܐܦܪܝܡ'],
  ['Thaana', 'NotoSansThaana', 'މުޙައްމަދު ނަޝީދު'],
  ["N'Ko", 'NotoSansNKo', 'ߛߏߟߏߡߊ߲ ߞߊ߲ߕߍ'],
  ['Tifinagh', 'NotoSansTifinagh', 'ⵎⴰⵙⵉⵏⵉⵙⴰ ⵍⵓⵏⴰⵙ'],
  ['Cherokee', 'NotoSansCherokee', 'ᏎᏉᏯ ᎫᏍ'],
  ['Canadian Syllabics', 'NotoSansCanadianAboriginal', 'ᓴᓇ ᐊᕐᓇᖅ'],
  ['Mongolian', 'NotoSansMongolian', 'ᠪᠠᠲᠤ ᠪᠣᠯᠣᠳ'],
]

/**
 * pdftotext's text, composed (NFC) and on one line. Besides its own marks around right-to-left
 * runs, poppler gives the U+200F a right-to-left run with marks may open with (pdf-text.server.ts).
 */
async function readBack(pdf: Buffer) {
  const { text, file } = await pdftotext(pdf)
  return {
    flat: text
      .replace(/\u200F/g, '')
      .replace(/\s+/g, ' ')
      .normalize('NFC'),
    file,
  }
}

/** A song whose three people are named as given (the first two without a third: no share). */
async function namedSong(userId: string, names: string[], extra: Record<string, string> = {}) {
  const [first = '', second = '', third] = names
  return createSong(
    db(),
    userId,
    SongSchema.parse({
      title: 'Names',
      contributorName: first,
      coContributorName: second,
      ...(third ? { coContributorName2: third } : {}),
      dateCreated: '2025-03-01',
      toolsUsed: 'Piano',
      fileLink: 'https://files.example/names.mp3',
      contributions: [splitRow('lyrics', 40, 30, third ? 10 : 0, third ? 20 : 30)],
      ...extra,
    }),
  )
}

describe('every script a name is written in prints (issue 49)', () => {
  test('a name in each script comes back from both PDFs, drawn by its own font, never as U+FFFD or .notdef', async () => {
    const owner = await createUser()
    const out = path.join(os.tmpdir(), 'prooftrack-pdf-every-script')
    fs.mkdirSync(out, { recursive: true })
    for (let start = 0; start < EVERY_SCRIPT.length; start += 3) {
      const group = EVERY_SCRIPT.slice(start, start + 3)
      const song = await namedSong(
        owner.id,
        group.map(([, , name]) => name),
      )
      for (const [document, pdf] of await bothPdfs(song.id, owner.id)) {
        const { flat, file } = await readBack(pdf)
        const fonts = await pdffonts(file)
        for (const [script, font, name] of group) {
          expect(flat, `${document}: ${script}`).toContain(name.normalize('NFC'))
          const own = fonts.find((embedded) => embedded.name.includes(`+${font}-`))
          expect(own?.embedded, `${document}: ${script} in ${font}`).toBe(true)
        }
        expect(flat, document).not.toContain('\uFFFD')
        // Glyph 0 of a subset is .notdef: no character is drawn as an empty box.
        const { notdefs, shown } = notdefCount(pdf)
        expect(shown, document).toBeGreaterThan(20)
        expect(notdefs, document).toBe(0)
        // The pages to look at: ${out}/names-<first script>-<document>-1.png.
        const label = (group[0]?.[0] ?? '').replace(/\W+/g, '-')
        await run('pdftoppm', [
          '-r',
          '150',
          '-png',
          '-f',
          '1',
          '-l',
          '1',
          file,
          path.join(out, `names-${label}-${document}`),
        ])
      }
    }
  }, 240_000)

  test('a name no font draws prints its Latin form and says the record has it; other text a note', async () => {
    const owner = await createUser()
    // Old Hungarian and Linear B: historic scripts no bundled font has.
    const song = await namedSong(owner.id, ['𐲀𐲁𐲂 𐲃𐲄', '𐀀𐀁', 'Ann Lee'], {
      title: 'Song 𐲀𐲁',
      contributorLatinName: 'Aba Ede',
    })
    for (const [document, pdf] of await bothPdfs(song.id, owner.id)) {
      const { flat } = await readBack(pdf)
      // The Latin form where the name stands (the split sheet's name line, signature; the
      // certificate's name line, every share of it).
      expect(flat, document).toContain(`Aba Ede (${NAME_IN_THE_RECORD})`)
      expect(flat, document).toContain(`(${NAME_NOT_PRINTABLE})`)
      expect(flat, document).toContain(`Song [${TEXT_NOT_PRINTABLE}]`)
      expect(flat, document).toContain('Ann Lee')
      expect(flat, document).not.toContain('\uFFFD')
      expect(flat, document).not.toMatch(/[\u{10C80}-\u{10CFF}\u{10000}-\u{1007F}]/u)
      expect(notdefCount(pdf).notdefs, document).toBe(0)
      if (document === 'certificate')
        expect(flat).toContain(
          `Lyrics: Aba Ede (${NAME_IN_THE_RECORD}) 40% / (${NAME_NOT_PRINTABLE}) 30% / Ann Lee 10% / AI 20%`,
        )
    }
  }, 120_000)

  test('the closing statement with a Vietnamese name is set in one italic face', async () => {
    const owner = await createUser()
    // Typed decomposed, as some keyboards send it: the PDF sets it composed.
    const name = 'Nguyễn Thị Hương'.normalize('NFD')
    const song = await namedSong(owner.id, ['Trần Văn Đức', name])
    const found = await certificateFor(db(), song.id, owner.id)
    const pdf = await renderCertificatePdf(
      {
        ...found!.certificate,
        confirmations: {
          recorded: false,
          contributors: [
            { slot: 'main', status: 'declared' },
            {
              slot: 'co-contributor',
              status: 'confirmed',
              confirmedAt: '2025-03-02T10:00:00.000Z',
              creditedName: name,
              creditedLatinName: null,
            },
          ],
        },
      },
      { appName: 'ProofTrack', certificateUrl: 'http://localhost/certificate/1', verifyUrl: null },
    )
    const { flat, file } = await readBack(pdf)
    // The statement's lines as MuPDF reads them, with the font of every character.
    const lines = await stextLines(file)
    const first = lines.findIndex((line) => line.text.startsWith('This certificate records'))
    const last = lines.findIndex((line) => line.text.startsWith('Certificate ID'))
    expect(first).toBeGreaterThan(-1)
    expect(last).toBeGreaterThan(first)
    const statement = lines.slice(first, last)
    expect(
      statement
        .map((line) => line.text)
        .join(' ')
        .normalize('NFC'),
    ).toContain('Nguyễn Thị Hương')
    expect([...new Set(statement.flatMap((line) => line.fonts))]).toEqual(['DejaVuSerif-Italic'])
    expect(flat).toContain(`the share of ${name.normalize('NFC')} was confirmed`)
  }, 60_000)
})

/** Page 1's lines as MuPDF's structured text gives them: each line's text and its fonts. */
async function stextLines(file: string) {
  const { stdout } = await run('mutool', ['draw', '-q', '-F', 'stext', '-o', '-', file, '1'])
  const unescape = (value: string) =>
    value.replace(/&(amp|lt|gt|quot|apos|#x?[0-9a-fA-F]+);/g, (entity, code: string) =>
      code === 'amp'
        ? '&'
        : code === 'lt'
          ? '<'
          : code === 'gt'
            ? '>'
            : code === 'quot'
              ? '"'
              : code === 'apos'
                ? "'"
                : String.fromCodePoint(
                    code.startsWith('#x')
                      ? parseInt(code.slice(2), 16)
                      : parseInt(code.slice(1), 10),
                  ),
    )
  return stdout
    .split('<line ')
    .slice(1)
    .map((line) => ({
      fonts: [...line.matchAll(/<font name="([^"]*)"/g)].map((match) => match[1] ?? ''),
      text: [...line.matchAll(/<char [^>]*\bc="([^"]*)"/g)]
        .map((match) => unescape(match[1] ?? ''))
        .join('')
        .trim(),
    }))
}
