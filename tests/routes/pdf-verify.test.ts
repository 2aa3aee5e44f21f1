import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, test } from 'vitest'
import * as certificatePdf from '~/resource-routes/certificate.$id[.]pdf'
import * as splitSheetPdf from '~/resource-routes/songs.$id.split-sheet[.]pdf'
import * as verifyRoute from '~/routes/verify.$certificateId'
import { PDF_NOT_PUBLIC_YET } from '~/lib/certificate'
import {
  SIGNATURES_INTRO,
  SPLIT_SHEET_NOT_VERIFIABLE,
  SPLIT_SHEET_VERIFY_LEAD,
} from '~/lib/split-sheet'
import { registerSong } from '~/services/registration/registration.server'
import { args, authedRequest, createTestSong, createUser, respond } from '../setup/fixtures'
import { splitRow } from '../setup/sample-song'

// Issue 37: what leaves our hands leads a stranger to the verify page. The PDFs are rendered by
// the real routes (in the document worker), the QR code read back from a 200 dpi image of page 1
// with zbarimg, followed through the verify route; pdftotext shows what is printed.
const run = promisify(execFile)
const APP_URL = 'http://localhost:3000'

/** A Japanese title; Thai, Hindi and Hebrew co-writers; a Russian PRO and Thai notes. */
const MIXED = {
  title: '夜明けの歌',
  contributorName: 'สมชาย ใจดี',
  coContributorName: 'प्रिया शर्मा',
  coContributorName2: 'דוד כהן',
  mainContributorPro: 'Российское авторское общество',
  creativeNotes: 'Написано ночью — เพลงนี้เขียนตอนกลางคืน',
}

const WHOLE = [splitRow('lyrics', 40, 30, 20, 10), splitRow('vocals', 50, 25, 25, 0)]

async function registeredSong(fields: Record<string, unknown> = {}) {
  const user = await createUser({ emailVerified: true })
  const song = await createTestSong(user.id, { ...MIXED, contributions: WHOLE, ...fields })
  const outcome = await registerSong(user.id, song.id, { confirmed: true })
  if (!outcome.ok) throw new Error(outcome.message)
  return { user, song }
}

async function certificatePdfOf(songId: number, userId?: string) {
  const url = `http://localhost/certificate/${songId}.pdf`
  const request = userId ? await authedRequest(url, userId) : new Request(url)
  const response = await certificatePdf.loader(args(request, { id: String(songId) }))
  expect(response.status).toBe(200)
  return Buffer.from(await response.arrayBuffer())
}

async function splitSheetPdfOf(songId: number, userId: string) {
  const url = `http://localhost/songs/${songId}/split-sheet.pdf`
  const response = await splitSheetPdf.loader(
    args(await authedRequest(url, userId), { id: String(songId) }),
  )
  expect(response.status).toBe(200)
  return Buffer.from(await response.arrayBuffer())
}

function saved(pdf: Buffer) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-verify-'))
  const file = path.join(dir, 'out.pdf')
  fs.writeFileSync(file, pdf)
  return { dir, file }
}

/** The text pdftotext reads, its whitespace folded, less the bidi marks around right-to-left runs. */
async function textOf(pdf: Buffer) {
  const { file } = saved(pdf)
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-'])
  return stdout.replace(/[\u202A-\u202E]/g, '').replace(/\s+/g, ' ')
}

/** Every QR code zbarimg finds on page 1, rendered as a printer would at 200 dpi. */
async function qrCodesOf(pdf: Buffer) {
  const { dir, file } = saved(pdf)
  await run('pdftoppm', ['-r', '200', '-png', '-f', '1', '-l', '1', file, path.join(dir, 'page')])
  const image = fs.readdirSync(dir).find((name) => name.endsWith('.png'))
  if (!image) throw new Error('pdftoppm wrote no image')
  try {
    const { stdout } = await run('zbarimg', ['--quiet', '--raw', path.join(dir, image)])
    return stdout.split('\n').filter(Boolean)
  } catch (error) {
    // zbarimg exits 4 when the image holds no code at all.
    if ((error as { code?: number }).code === 4) return []
    throw error
  }
}

/** GETs an address through the app's verify route, as a stranger's phone would. */
async function follow(address: string) {
  const url = new URL(address)
  expect(url.origin).toBe(APP_URL)
  const match = /^\/verify\/([^/]+)$/.exec(url.pathname)
  expect(match, `${address} is the verify page`).not.toBeNull()
  const certificateId = decodeURIComponent(match![1]!)
  const request = new Request(`http://localhost${url.pathname}`)
  return respond(() => verifyRoute.loader(args(request, { certificateId })))
}

describe('the certificate PDF leads a stranger to the verify page', () => {
  test("a registered certificate's QR code opens its verify page, whose address is printed in full", async () => {
    const { user, song } = await registeredSong()
    const address = `${APP_URL}/verify/${song.certificateId}`
    // The owner's PDF and a visitor's alike.
    for (const pdf of [await certificatePdfOf(song.id, user.id), await certificatePdfOf(song.id)]) {
      expect(await qrCodesOf(pdf)).toEqual([address])
      const text = await textOf(pdf)
      expect(text).toContain(`Anyone can check this certificate at: ${address}`)
      expect(text).toContain('Scan to verify')
      expect(text).toContain(MIXED.title)
      // A link, too, where the address is printed.
      expect(pdf.toString('latin1')).toContain(`/URI (${address})`)
    }
    const page = await follow(address)
    expect(page.status).toBe(200)
    const report = await page.json()
    expect(report).toMatchObject({ ok: true, certificateId: song.certificateId, songId: song.id })
  }, 60_000)

  test('a draft has no QR code and says it cannot be checked online yet', async () => {
    const user = await createUser()
    const song = await createTestSong(user.id, { ...MIXED, contributions: WHOLE })
    const pdf = await certificatePdfOf(song.id, user.id)
    expect(await qrCodesOf(pdf)).toEqual([])
    const text = await textOf(pdf)
    expect(text).toContain(PDF_NOT_PUBLIC_YET)
    expect(text).not.toContain('/verify/')
  }, 60_000)
})

describe('the split sheet PDF', () => {
  test("a registered song's sheet leads to its verify page and has a line to sign and date for each contributor", async () => {
    const { user, song } = await registeredSong()
    const address = `${APP_URL}/verify/${song.certificateId}`
    const pdf = await splitSheetPdfOf(song.id, user.id)
    expect(await qrCodesOf(pdf)).toEqual([address])
    const text = await textOf(pdf)
    expect(text).toContain(`${SPLIT_SHEET_VERIFY_LEAD} ${address}`)
    expect(text).toContain('Scan to verify')
    expect(pdf.toString('latin1')).toContain(`/URI (${address})`)
    expect(text).toContain(SIGNATURES_INTRO)
    const signing = text.slice(text.indexOf(SIGNATURES_INTRO))
    for (const role of ['Main contributor', 'Co-contributor', 'Second co-contributor'])
      expect(signing).toContain(`Signature — ${role}`)
    // Each name twice: with its shares, and under its line to sign.
    for (const name of [MIXED.contributorName, MIXED.coContributorName, MIXED.coContributorName2])
      expect(text.split(name).length - 1, name).toBe(2)
    // One date line per signature, and no line to sign for the AI.
    expect(signing.match(/Signature — /g)).toHaveLength(3)
    expect(signing.match(/ Date /g)).toHaveLength(3)
    const page = await follow(address)
    expect(page.status).toBe(200)
    expect(await page.json()).toMatchObject({ ok: true, certificateId: song.certificateId })
  }, 60_000)

  test('a draft says it is not registered and has no QR code, and can still be signed', async () => {
    const user = await createUser()
    const song = await createTestSong(user.id, { ...MIXED, contributions: WHOLE })
    const pdf = await splitSheetPdfOf(song.id, user.id)
    expect(await qrCodesOf(pdf)).toEqual([])
    const text = await textOf(pdf)
    expect(text).toContain(SPLIT_SHEET_NOT_VERIFIABLE)
    expect(text).not.toContain('/verify/')
    expect(text).toContain('Signature — Main contributor')
    expect(text.split(MIXED.contributorName).length - 1).toBe(2)
  }, 60_000)
})

describe('a split that is not whole', () => {
  // Lyrics 60 + 30 + 20 = 110 %, vocals 50 + 25 + 20 = 95 %: the review step flags both.
  const OVER = [splitRow('lyrics', 60, 30, 20, 0), splitRow('vocals', 50, 25, 20, 0)]
  const WARNING =
    'Warning: this split is not complete. Lyrics totals 110%; Vocals totals 95%. Each component must total 100%'

  test('is printed with a warning naming each component and its total, on the certificate and the split sheet', async () => {
    const user = await createUser()
    const song = await createTestSong(user.id, { ...MIXED, contributions: OVER })
    for (const pdf of [
      await certificatePdfOf(song.id, user.id),
      await splitSheetPdfOf(song.id, user.id),
    ]) {
      const text = await textOf(pdf)
      expect(text).toContain(WARNING)
      expect(text).not.toContain('Mixing/Mastering totals')
    }
  }, 60_000)

  test('a whole split prints no warning', async () => {
    const user = await createUser()
    const song = await createTestSong(user.id, { ...MIXED, contributions: WHOLE })
    for (const pdf of [
      await certificatePdfOf(song.id, user.id),
      await splitSheetPdfOf(song.id, user.id),
    ])
      expect(await textOf(pdf)).not.toContain('Warning')
  }, 60_000)
})
