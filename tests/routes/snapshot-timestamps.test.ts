import { execFile } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sql } from 'kysely'
import type { SnapshotStamp } from '~/lib/timestamp'
import * as pdfRoute from '~/resource-routes/certificate.$id[.]pdf'
import * as certificate from '~/routes/certificate.$id'
import * as edit from '~/routes/edit.$id'
import * as details from '~/routes/songs.$id.details'
import * as submit from '~/routes/submit'
import { readBlockchainData } from '~/services/certificates/record/blockchain-data.server'
import { MANIFEST_VERSION } from '~/services/certificates/record/manifest.server'
import { getProofBundle, proofBundleText } from '~/services/certificates/record/proof-bundle.server'
import { registerSong } from '~/services/registration/registration.server'
import { getStorage } from '~/storage/index.server'
import { TimestampWorker } from '~/services/certificates/record/snapshot-timestamps.server'
import { HttpTsa } from '~/timestamp/http.server'
import { LocalTsa } from '~/timestamp/local.server'
import { certificatesFromPem, checkResponse } from '~/timestamp/rfc3161.server'
import { db } from '../setup/db'
import { args, authedRequest, createUser, respond } from '../setup/fixtures'
import { type OpenSslTsa, startOpenSslTsa } from '../setup/openssl-tsa'
import { useTempDirs } from '../setup/temp-dir'

// Issue 29: every snapshot of a song (created, edited, details added, registered) is queued with
// its exact canonical manifest and stamped by a TSA in the background; a TSA that is down never
// holds a song back.

const tempDir = useTempDirs()
let openssl: OpenSslTsa
let local: LocalTsa
beforeAll(async () => {
  openssl = await startOpenSslTsa()
  local = new LocalTsa({ dir: tempDir('snapshot-tsa-') })
}, 60_000)
afterAll(async () => {
  await openssl?.close()
})

const LYRICS =
  '밤하늘의 별처럼 너를 기다려\nمثل نجوم السماء\nכמו כוכבי השמיים\nरात के तारों की तरह 🌙'

function songFields(title: string, percent = '100') {
  const fields: Record<string, string> = {
    title,
    dateCreated: '2025-03-01',
    contributorName: 'سارة القحطاني',
    toolsUsed: 'Piano',
    fileLink: 'https://example.com/song.mp3',
  }
  ;['lyrics', 'vocals', 'instrumentation', 'production', 'mixing'].forEach((component, i) => {
    fields[`contributions[${i}].component`] = component
    fields[`contributions[${i}].contributorPercent`] = percent
    fields[`contributions[${i}].aiPercent`] = '0'
  })
  return fields
}

async function post(
  run: (request: Request, params: Record<string, string>) => unknown,
  url: string,
  userId: string,
  fields: Record<string, string>,
  params: Record<string, string> = {},
) {
  return respond(async () =>
    run(
      await authedRequest(url, userId, { method: 'POST', body: new URLSearchParams(fields) }),
      params,
    ),
  )
}

async function createViaForm(userId: string, title: string) {
  const created = await post(
    (request) => submit.action(args(request)),
    'http://localhost/submit',
    userId,
    { ...songFields(title), intent: 'create' },
  )
  expect(created.status).toBe(302)
  return Number(
    new URL(created.headers.get('Location')!, 'http://localhost').searchParams.get('created'),
  )
}

// pdf-parse ships no types; its library entry (its index.js runs a debug demo when imported).
const pdf: (data: Buffer) => Promise<{ text: string }> = createRequire(import.meta.url)(
  'pdf-parse/lib/pdf-parse.js',
)

async function certificateData(id: number, viewerId: string | null) {
  const url = `http://localhost/certificate/${id}`
  const request = viewerId ? await authedRequest(url, viewerId) : new Request(url)
  const response = await respond(() => certificate.loader(args(request, { id: String(id) })))
  expect(response.status).toBe(200)
  return (await response.json()) as {
    timestamp: SnapshotStamp | null
    timestampHistory?: SnapshotStamp[]
  }
}

async function certificatePdfText(id: number, viewerId: string | null) {
  const url = `http://localhost/certificate/${id}.pdf`
  const request = viewerId ? await authedRequest(url, viewerId) : new Request(url)
  const response = await respond(() => pdfRoute.loader(args(request, { id: String(id) })))
  expect(response.status).toBe(200)
  return (await pdf(Buffer.from(await response.arrayBuffer()))).text.replace(/\s+/g, ' ')
}

const snapshots = (songId: number) =>
  db()
    .selectFrom('snapshotTimestamps')
    .selectAll()
    .where('songId', '=', songId)
    .orderBy('id')
    .execute()

describe('a snapshot for every state of a song', () => {
  test('created, edited, details added and registered: each queued with its manifest, each stamped by the worker', async () => {
    const owner = await createUser({ emailVerified: true })
    const id = await createViaForm(owner.id, '별빛 노래')

    let rows = await snapshots(id)
    expect(rows.map((r) => [r.reason, r.status])).toEqual([['created', 'pending']])
    const first = JSON.parse(rows[0]!.manifest) as Record<string, unknown>
    // Whatever version the manifest builder issues, the snapshot is that manifest.
    expect(first).toMatchObject({ version: MANIFEST_VERSION, title: '별빛 노래' })

    const edited = await post(
      (request, params) => edit.action(args(request, params)),
      `http://localhost/edit/${id}`,
      owner.id,
      songFields('Звёздная песня'),
      { id: String(id) },
    )
    expect(edited.status).toBe(302)
    const detailed = await post(
      (request, params) => details.action(args(request, params)),
      `http://localhost/songs/${id}/details`,
      owner.id,
      { lyrics: LYRICS, isrc: 'us-ab1-24-00001' },
      { id: String(id) },
    )
    expect(detailed.status).toBe(302)
    const registered = await registerSong(owner.id, id, { confirmed: true })
    expect(registered).toMatchObject({ ok: true })

    rows = await snapshots(id)
    expect(rows.map((r) => r.reason)).toEqual(['created', 'edited', 'details', 'registered'])
    expect(JSON.parse(rows[1]!.manifest)).toMatchObject({ title: 'Звёздная песня' })
    const withDetails = JSON.parse(rows[2]!.manifest) as {
      lyricsCommitment: unknown
      identifiers: { isrc: string }
    }
    expect(withDetails.lyricsCommitment).toMatchObject({ alg: 'salted-sha256' })
    expect(withDetails.identifiers.isrc).toBe('USAB12400001')
    // The registered snapshot is the anchored manifest, byte for byte.
    const registration = await db()
      .selectFrom('blockchainRegistrations')
      .select('blockchainData')
      .where('songId', '=', id)
      .executeTakeFirstOrThrow()
    expect(rows[3]!.manifestSha256).toBe(
      readBlockchainData(registration.blockchainData).manifestSha256,
    )

    const worker = new TimestampWorker(() => local, db)
    expect(await worker.drain()).toBeGreaterThanOrEqual(4)
    rows = await snapshots(id)
    expect(rows.every((r) => r.status === 'stamped')).toBe(true)
    for (const row of rows) {
      expect(row.tsaKind).toBe('local')
      expect(row.tsaName).toBe(local.name)
      expect(row.attempts).toBe(1)
      const checked = await checkResponse(row.response!, {
        data: new TextEncoder().encode(row.manifest),
        nonceHex: null,
        trustAnchors: certificatesFromPem(row.tsaChainPem!),
      })
      expect(checked.genTime.toISOString()).toBe(row.stampedAt!.toISOString())
    }

    // The owner: the latest snapshot's line and the whole history; the PDF says the same.
    const time = (at: Date) =>
      `${at.toISOString().slice(0, 10)} ${at.toISOString().slice(11, 19)} UTC`
    const line = (at: Date) =>
      `Time-stamped by the development TSA of this server at ${time(at)} (RFC 3161). This is a development timestamp from this server, not an independent authority.`
    const mine = await certificateData(id, owner.id)
    expect(mine.timestamp).toMatchObject({
      reason: 'registered',
      status: 'stamped',
      tsaKind: 'local',
    })
    expect(mine.timestampHistory!.map((s) => [s.reason, s.status])).toEqual([
      ['created', 'stamped'],
      ['edited', 'stamped'],
      ['details', 'stamped'],
      ['registered', 'stamped'],
    ])
    expect(await certificatePdfText(id, owner.id)).toContain(line(rows[3]!.stampedAt!))
    // A visitor: only the registered record's snapshot, no history.
    const visitor = await certificateData(id, null)
    expect(visitor.timestamp).toMatchObject({
      id: rows[3]!.id,
      manifestSha256: rows[3]!.manifestSha256,
    })
    expect(visitor.timestampHistory).toBeUndefined()
    expect(await certificatePdfText(id, null)).toContain(line(rows[3]!.stampedAt!))

    // The proof bundle: a stranger runs its README's OpenSSL commands with bash.
    const bundle = await getProofBundle(db(), owner.id, id, {
      storage: getStorage(),
      appUrl: 'http://localhost',
    })
    if (!bundle.ok) throw new Error(bundle.message)
    const written = JSON.parse(proofBundleText(bundle.input)) as {
      timestamps: { reason: string }[]
      README: string[]
    }
    expect(written.timestamps.map((t) => t.reason)).toEqual([
      'created',
      'edited',
      'details',
      'registered',
    ])
    const dir = tempDir('bundle-')
    fs.writeFileSync(path.join(dir, bundle.fileName), proofBundleText(bundle.input))
    const readme = written.README
    const start = readme.findIndex((l) => l.includes('RFC 3161 timestamps'))
    const commands = readme
      .slice(start + 1)
      .filter((l) => /^ {3}(jq|openssl) /.test(l))
      .map((l) => l.trim())
    expect(commands.filter((c) => c.startsWith('openssl ts -verify'))).toHaveLength(4)
    const run = promisify(execFile)
    const { stdout } = await run('bash', ['-e', '-c', commands.join('\n')], { cwd: dir })
    expect(stdout.match(/Verification: OK/g)).toHaveLength(4)
    expect(stdout).toContain(`Time stamp: `)
    expect(readme.join('\n')).toContain('not an independent authority')
    // One byte of a manifest changed: OpenSSL refuses it.
    const snapshot = path.join(dir, 'snapshot-1.json')
    fs.writeFileSync(snapshot, fs.readFileSync(snapshot, 'utf8').replace('별빛', '벌빛'))
    const verify = commands.find((c) => c.includes('-data snapshot-1.json'))!
    const tampered = await run('bash', ['-c', verify], { cwd: dir }).then(
      (r) => ({ ok: true, output: r.stdout }),
      (e: { stdout: string; stderr: string }) => ({ ok: false, output: e.stdout + e.stderr }),
    )
    expect(tampered.ok).toBe(false)
    expect(tampered.output).toContain('Verification: FAILED')
    // Four snapshots stamped, two PDFs and a dozen OpenSSL runs: slow on two shared cores.
  }, 120_000)

  test('a refused edit (split not 100 %) queues no snapshot', async () => {
    const owner = await createUser()
    const id = await createViaForm(owner.id, 'Canción de la mañana')
    const refused = await post(
      (request, params) => edit.action(args(request, params)),
      `http://localhost/edit/${id}`,
      owner.id,
      songFields('Canción', '90'),
      { id: String(id) },
    )
    expect(refused.status).toBe(400)
    expect((await snapshots(id)).map((r) => r.reason)).toEqual(['created'])
  })
})

describe('a TSA that is down never loses a snapshot', () => {
  test('the song is created at once, its timestamp pending; the retry fills it once the TSA is back', async () => {
    const owner = await createUser()
    const tsa = new HttpTsa({ url: openssl.url, caFile: openssl.caFile, name: 'OpenSSL test TSA' })
    const worker = new TimestampWorker(() => tsa, db)
    await worker.drain() // earlier tests' rows, with a TSA that answers
    openssl.setDown(true)
    const id = await createViaForm(owner.id, 'เพลงแห่งดวงดาว')
    expect(await worker.drain()).toBe(0)
    let [row] = await snapshots(id)
    expect(row).toMatchObject({ status: 'pending', attempts: 1, response: null })
    expect(row!.lastError).toMatch(/HTTP 503/)
    expect((await certificateData(id, owner.id)).timestamp).toMatchObject({ status: 'pending' })
    expect(await certificatePdfText(id, owner.id)).toContain(
      'Timestamp pending: the RFC 3161 timestamp of this snapshot is requested in the background',
    )
    // Backoff: not asked again before its next attempt is due.
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000)
    const before = openssl.requests()
    expect(await worker.drain()).toBe(0)
    expect(openssl.requests()).toBe(before)

    openssl.setDown(false)
    await sql`update snapshot_timestamps set next_attempt_at = now() where id = ${row!.id}`.execute(
      db(),
    )
    expect(await worker.drain()).toBe(1)
    ;[row] = await snapshots(id)
    expect(row).toMatchObject({
      status: 'stamped',
      attempts: 2,
      tsaKind: 'rfc3161',
      tsaName: 'OpenSSL test TSA',
      lastError: null,
    })
    const stamped = await certificatePdfText(id, owner.id)
    expect(stamped).toContain(
      `Time-stamped by OpenSSL test TSA at ${row!.stampedAt!.toISOString().slice(0, 10)} ${row!.stampedAt!.toISOString().slice(11, 19)} UTC (RFC 3161).`,
    )
    expect(stamped).not.toContain('development timestamp')
  })

  test('two workers draining at once stamp each snapshot once (SKIP LOCKED)', async () => {
    const owner = await createUser()
    const tsa = new HttpTsa({ url: openssl.url, caFile: openssl.caFile })
    await new TimestampWorker(() => tsa, db).drain()
    const ids = [
      await createViaForm(owner.id, 'Zoë’s song'),
      await createViaForm(owner.id, 'Łukasz’s song'),
      await createViaForm(owner.id, 'Ñandú'),
    ]
    const before = openssl.requests()
    const [a, b] = await Promise.all([
      new TimestampWorker(() => tsa, db).drain(),
      new TimestampWorker(() => tsa, db).drain(),
    ])
    expect(a + b).toBe(3)
    expect(openssl.requests() - before).toBe(3)
    for (const id of ids) {
      const [row] = await snapshots(id)
      expect(row).toMatchObject({ status: 'stamped', attempts: 1 })
    }
  })
})
