import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { Certificate } from '~/components/certificate'
import { GLOSSARY, type GlossaryTerm } from '~/lib/glossary'
import * as certificatePdf from '~/resource-routes/certificate.$id[.]pdf'
import * as certificatePage from '~/routes/certificate.$id'
import {
  type CertificateRow,
  type CertificateView,
  certificateView,
  PRIVATE_TEXT_NOTE,
} from '~/services/certificates/record/certificate-view'
import { registerSong } from '~/services/registration/registration.server'
import { args, authedRequest, createTestSong, createUser } from '../setup/fixtures'
import { splitRow } from '../setup/sample-song'

// STYLE.md, "one view, then layout": the certificate page and its PDF lay out one view
// (app/services/certificates/certificate-view.ts). Whatever a row of that view says is on both:
// a surface that drops a row, or a section, fails here. Each is made by its real route.
const run = promisify(execFile)

/** Every field filled, in many scripts: Japanese, Hindi, Hebrew, Arabic, Russian, Thai, emoji. */
const EVERYTHING = {
  title: '夜明けの歌 🔥',
  contributorName: '佐藤 はなこ',
  contributorLatinName: 'Sato Hanako',
  coContributorName: 'प्रिया शर्मा',
  coContributorName2: 'דוד כהן',
  mainContributorPro: 'JASRAC',
  mainContributorProNumber: '00123456790',
  coContributorPro: 'Российское авторское общество',
  coContributor2Pro: 'نادية الخطيب',
  toolsUsed: 'Logic Pro 🎹 and 东京 studio',
  genre: 'Ambient/New Age',
  isrc: 'USABC2400001',
  iswc: 'T-034.524.680-1',
  upc: '012345678905',
  otherIdentifier: 'カタログ 7',
  lyrics: 'Привет, мир 🌙\n東京の夜 ♫\nसपनों का शहर',
  creativeNotes: 'เพลงนี้เขียนตอนกลางคืน — שלום',
}

/** Texts compared as a reader sees them: no isolates or bidi marks, no case, no spaces. */
const solid = (text: string) =>
  text
    .replace(/[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, '')
    .replace(/\s+/g, '')
    .toLowerCase()

/** What a row of the view says, as the texts a reader finds on either surface. */
function rowTexts(row: CertificateRow): string[] {
  switch (row.kind) {
    case 'person':
      return [
        row.name,
        row.latinName ?? '',
        row.role,
        ...row.details.flatMap((detail) => [detail.label, detail.value]),
        row.status.text,
      ]
    case 'shares':
      return [row.label, ...row.shares.flatMap(({ who, percent }) => [who, `${percent}%`])]
    case 'fact':
      return [row.label, row.value, row.note?.text ?? '']
    case 'warning':
      return [row.text]
    case 'link':
      return [row.label]
    case 'long':
      return row.text.split('\n')
    case 'term':
      return [row.text]
  }
}

/** Every text of the view, each with where it comes from. */
function viewTexts(view: CertificateView): [string, string][] {
  const texts: [string, string][] = [
    ['title', view.title],
    ['created', view.created.date],
    ['summary', view.summary.text],
    ['statement', view.footer.statement.text],
    ['certificate id', view.footer.certificateId],
    ['issued', view.footer.issued],
    ...(view.footer.timestamp ? [['timestamp', view.footer.timestamp] as [string, string]] : []),
    ...(view.footer.timestampTerm
      ? [['timestamp term', view.footer.timestampTerm.text] as [string, string]]
      : []),
    ...(view.footer.online.public
      ? ([
          ['verify lead', view.footer.online.lead],
          ['verify address', view.footer.online.url],
        ] as [string, string][])
      : ([['not public', view.footer.online.note]] as [string, string][])),
  ]
  for (const section of view.sections) {
    texts.push([`section ${section.id}`, section.title])
    if (section.rows.length === 0 && section.empty) texts.push([section.id, section.empty])
    for (const row of section.rows)
      for (const text of rowTexts(row))
        if (text !== '') texts.push([`${section.id} ${row.kind}`, text])
  }
  return texts
}

/** The page as its route serves it to the owner, as text (tags out, entities decoded). */
async function pageText(songId: number, userId: string) {
  const request = await authedRequest(`http://localhost/certificate/${songId}`, userId)
  const response = await certificatePage.loader(args(request, { id: String(songId) }))
  const data = await response.json()
  const html = renderToStaticMarkup(
    <Certificate
      song={data.certificate}
      appName={data.appName}
      timestamp={data.timestamp}
      verifyUrl={data.verifyUrl}
      certificateUrl={data.certificateUrl}
    />,
  )
  const text = html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
  return { text, data }
}

/** The PDF as its route serves it to the owner, read back by pdftotext. */
async function pdfText(songId: number, userId: string) {
  const request = await authedRequest(`http://localhost/certificate/${songId}.pdf`, userId)
  const response = await certificatePdf.loader(args(request, { id: String(songId) }))
  expect(response.status).toBe(200)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'certificate-surfaces-'))
  const file = path.join(dir, 'certificate.pdf')
  fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()))
  try {
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-'])
    return stdout
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/** How each term is written in the PDF's running text (as tests/routes/plain-words does for pages). */
const MENTION: Record<GlossaryTerm, RegExp> = {
  PRO: /\bPROs?\b/,
  IPI: /\bIPIs?\b/,
  'SHA-256': /SHA-256/,
  manifest: /\bmanifests?\b/i,
  'RFC 3161': /RFC 3161/,
  SOL: /\bSOL\b/,
  lamports: /\blamports?\b/i,
}

/**
 * Issue 39.13 on paper: each term the PDF's text uses, and what is wrong with its explanation
 * (none: `ok`): the glossary's sentence must be the first mention itself or follow it within 700
 * characters, as on the pages. Read in pdftotext's order, lines joined.
 */
function pdfExplanations(pdf: string) {
  const text = pdf.replace(/\s+/g, ' ')
  return Object.fromEntries(
    GLOSSARY.map(({ term }) => term).flatMap((term: GlossaryTerm) => {
      const first = text.search(MENTION[term])
      if (first < 0) return []
      const note = text.indexOf(GLOSSARY.find((entry) => entry.term === term)!.sentence)
      const around = text.slice(Math.max(0, first - 40), first + 40)
      if (note < 0) return [[term, `no note; first in “…${around}…”`]]
      // The note names the term itself a few characters in: then it is the first mention.
      if (note - first >= 700 || first - note > 40)
        return [[term, `note ${note - first} characters from “…${around}…”`]]
      return [[term, 'ok']]
    }),
  )
}
const allOk = (terms: GlossaryTerm[]) => Object.fromEntries(terms.map((term) => [term, 'ok']))

async function expectBothShowTheView(songId: number, userId: string) {
  const page = await pageText(songId, userId)
  const printed = await pdfText(songId, userId)
  const pdf = solid(printed)
  const view = certificateView(page.data.certificate, {
    appName: page.data.appName,
    verifyUrl: page.data.verifyUrl,
    certificateUrl: page.data.certificateUrl,
    timestamp: page.data.timestamp,
  })
  const texts = viewTexts(view)
  const html = solid(page.text)
  const missing = {
    page: texts.filter(([, text]) => !html.includes(solid(text))),
    pdf: texts.filter(([, text]) => !pdf.includes(solid(text))),
  }
  expect(missing).toEqual({ page: [], pdf: [] })
  return { view, printed }
}

describe('the certificate page and its PDF show the same view', () => {
  test('a registered song with every field in many scripts: every row on both', async () => {
    const user = await createUser({ emailVerified: true })
    const song = await createTestSong(user.id, {
      ...EVERYTHING,
      contributions: [splitRow('lyrics', 40, 30, 10, 20), splitRow('vocals', 50, 25, 25, 0)],
    })
    const outcome = await registerSong(user.id, song.id, { confirmed: true })
    if (!outcome.ok) throw new Error(outcome.message)
    const { view, printed } = await expectBothShowTheView(song.id, user.id)
    expect(pdfExplanations(printed)).toEqual(allOk(['PRO', 'SHA-256', 'RFC 3161', 'SOL']))
    // The view holds what the test is about: every kind of section and row.
    expect(view.sections.map((section) => section.id)).toEqual([
      'contributors',
      'breakdown',
      'details',
      'identifiers',
      'ai-disclosure',
      'blockchain',
      'lyrics',
      'notes',
    ])
    const kinds = new Set(view.sections.flatMap((s) => s.rows.map((row) => row.kind)))
    expect([...kinds].sort()).toEqual([
      'fact',
      'link',
      'long',
      'person',
      'shares',
      'term',
      'warning',
    ])
    expect(view.footer.online.public).toBe(true)
    // The owner's copy holds the private texts and says so on its face (issue 49.1).
    expect(solid(printed)).toContain(solid(PRIVATE_TEXT_NOTE))
  }, 120_000)

  test('a draft whose split is not whole: the warning, the empty sections and the note that it is not public yet, on both', async () => {
    const user = await createUser({ emailVerified: true })
    const song = await createTestSong(user.id, {
      title: 'Harbor Lights',
      contributorName: 'Ann Writer',
      coContributorName: 'نادية الخطيب',
      contributions: [splitRow('lyrics', 60, 50, 0, 0)],
    })
    const { view, printed } = await expectBothShowTheView(song.id, user.id)
    expect(pdfExplanations(printed)).toEqual(allOk(['PRO', 'SHA-256']))
    const rows = view.sections.flatMap((section) => section.rows)
    expect(rows.some((row) => row.kind === 'warning' && row.text.includes('110'))).toBe(true)
    expect(view.sections.find((s) => s.id === 'identifiers')?.rows).toEqual([])
    expect(view.footer.online.public).toBe(false)
  }, 120_000)

  test('a registered Latin-only record: its jargon explained on paper, on as many pages as before', async () => {
    const user = await createUser({ emailVerified: true })
    const song = await createTestSong(user.id, {
      title: 'Harbor Lights',
      contributorName: 'Ann Writer',
      coContributorName: 'Bob Beats',
      mainContributorPro: 'ASCAP',
      mainContributorProNumber: '00123456790',
      genre: 'Pop',
      isrc: 'USABC2400001',
      recordings: [{ label: 'Master', sha256: 'ab'.repeat(32), size: '48000044' }],
      contributions: [splitRow('lyrics', 60, 40, 0, 0)],
    })
    const outcome = await registerSong(user.id, song.id, { confirmed: true })
    if (!outcome.ok) throw new Error(outcome.message)
    const { printed } = await expectBothShowTheView(song.id, user.id)
    expect(pdfExplanations(printed)).toEqual(allOk(['PRO', 'SHA-256', 'RFC 3161', 'SOL']))
    // pdftotext ends each page with a form feed. Measured: two pages before the notes were
    // added, two with them (decision 096).
    expect(printed.split('\f').filter((page) => page.trim() !== '').length).toBe(2)
  }, 120_000)
})
