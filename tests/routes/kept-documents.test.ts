import { execFile } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, test } from 'vitest'
import * as certificatePdf from '~/resource-routes/certificate.$id[.]pdf'
import * as splitSheetPdf from '~/resource-routes/songs.$id.split-sheet[.]pdf'
import * as apiSong from '~/resource-routes/api.songs.$id'
import * as invitation from '~/routes/invitations.$token'
import { TIME_ZONE_COOKIE } from '~/lib/time-zone'
import type { PdfJob } from '~/services/certificates/documents/pdf-render.server'
import { certificateFor } from '~/services/certificates/record/certificate.server'
import {
  DocumentsBusyError,
  POOL_SIZE,
  QUEUE_LIMIT,
  renderOffThread,
} from '~/services/platform/document-pool.server'
import { db } from '../setup/db'
import { args, authedRequest, formRequest, respond, sessionCookie } from '../setup/fixtures'
import { createInvitedCoWriter } from '../setup/invitations'
import { useTempDirs } from '../setup/temp-dir'

// Decision 104: a PDF is made once per snapshot of what it prints and kept in the database; a
// download serves the kept bytes without a place in the document pool.

// pdf-parse ships no types; its library entry (its index.js runs a debug demo when imported).
const parsePdf: (data: Buffer) => Promise<{ text: string }> = createRequire(import.meta.url)(
  'pdf-parse/lib/pdf-parse.js',
)

const LYRICS = 'Salt on the harbour wall, a lantern in the rain'

/** Each request from an address of its own, so the per-address throttle is not what is tested. */
function fromNewAddress(headers: Headers = new Headers()) {
  headers.set(
    'X-ProofTrack-Client-Address',
    `198.51.100.${crypto.randomInt(1, 255)}-${crypto.randomBytes(3).toString('hex')}`,
  )
  return headers
}

async function download(songId: number, init: { cookie?: string; timeZone?: string } = {}) {
  const headers = fromNewAddress()
  const cookies = [
    init.cookie,
    init.timeZone && `${TIME_ZONE_COOKIE}=${encodeURIComponent(init.timeZone)}`,
  ]
  headers.set('Cookie', cookies.filter(Boolean).join('; '))
  const response = await respond(() =>
    certificatePdf.loader(
      args(new Request(`http://localhost/certificate/${songId}.pdf`, { headers }), {
        id: String(songId),
      }),
    ),
  )
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) }
}

async function downloadSplitSheet(songId: number, cookie: string) {
  const headers = fromNewAddress()
  headers.set('Cookie', cookie)
  const response = await respond(() =>
    splitSheetPdf.loader(
      args(new Request(`http://localhost/songs/${songId}/split-sheet.pdf`, { headers }), {
        id: String(songId),
      }),
    ),
  )
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) }
}

const tempDir = useTempDirs()

/** What poppler's pdfsig says of the PDF (it exits 0 whatever it finds: its text is the answer). */
async function pdfsig(bytes: Buffer) {
  const file = path.join(tempDir('kept-documents-'), 'kept.pdf')
  fs.writeFileSync(file, bytes)
  const { stdout, stderr } = await promisify(execFile)('pdfsig', [file])
  return stdout + stderr
}

const textOf = async (bytes: Buffer) => (await parsePdf(bytes)).text.replace(/\s+/g, ' ')

async function keptRows(songId: number) {
  return db()
    .selectFrom('keptDocuments')
    .select(['kind', 'projection', 'timeZone', 'snapshot', 'bytes', 'sha256'])
    .where('songId', '=', songId)
    .orderBy('createdAt')
    .execute()
}

const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex')

/** The song registered, as the registration's finish leaves its row. */
async function register(songId: number) {
  const signature = crypto.randomBytes(32).toString('hex')
  await db()
    .insertInto('blockchainRegistrations')
    .values({
      songId,
      status: 'confirmed',
      transactionSignature: signature,
      blockchainData: JSON.stringify({ stage: 'confirmed', confirmations: [] }),
      registrationFee: '0.001000000',
      network: 'local-ledger',
      storageKind: 'local-store',
    })
    .execute()
  return signature
}

/** Every place in the document pool taken by long jobs: the next render is refused with 503. */
async function fillThePool(ownerId: string, songId: number) {
  const found = await certificateFor(db(), songId, ownerId)
  if (!found) throw new Error('no certificate')
  const heavy: PdfJob = {
    kind: 'certificate',
    song: { ...found.certificate, lyrics: 'Ω'.repeat(20_000), creativeNotes: 'Ж'.repeat(5000) },
    options: { appName: 'ProofTrack', verifyUrl: null },
  }
  const accepted = Array.from({ length: POOL_SIZE + QUEUE_LIMIT }, (_, i) =>
    renderOffThread(heavy, { owner: `test:filler-${i}` }),
  )
  const stillFull = () =>
    expect(renderOffThread(heavy, { owner: 'test:one-more' })).rejects.toBeInstanceOf(
      DocumentsBusyError,
    )
  await stillFull()
  return { stillFull, drained: () => Promise.all(accepted) }
}

describe('a certificate PDF is made once per snapshot and kept', () => {
  test('the second download is the kept bytes, byte for byte, and answers 200 while every place in the pool is taken', async () => {
    const { owner, song } = await createInvitedCoWriter({ lyrics: LYRICS })
    await register(song.id)

    let started = performance.now()
    const first = await download(song.id)
    const missMs = performance.now() - started
    expect(first.status).toBe(200)
    expect(first.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const rows = await keptRows(song.id)
    expect(rows.map(({ kind, projection, timeZone }) => ({ kind, projection, timeZone }))).toEqual([
      { kind: 'certificate', projection: 'public', timeZone: 'UTC' },
    ])
    expect(Buffer.from(rows[0]!.bytes).equals(first.bytes)).toBe(true)
    expect(rows[0]!.sha256).toBe(sha256(first.bytes))

    // A first download once the workers run: what a new snapshot costs.
    started = performance.now()
    const warm = await download(song.id, { timeZone: 'Europe/Paris' })
    const warmMissMs = performance.now() - started
    expect(warm.status).toBe(200)

    const { stillFull, drained } = await fillThePool(owner.id, song.id)
    try {
      // The control: a view not kept yet needs the pool, which is full.
      const otherZone = await download(song.id, { timeZone: 'Asia/Tokyo' })
      expect(otherZone.status).toBe(503)
      expect(otherZone.bytes.toString()).toBe(
        'Too many documents are being made right now. Please try again in a few seconds.',
      )
      started = performance.now()
      const again = await download(song.id)
      const hitMs = performance.now() - started
      expect(again.status).toBe(200)
      expect(again.bytes.equals(first.bytes)).toBe(true)
      await stillFull()
      // Kept through the database, the signature still covers every byte.
      const checked = await pdfsig(again.bytes)
      expect(checked).toContain('Signature Validation: Signature is Valid.')
      expect(checked).toContain('Total document signed')
      console.info(
        `[kept-documents] certificate PDF ${first.bytes.byteLength} bytes: made ${Math.round(missMs)} ms (workers starting), ${Math.round(warmMissMs)} ms (workers running); kept ${Math.round(hitMs)} ms (pool full)`,
      )
    } finally {
      await drained()
    }
    const hits: number[] = []
    for (let i = 0; i < 10; i++) {
      started = performance.now()
      expect((await download(song.id)).bytes.equals(first.bytes)).toBe(true)
      hits.push(performance.now() - started)
    }
    console.info(
      `[kept-documents] kept certificate PDF, pool idle: median ${Math.round(hits.sort((a, b) => a - b)[5]!)} ms of 10`,
    )
    expect(await keptRows(song.id)).toHaveLength(2)
  }, 120_000)

  test('the same cold certificate asked by many at once is made once: everyone gets it, none is told to come back', async () => {
    const { song } = await createInvitedCoWriter()
    await register(song.id)
    // More than the pool admits at once (its workers and its queue).
    const answers = await Promise.all(
      Array.from({ length: POOL_SIZE + QUEUE_LIMIT + 3 }, () => download(song.id)),
    )
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200))
    for (const answer of answers) expect(answer.bytes.equals(answers[0]!.bytes)).toBe(true)
    expect(await keptRows(song.id)).toHaveLength(1)
  }, 120_000)

  test('a visitor never gets the owner’s copy, which holds the lyrics; each is kept apart', async () => {
    const { owner, song } = await createInvitedCoWriter({ lyrics: LYRICS })
    await register(song.id)
    const ownerCookie = await sessionCookie(owner.id)

    const ownersCopy = await download(song.id, { cookie: ownerCookie })
    expect(ownersCopy.status).toBe(200)
    expect(await textOf(ownersCopy.bytes)).toContain(LYRICS)

    const visitors = await download(song.id)
    expect(visitors.status).toBe(200)
    expect(visitors.bytes.equals(ownersCopy.bytes)).toBe(false)
    expect(await textOf(visitors.bytes)).not.toContain('harbour wall')

    // And the owner, asking again, still gets their own.
    expect((await download(song.id, { cookie: ownerCookie })).bytes.equals(ownersCopy.bytes)).toBe(
      true,
    )
    const rows = await keptRows(song.id)
    expect(rows.map((row) => row.projection).sort()).toEqual(['owner', 'public'])
    const publicRow = rows.find((row) => row.projection === 'public')!
    expect(Buffer.from(publicRow.bytes).equals(visitors.bytes)).toBe(true)
  }, 120_000)

  test('two time zones get two copies, each printing its own zone', async () => {
    const { song } = await createInvitedCoWriter()
    await register(song.id)
    const tokyo = await download(song.id, { timeZone: 'Asia/Tokyo' })
    const angeles = await download(song.id, { timeZone: 'America/Los_Angeles' })
    expect(tokyo.status).toBe(200)
    expect(angeles.status).toBe(200)
    expect(await textOf(tokyo.bytes)).toContain('(Asia/Tokyo)')
    expect(await textOf(angeles.bytes)).toContain('(America/Los Angeles)')
    expect(await textOf(angeles.bytes)).not.toContain('(Asia/Tokyo)')
    // Each zone's second download is its own kept copy.
    expect((await download(song.id, { timeZone: 'Asia/Tokyo' })).bytes.equals(tokyo.bytes)).toBe(
      true,
    )
    const rows = await keptRows(song.id)
    expect(rows.map((row) => row.timeZone).sort()).toEqual(['America/Los_Angeles', 'Asia/Tokyo'])
  }, 120_000)
})

describe('the kept PDF is never older than the data behind it', () => {
  const answer = (token: string, fields: Record<string, string>) =>
    respond(() =>
      invitation.action(
        args(formRequest(`http://localhost/invitations/${token}`, fields), { token }),
      ),
    )

  test('a co-writer’s confirmation gives the owner a new PDF that says so, and the old copy goes', async () => {
    const { owner, song, token } = await createInvitedCoWriter()
    const cookie = await sessionCookie(owner.id)
    const invited = await download(song.id, { cookie })
    expect(await textOf(invited.bytes)).toContain('Invited, not confirmed yet')
    expect((await download(song.id, { cookie })).bytes.equals(invited.bytes)).toBe(true)

    expect((await answer(token, { intent: 'confirm', creditedName: 'Олег Петров' })).status).toBe(
      200,
    )
    const confirmed = await download(song.id, { cookie })
    expect(confirmed.bytes.equals(invited.bytes)).toBe(false)
    expect(await textOf(confirmed.bytes)).toContain('Confirmed on')
    // The earlier snapshot's copy is gone: one row for the owner's view in this zone.
    expect((await keptRows(song.id)).map((row) => row.sha256)).toEqual([sha256(confirmed.bytes)])
  }, 120_000)

  test('a co-writer’s dispute gives the owner a new PDF that says so', async () => {
    const { owner, song, token } = await createInvitedCoWriter()
    const cookie = await sessionCookie(owner.id)
    const invited = await download(song.id, { cookie })
    expect(invited.status).toBe(200)
    expect((await answer(token, { intent: 'dispute', disputeReason: 'Not my share' })).status).toBe(
      200,
    )
    const disputed = await download(song.id, { cookie })
    expect(disputed.bytes.equals(invited.bytes)).toBe(false)
    expect(await textOf(disputed.bytes)).toContain('Not my share')
  }, 120_000)

  test('an edit, and a registration finishing, each give a new PDF', async () => {
    const { owner, song } = await createInvitedCoWriter()
    const cookie = await sessionCookie(owner.id)
    const before = await download(song.id, { cookie })
    expect(before.status).toBe(200)

    const edited = await respond(async () =>
      apiSong.action(
        args(
          await authedRequest(`http://localhost/api/songs/${song.id}`, owner.id, {
            method: 'PUT',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({
              title: 'さくら (second take)',
              dateCreated: '2025-03-01',
              contributorName: '佐藤 花子',
              coContributorName: 'Олег Петров',
              toolsUsed: 'Piano',
              fileLink: 'https://example.com/a.mp3',
              contributions: [
                { component: 'lyrics', contributorPercent: 60, coContributorPercent: 40 },
              ],
            }),
          }),
          { id: String(song.id) },
        ),
      ),
    )
    expect(edited.status).toBe(200)
    const afterEdit = await download(song.id, { cookie })
    expect(await textOf(afterEdit.bytes)).toContain('second take')
    expect(afterEdit.bytes.equals(before.bytes)).toBe(false)

    const signature = await register(song.id)
    const registered = await download(song.id, { cookie })
    expect(registered.bytes.equals(afterEdit.bytes)).toBe(false)
    expect((await textOf(registered.bytes)).replace(/\s+/g, '')).toContain(signature)
  }, 120_000)
})

describe('the split sheet is kept the same way', () => {
  test('kept once per snapshot for its owner; a co-writer’s confirmation gives a new one', async () => {
    const { owner, song, token } = await createInvitedCoWriter()
    const cookie = await sessionCookie(owner.id)
    let started = performance.now()
    const first = await downloadSplitSheet(song.id, cookie)
    const missMs = performance.now() - started
    expect(first.status).toBe(200)
    started = performance.now()
    expect((await downloadSplitSheet(song.id, cookie)).bytes.equals(first.bytes)).toBe(true)
    console.info(
      `[kept-documents] split sheet PDF ${first.bytes.byteLength} bytes: made ${Math.round(missMs)} ms, kept ${Math.round(performance.now() - started)} ms`,
    )
    expect((await keptRows(song.id)).map(({ kind, projection }) => ({ kind, projection }))).toEqual(
      [{ kind: 'split-sheet', projection: 'owner' }],
    )

    const confirmed = await respond(() =>
      invitation.action(
        args(
          formRequest(`http://localhost/invitations/${token}`, {
            intent: 'confirm',
            creditedName: 'Олег Петров',
          }),
          { token },
        ),
      ),
    )
    expect(confirmed.status).toBe(200)
    const after = await downloadSplitSheet(song.id, cookie)
    expect(after.bytes.equals(first.bytes)).toBe(false)
    expect(await textOf(after.bytes)).toContain('Confirmed')
  }, 120_000)
})
