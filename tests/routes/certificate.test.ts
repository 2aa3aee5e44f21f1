import crypto from 'node:crypto'
import { createRequire } from 'node:module'
import { describe, expect, test } from 'vitest'
import * as page from '~/routes/certificate.$id'
import * as pdfRoute from '~/resource-routes/certificate.$id[.]pdf'
import { SongRecordedBeforeSharesSchema } from '~/lib/song-schema'
import { PDF_NOT_PUBLIC_YET } from '~/lib/certificate'
import type { Network, StorageKind } from '../../db/schema'
import { createSong } from '~/services/songs/songs.server'
import { db } from '../setup/db'
import { PUBLIC_CERTIFICATE_KEYS as PUBLIC_KEYS, keyPaths } from '../setup/certificate-keys'
import { args, authedRequest, createUser, respond } from '../setup/fixtures'
import { HARBOR_SPLIT } from '../setup/sample-song'

// pdf-parse ships no types; its library entry (its index.js runs a debug demo when imported).
const pdf: (data: Buffer) => Promise<{ numpages: number; text: string }> = createRequire(
  import.meta.url,
)('pdf-parse/lib/pdf-parse.js')

const LYRICS = 'First line of the verse\nSecond line of the verse'
const NOTES = 'Written on a night train.'
const RECORDING_SHA256 = 'ab'.repeat(32)
const LYRIC_SHEET_SHA256 = 'cd'.repeat(32)

// The record as saved, older songs included: a co-writer named with no share (before decision 095).
async function newSong(userId: string, overrides: Record<string, unknown> = {}) {
  const input = SongRecordedBeforeSharesSchema.parse({
    title: `Harbor Lights ${crypto.randomBytes(2).toString('hex')}`,
    contributorName: 'Ann Writer',
    coContributorName: 'Bob Beats',
    dateCreated: '2025-03-01',
    toolsUsed: 'Logic Pro, Suno',
    fileLink: 'https://files.example/harbor.mp3',
    genre: 'Pop',
    isrc: 'USABC2400001',
    lyrics: LYRICS,
    creativeNotes: NOTES,
    mainContributorPro: 'ASCAP',
    mainContributorProNumber: '00123456790',
    recordings: [
      {
        label: 'Master',
        sha256: RECORDING_SHA256,
        size: '48000044',
        mediaType: 'audio/wav',
        fileName: 'harbor-demo-private.wav',
      },
      { label: 'Lyric sheet PDF', sha256: LYRIC_SHEET_SHA256, size: '2048' },
    ],
    contributions: [...HARBOR_SPLIT],
    ...overrides,
  })
  return createSong(db(), userId, input)
}

/** A confirmed registration row as registration writes it, private parts (payment, logs, signed bytes) included. */
async function register(
  songId: number,
  columns: {
    network?: Network | null
    storageKind?: StorageKind | null
    storageGateway?: string | null
  } = {},
  data: Record<string, unknown> = {},
) {
  const signature = crypto.randomBytes(32).toString('hex')
  await db()
    .insertInto('blockchainRegistrations')
    .values({
      songId,
      status: 'confirmed',
      transactionSignature: signature,
      walletAddress: 'So1anaWa11etAddre55xxxxxxxxxxxxxxxxxxxxxxxx',
      blockchainData: JSON.stringify({
        stage: 'confirmed',
        payment: { mode: 'paid', paymentId: 4242 },
        logs: ['Program MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr invoke [1]'],
        signedTransaction: 'AQIDBAUGBwgJ',
        memo: 'ProofTrack v1 PT-0000-0000 sha256:00 ar:x',
        explorerUrl: 'https://explorer.example/tx/x',
        storageUrl: 'https://storage.example/y',
        ...data,
      }),
      registrationFee: '0.001000000',
      network: 'mainnet-beta',
      storageKind: 'arweave',
      storageGateway: 'https://arweave.net',
      ...columns,
    })
    .execute()
  return signature
}

const url = (id: number | string) => `http://localhost/certificate/${id}`
const visitor = (id: number | string, suffix = '') => new Request(`${url(id)}${suffix}`)

async function view(request: Request, id: number | string) {
  return respond(() => page.loader(args(request, { id: String(id) })))
}

async function pdfOf(request: Request, id: number | string) {
  return respond(() => pdfRoute.loader(args(request, { id: String(id) })))
}

async function pdfText(response: Response) {
  const bytes = Buffer.from(await response.arrayBuffer())
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF')
  const parsed = await pdf(bytes)
  return { pages: parsed.numpages, text: parsed.text.replace(/\s+/g, ' ') }
}

describe('certificate page', () => {
  test('the owner sees every field, lyrics and creative notes included, before any registration', async () => {
    const owner = await createUser()
    const song = await newSong(owner.id)
    const response = await view(await authedRequest(url(song.id), owner.id), song.id)
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    const data = await response.json()
    expect(data.isOwner).toBe(true)
    expect(data.appName).toBe('ProofTrack')
    expect(data.certificateUrl).toBe(`http://localhost:3000/certificate/${song.id}`)
    expect(data.pdfUrl).toBe(`/certificate/${song.id}.pdf`)
    expect(data.certificate).toMatchObject({
      title: song.title,
      certificateId: song.certificateId,
      contributorName: 'Ann Writer',
      coContributorName: 'Bob Beats',
      dateCreated: '2025-03-01',
      toolsUsed: 'Logic Pro, Suno',
      fileLink: 'https://files.example/harbor.mp3',
      genre: 'Pop',
      isrc: 'USABC2400001',
      mainContributorPro: 'ASCAP',
      mainContributorProNumber: '00123456790',
      lyrics: LYRICS,
      creativeNotes: NOTES,
      registration: null,
    })
    expect(data.certificate.contributions[0]).toEqual({
      component: 'lyrics',
      contributorPercent: 60,
      coContributorPercent: 20,
      coContributor2Percent: 0,
      aiPercent: 20,
    })

    const [title] = page.meta({
      data,
      params: { id: String(song.id) },
      location: { pathname: '/', search: '', hash: '', state: null, key: 'k' },
      matches: [],
    } as never)
    expect(title).toEqual({ title: `${song.title} — Certificate | ProofTrack` })
  })

  test('an unregistered song is not found for another user or a visitor', async () => {
    const owner = await createUser()
    const other = await createUser()
    const song = await newSong(owner.id)
    expect((await view(await authedRequest(url(song.id), other.id), song.id)).status).toBe(404)
    expect((await view(visitor(song.id), song.id)).status).toBe(404)
  })

  test('a registered song is public as its projection only: exactly the public keys, no user id, payment, logs or signed transaction', async () => {
    const owner = await createUser()
    const other = await createUser()
    const song = await newSong(owner.id)
    const signature = await register(song.id)

    for (const request of [await authedRequest(url(song.id), other.id), visitor(song.id)]) {
      const response = await view(request, song.id)
      expect(response.status).toBe(200)
      const data = await response.json()
      expect(keyPaths(data)).toEqual(PUBLIC_KEYS)
      expect(data.isOwner).toBe(false)
      expect(data.certificate.title).toBe(song.title)
      expect(data.certificate.registration).toEqual({
        status: 'confirmed',
        transactionSignature: signature,
        walletAddress: 'So1anaWa11etAddre55xxxxxxxxxxxxxxxxxxxxxxxx',
        // numeric(18, 9): PGlite drops the trailing zeros, PostgreSQL keeps them.
        registrationFee: expect.stringMatching(/^0\.0010*$/),
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        network: 'mainnet-beta',
        storageKind: 'arweave',
        storageGateway: 'https://arweave.net',
        explorerUrl: 'https://explorer.example/tx/x',
        storageUrl: 'https://storage.example/y',
      })
      // The recording's fingerprint is public; its file name only when the owner chose to show it.
      expect(data.certificate.recordings).toEqual([
        {
          label: 'Master',
          sha256: RECORDING_SHA256,
          size: 48000044,
          mediaType: 'audio/wav',
          fileName: null,
        },
        {
          label: 'Lyric sheet PDF',
          sha256: LYRIC_SHEET_SHA256,
          size: 2048,
          mediaType: null,
          fileName: null,
        },
      ])
      const text = JSON.stringify(data)
      for (const secret of [
        'harbor-demo-private',
        'night train',
        'First line of the verse',
        owner.id,
        '4242',
        'AQIDBAUGBwgJ',
        'MemoSq4g',
        '"paid"',
      ])
        expect(text).not.toContain(secret)
    }

    // The owner gets the full view: the private texts too.
    const mine = await (await view(await authedRequest(url(song.id), owner.id), song.id)).json()
    expect(mine.isOwner).toBe(true)
    expect(mine.certificate.lyrics).toBe(LYRICS)
    expect(mine.certificate.creativeNotes).toBe(NOTES)
    // Plus the owner's version history (tests/routes/versions.test.ts has its shape).
    expect(keyPaths(mine).filter((key) => !key.startsWith('versions[]'))).toEqual(
      [
        ...PUBLIC_KEYS,
        'certificate.creativeNotes',
        'certificate.lyrics',
        'ddexExport.missing[]',
        'ddexExport.url',
        'songPath',
        'splitSheetUrl',
      ].sort(),
    )
    expect(mine.versions).toHaveLength(1)
  })

  test('a recording file name the owner chose to show is on the public certificate and its PDF', async () => {
    const owner = await createUser()
    const song = await newSong(owner.id, {
      recordings: [
        {
          label: 'Master',
          sha256: RECORDING_SHA256,
          size: '48000044',
          mediaType: 'audio/wav',
          fileName: 'harbor-demo-private.wav',
          showFileName: 'on',
        },
        { label: 'Lyric sheet PDF', sha256: LYRIC_SHEET_SHA256, size: '2048' },
      ],
    })
    await register(song.id)
    const data = await (await view(visitor(song.id), song.id)).json()
    expect(data.certificate.recordings[0]).toEqual({
      label: 'Master',
      sha256: RECORDING_SHA256,
      size: 48000044,
      mediaType: 'audio/wav',
      fileName: 'harbor-demo-private.wav',
    })
    const response = await pdfRoute.loader(
      args(new Request(`http://localhost/certificate/${song.id}.pdf`), { id: String(song.id) }),
    )
    const text = (await pdf(Buffer.from(await response.arrayBuffer()))).text.replace(/\s+/g, ' ')
    // Courier at this size wraps the 64 characters onto two lines.
    expect(text.replace(/\s+/g, '')).toContain(RECORDING_SHA256)
    expect(text.replace(/\s+/g, '')).toContain(LYRIC_SHEET_SHA256)
    expect(text).toContain('harbor-demo-private.wav')
    // Each fingerprint under its label (headings are set in capitals).
    expect(text).toContain('FINGERPRINT: MASTER (SHA-256)')
    expect(text).toContain('FINGERPRINT: LYRIC SHEET PDF (SHA-256)')
  })

  test('the network shown is the one the registration recorded, never the server’s SOLANA_CLUSTER', async () => {
    const owner = await createUser()
    const song = await newSong(owner.id)
    // This server is configured for devnet (SOLANA_CLUSTER's default); the record says local ledger.
    await register(
      song.id,
      { network: 'local-ledger', storageKind: 'local-store', storageGateway: null },
      {
        explorerUrl: 'http://localhost:3000/ledger/tx/abc',
        storageUrl: 'http://localhost:3000/storage/abc',
      },
    )
    const data = await (await view(visitor(song.id), song.id)).json()
    expect(data.certificate.registration).toMatchObject({
      network: 'local-ledger',
      storageKind: 'local-store',
      storageGateway: null,
    })
    expect(JSON.stringify(data)).not.toContain('devnet')

    const { text } = await pdfText(await pdfOf(visitor(song.id, '.pdf'), song.id))
    expect(text).toContain('Local development ledger on this server — not a public blockchain')
    expect(text).toContain('Local store on this server — not permanent storage')
    expect(text).toContain('This is a development record kept only by this server')
    expect(text).not.toContain('devnet')
  })

  test('a stored link that is not http(s) or a same-site path never reaches the page', async () => {
    const owner = await createUser()
    const song = await newSong(owner.id)
    await register(
      song.id,
      {},
      { explorerUrl: 'javascript:alert(1)', storageUrl: '//evil.example/x' },
    )
    const data = await (await view(visitor(song.id), song.id)).json()
    expect(data.certificate.registration).toMatchObject({ explorerUrl: null, storageUrl: null })
  })

  test('an id that is not a song id, or no song, is a 404', async () => {
    for (const id of ['abc', '12.5', '-1', '0x10', '1234567890', '999999999']) {
      expect((await view(visitor(id), id)).status).toBe(404)
    }
  })
})

describe('certificate PDF', () => {
  test('the owner gets an A4 PDF with the facts, its private texts marked private, and private cache headers', async () => {
    const owner = await createUser()
    const song = await newSong(owner.id)
    const response = await pdfOf(await authedRequest(url(song.id), owner.id), song.id)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/pdf')
    expect(response.headers.get('Content-Disposition')).toBe(
      `inline; filename="${song.certificateId}.pdf"`,
    )
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(response.headers.get('Content-Security-Policy')).toContain("default-src 'none'")

    const { pages, text } = await pdfText(response)
    // The owner's copy holds the lyrics and says they are private (issue 49.1); its rows flow to a
    // second page, each page in its frame, rather than past the first one's (issue 49.3).
    expect(pages).toBeLessThanOrEqual(2)
    expect(text).toContain('Private: only the song’s owner sees this text.')
    expect(text).toContain(song.title)
    expect(text).toContain(song.certificateId)
    expect(text).toContain('records authorship as declared by the submitter')
    expect(text).toContain('March 1, 2025')
    expect(text).toContain('Ann Writer 60% / Bob Beats 20% / AI 20%')
    expect(text).toContain('First line of the verse')
    // No bare digest of the lyrics: anyone holding the PDF could test guessed lyrics against it.
    expect(text).not.toContain(crypto.createHash('sha256').update(LYRICS).digest('hex'))
    // Before registration only the owner can open the page: no link or QR code to a 404 for
    // whoever the PDF is shown to, and the PDF says when it becomes public (issue 25.3).
    expect(text.replace(/\s+/g, ' ')).toContain(PDF_NOT_PUBLIC_YET)
    expect(text).not.toContain(`/verify/${song.certificateId}`)
    expect(text).not.toContain('Scan to verify')
  })

  test('a registered song: public PDF without lyrics or notes, with the fee and the record', async () => {
    const owner = await createUser()
    const song = await newSong(owner.id)
    const signature = await register(song.id)
    const { pages, text } = await pdfText(await pdfOf(visitor(song.id, '.pdf'), song.id))
    // One page before the jargon's plain sentences were printed too (decision 096); now two.
    expect(pages).toBe(2)
    expect(text).toContain(song.title)
    // A long signature wraps across lines.
    expect(text.replace(/\s/g, '')).toContain(signature)
    expect(text).toContain('0.001005 SOL')
    expect(text).toContain('https://explorer.example/tx/x')
    expect(text).toContain('Solana mainnet')
    expect(text).toContain('Arweave, through the gateway https://arweave.net')
    // The QR code and the printed address lead to the verify page (issue 37.4, pdf-verify.test.ts).
    expect(text).toContain('Scan to verify')
    expect(text).toContain(`http://localhost:3000/verify/${song.certificateId}`)
    // Issue 40: where AI took part, under its own heading, in the same words as the page.
    expect(text).toContain(
      'AI DISCLOSURE THE RECORDING AS A WHOLE Partly (DDEX ContainsAI): part of it was made with generative AI, the rest by people',
    )
    expect(text).toContain('Lyrics: AI-assisted (20 %) Vocals: no AI')
    expect(text).not.toContain(PDF_NOT_PUBLIC_YET)
    expect(text).not.toContain('First line of the verse')
    expect(text).not.toContain('night train')
    expect(text).not.toContain(crypto.createHash('sha256').update(LYRICS).digest('hex'))
  })

  test('names in other scripts print as written, CJK included; no character becomes ?', async () => {
    const owner = await createUser()
    const song = await newSong(owner.id, {
      title: 'Ночь над Волгой',
      contributorName: 'Ζωή Παπαδοπούλου',
      coContributorName: 'Nguyễn Thị Hương',
      coContributorName2: '山田太郎',
    })
    const response = await pdfOf(await authedRequest(url(song.id), owner.id), song.id)
    const bytes = Buffer.from(await response.clone().arrayBuffer())
    expect(bytes.toString('latin1')).toContain('DejaVu')
    expect(bytes.toString('latin1')).toContain('NotoSansSC-Bold')
    const { pages, text } = await pdfText(response)
    // One page before the jargon's plain sentences (decision 096): the creative notes go on.
    expect(pages).toBe(2)
    for (const written of ['Ночь над Волгой', 'Ζωή Παπαδοπούλου', 'Nguyễn Thị Hương', '山田太郎'])
      expect(text).toContain(written)
    expect(text).not.toContain('?')
    // Latin-only text keeps the standard fonts; the Unicode font is embedded only when needed.
    const latin = await newSong(owner.id)
    const standard = Buffer.from(
      await (await pdfOf(await authedRequest(url(latin.id), owner.id), latin.id)).arrayBuffer(),
    )
    expect(standard.toString('latin1')).not.toContain('DejaVu')
  })

  test('the longest song: every field whole, the lyrics and notes go on over further pages', async () => {
    const owner = await createUser()
    const song = await newSong(owner.id, {
      title: 'A Very Long Title '.repeat(11).trim(),
      coContributorName2: 'Cleo Keys',
      toolsUsed: 'tool '.repeat(190),
      lyrics: Array.from(
        { length: 400 },
        (_, line) => `Lyric line ${line + 1} keeps on going`,
      ).join('\n'),
      creativeNotes: 'note '.repeat(900),
      iswc: 'T-034.524.680-1',
      upc: '012345678905',
      otherIdentifier: 'CATALOG-42',
    })
    await register(song.id)
    const { pages, text } = await pdfText(
      await pdfOf(await authedRequest(url(song.id), owner.id), song.id),
    )
    expect(pages).toBeGreaterThan(1)
    expect(text).toContain(song.certificateId)
    expect(text).toContain('records authorship as declared by the submitter')
    expect(text.match(/\btool\b/g)).toHaveLength(190)
    // Before, four lines of lyrics and three of notes were printed: now every one is.
    for (const line of [1, 2, 5, 200, 399, 400]) expect(text).toContain(`Lyric line ${line} keeps`)
    expect(text.match(/keeps on going/g)).toHaveLength(400)
    expect(text.match(/\bnote\b/g)).toHaveLength(900)
    expect(text).toContain(`Continued: ${song.certificateId} · ${song.title}`)
  })

  test('the same 404 rules as the page', async () => {
    const owner = await createUser()
    const other = await createUser()
    const song = await newSong(owner.id)
    expect((await pdfOf(await authedRequest(url(song.id), other.id), song.id)).status).toBe(404)
    expect((await pdfOf(visitor(song.id, '.pdf'), song.id)).status).toBe(404)
    expect((await pdfOf(visitor('x', '.pdf'), 'x')).status).toBe(404)
    expect((await pdfOf(visitor(999999999, '.pdf'), 999999999)).status).toBe(404)
  })
})
