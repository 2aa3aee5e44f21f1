import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { RenderLocale } from '~/i18n/locales'
import * as certificatePdf from '~/resource-routes/certificate.$id[.]pdf'
import * as splitSheetPdf from '~/resource-routes/songs.$id.split-sheet[.]pdf'
import { statementFor } from '~/lib/certificate'
import { pdfLanguage, pdfWordsIn } from '~/services/certificates/documents/pdf-words.server'
import { splitSheet } from '~/services/certificates/documents/split-sheet.server'
import { splitSheetView } from '~/services/certificates/documents/split-sheet-view'
import { certificateFor } from '~/services/certificates/record/certificate.server'
import { closeDocumentPoolForTests } from '~/services/platform/document-pool.server'
import { getOwnedSong } from '~/services/songs/songs.server'
import { db } from '../setup/db'
import {
  args,
  authedRequest,
  createSplitInvitation,
  createTestSong,
  createUser,
} from '../setup/fixtures'
import { FOUR_WAY_SPLIT } from '../setup/sample-song'

// Issue 54.4 (decision 122): the certificate's and the split sheet's PDFs in their owner's
// language, whoever downloads them, made by their real routes and read back as a stranger reads
// them (pdftotext, pdffonts, pdfsig, mutool). Names stay as typed; the certificate's statement is
// in English too; the signature still holds.

const run = promisify(execFile)
const BASE = 'http://localhost'

const RECORD = {
  title: '港の灯り Été',
  contributorName: '佐藤 美咲',
  contributorLatinName: 'Sato Misaki',
  coContributorName: 'Zoé Ñúñez',
  coContributorName2: 'Jonas Weiß',
  mainContributorPro: 'JASRAC',
  mainContributorProNumber: '00123456790',
  dateCreated: '2025-03-01',
  toolsUsed: 'Logic Pro',
  fileLink: 'https://files.example/harbor.wav',
  contributions: [...FOUR_WAY_SPLIT],
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-languages-'))
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true })
  await closeDocumentPoolForTests()
})

interface Owner {
  userId: string
  songId: number
}
const owners = new Map<string, Owner>()

/** An owner whose account speaks `locale`, with a song, one co-writer confirmed, one invited. */
async function ownerIn(locale: string): Promise<Owner> {
  const user = await createUser()
  await db().updateTable('users').set({ locale }).where('id', '=', user.id).execute()
  const song = await createTestSong(user.id, RECORD)
  await createSplitInvitation(song.id, 'co-contributor', {
    decision: 'confirmed',
    decidedAt: new Date('2025-04-02T10:00:00Z'),
    creditedName: 'Zoé Ñúñez',
  })
  await createSplitInvitation(song.id, 'co-contributor-2')
  return { userId: user.id, songId: song.id }
}

beforeAll(async () => {
  for (const locale of ['ja', 'pt-BR', 'de', 'en', 'en-XA'])
    owners.set(locale, await ownerIn(locale))
}, 60_000)

/** A PDF as its route serves it to `userId` (or a stranger), its file and its text. */
async function served(
  route: typeof certificatePdf | typeof splitSheetPdf,
  url: string,
  params: Record<string, string>,
  userId: string | null,
  name: string,
) {
  const request = userId
    ? await authedRequest(`${BASE}${url}`, userId, { headers: { 'Accept-Language': 'ko' } })
    : new Request(`${BASE}${url}`, { headers: { 'Accept-Language': 'ko' } })
  const response = await route.loader(args(request, params))
  expect(response.status).toBe(200)
  const file = path.join(dir, `${name}.pdf`)
  fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()))
  // Kept for a person to look at (decision 122's pictures), when asked.
  if (process.env.PDF_SAMPLES)
    fs.copyFileSync(file, path.join(process.env.PDF_SAMPLES, `${name}.pdf`))
  const { stdout: text } = await run('pdftotext', ['-enc', 'UTF-8', file, '-'])
  return { file, text }
}

const splitSheetOf = ({ songId, userId }: Owner, name: string) =>
  served(splitSheetPdf, `/songs/${songId}/split-sheet.pdf`, { id: String(songId) }, userId, name)

/**
 * Texts as a reader compares them: no isolates, no spaces (pdftotext breaks lines anywhere), no
 * case (the PDF sets its headings in capitals).
 */
const solid = (text: string) =>
  text
    .replace(/[\u2066-\u2069]/g, '')
    .replace(/\s+/g, '')
    .toLowerCase()

/** The split sheet's view in `locale`, as the PDF's worker builds it. */
async function sheetViewIn(owner: Owner, locale: RenderLocale) {
  const song = (await getOwnedSong(db(), owner.userId, owner.songId))!
  const { t } = pdfLanguage(pdfWordsIn(locale))
  return splitSheetView(await splitSheet(db(), song), { appName: 'ProofTrack', t, locale })
}

// What each language's sheet must say, as its speaker reads it.
const SPLIT_SHEET_WORDS: Record<string, string[]> = {
  ja: ['参加者とその持ち分（%）', '署名', '日付', '主な参加者', '持ち分：', '承認：', '詞 50%'],
  'pt-BR': ['Colaboradores e suas participações (%)', 'Assinaturas', 'Colaborador principal'],
  de: ['Beteiligte und ihre Anteile (%)', 'Unterschriften', 'Hauptbeteiligte/r', '40 %'],
}

describe.each(['ja', 'pt-BR', 'de'] as const)('an owner who speaks %s', (locale) => {
  test('the split sheet: every label and status in the language, names and identifiers as typed', async () => {
    const owner = owners.get(locale)!
    const { file, text } = await splitSheetOf(owner, `split-sheet-${locale}`)
    const printed = solid(text)
    for (const words of SPLIT_SHEET_WORDS[locale]!) expect(printed).toContain(solid(words))
    // Not the English it was.
    for (const english of ['Signatures', 'Contributors and their shares', 'Declared by the'])
      expect(text).not.toContain(english)
    // Every text of the view in the owner's language is on the page.
    const view = await sheetViewIn(owner, locale)
    const texts = [
      view.brand,
      view.table.title,
      view.note,
      view.signatures.intro,
      view.verify.public ? view.verify.lead : view.verify.note,
      ...view.facts.map((fact) => fact.label),
      ...view.table.people.flatMap((person) => [person.role, person.status.text]),
      ...view.signatures.people.map((person) => person.line),
    ]
    expect(texts.filter((words) => !printed.includes(solid(words)))).toEqual([])
    for (const name of [
      '佐藤 美咲',
      'Sato Misaki',
      'Zoé Ñúñez',
      'Jonas Weiß',
      'JASRAC',
      '00123456790',
    ])
      expect(printed).toContain(solid(name))
    if (locale === 'ja') {
      // The labels' kana and kanji are in the embedded CJK subset, in Japanese forms.
      const { stdout: fonts } = await run('pdffonts', [file])
      expect(fonts).toMatch(/NotoSans\w*JP|Noto Sans JP|NotoSansCJKjp|JP/i)
    }
  }, 120_000)

  test('the certificate: its own words in the language, the statement in English too, still validly signed', async () => {
    const owner = owners.get(locale)!
    const { file, text } = await served(
      certificatePdf,
      `/certificate/${owner.songId}.pdf`,
      { id: String(owner.songId) },
      owner.userId,
      `certificate-${locale}`,
    )
    const found = (await certificateFor(db(), owner.songId, owner.userId))!
    const { t } = pdfLanguage(pdfWordsIn(locale))
    const printed = solid(text)
    expect(printed).toContain(
      solid(t('pdf.certificate.id', { certificateId: found.certificate.certificateId, title: '' })),
    )
    expect(printed).toContain(solid(statementFor(found.certificate)))
    for (const name of ['佐藤 美咲', 'Zoé Ñúñez', 'Jonas Weiß'])
      expect(printed).toContain(solid(name))
    expect(text).not.toContain('Certificate ID:')
    // A label and its value as the language joins them, even after a Latin word.
    expect(printed).toContain(solid(t('pdf.labelValue', { label: 'PRO', value: 'JASRAC' })))

    const { stdout: signature } = await run('pdfsig', [file])
    expect(signature).toContain('Signature Validation: Signature is Valid.')
    expect(signature).toContain('Total document signed')
    const { stdout: mutool } = await run('mutool', ['sign', '-v', file])
    expect(mutool).toContain('The document is unchanged since signing.')
  }, 120_000)
})

test('a stranger downloads the certificate in its owner’s language, not the one their browser asks for', async () => {
  const owner = owners.get('ja')!
  // A stranger may open a registered certificate only: this one is the owner's draft, so the
  // language is checked where the job is made, through the owner's account.
  const { ownerLocale } = await import('~/services/certificates/documents/pdf-locale.server')
  expect(await ownerLocale(db(), owner.songId)).toBe('ja')
  expect(await ownerLocale(db(), owners.get('en')!.songId)).toBe('en')
  expect(await ownerLocale(db(), -1)).toBe('en')
})

test('an English owner’s sheet says what it always said: the English messages are the view’s English', async () => {
  const owner = owners.get('en')!
  const song = (await getOwnedSong(db(), owner.userId, owner.songId))!
  const sheet = await splitSheet(db(), song)
  const english = splitSheetView(sheet, { appName: 'ProofTrack' })
  expect(await sheetViewIn(owner, 'en')).toEqual(english)
  const { text } = await splitSheetOf(owner, 'split-sheet-en')
  expect(text).toContain('CONTRIBUTORS AND THEIR SHARES (%)')
  expect(text).toContain('Signature — Main contributor')
  expect(text).toContain('Confirmation: Invited, not confirmed yet')
})

test('in the pseudo-language no label of the split sheet is left in English', async () => {
  const owner = owners.get('en-XA')!
  const view = await sheetViewIn(owner, 'en-XA')
  const { text } = await splitSheetOf(owner, 'split-sheet-en-XA')
  const printed = solid(text)
  expect(printed).toContain(solid(view.table.title))
  // Each English label and sentence the sheet had is gone: a text that skipped the catalogue
  // would still be here.
  const english = await sheetViewIn(owners.get('en')!, 'en')
  const left = [
    english.table.title,
    english.note,
    english.signatures.title,
    english.signatures.intro,
    english.song.title,
    // "PRO" and "IPI / PRO #" are identifiers alone: the same in every language.
    ...Object.values(english.table.labels).filter((label) => !/^[A-Z /#]+$/.test(label)),
    ...english.facts.map((fact) => fact.label),
    ...english.table.people.map((person) => person.status.text),
  ].filter((words) => printed.includes(solid(words)))
  expect(left).toEqual([])
})
