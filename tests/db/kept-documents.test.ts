import { execFile } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { type Kysely, Migrator, sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import { env } from '~/env.server'
import type { PdfJob } from '~/services/certificates/documents/pdf-render.server'
import { migrateToLatest, openDatabase } from '../../db/client'
import { migrations } from '../../db/migrations'
import {
  KEPT_PER_PROJECTION,
  type KeptDocumentKey,
  keepDocument,
  keptDocument,
  keptDocumentKey,
} from '~/services/certificates/documents/kept-documents.server'
import { splitSheet } from '~/services/certificates/documents/split-sheet.server'
import { songQuery, toView } from '~/services/songs/songs.server'
import { db } from '../setup/db'
import { createTestSong, createUser } from '../setup/fixtures'
import { createEmptyDatabase, dropDatabase } from '../setup/postgres'
import { useTempDirs } from '../setup/temp-dir'

const tempDir = useTempDirs()
const openssl = (...args: string[]) => promisify(execFile)('openssl', args)

// Decision 104: the table of kept documents, and what keeping one leaves in it.

const digest = () => crypto.randomBytes(32).toString('hex')
const pdfBytes = (text: string) => Buffer.from(`%PDF-1.7 ${text}`)

async function newSong() {
  const owner = await createUser()
  return createTestSong(owner.id)
}

function keyOf(songId: number, fields: Partial<KeptDocumentKey> = {}): KeptDocumentKey {
  return {
    songId,
    kind: 'certificate',
    projection: 'public',
    timeZone: 'UTC',
    snapshot: digest(),
    ...fields,
  }
}

const rowsOf = (songId: number) =>
  db()
    .selectFrom('keptDocuments')
    .select(['projection', 'timeZone', 'snapshot', 'sha256'])
    .where('songId', '=', songId)
    .execute()

describe('the kept_documents migration', () => {
  test('applies on a database one migration behind, and goes back down', async () => {
    const serverUrl = process.env.DATABASE_URL
    const empty = serverUrl ? await createEmptyDatabase(serverUrl) : null
    const handle = await openDatabase({ databaseUrl: empty?.url, dataDir: '', inMemory: true })
    const plain = handle.db.withoutPlugins() as unknown as Kysely<unknown>
    const migrator = new Migrator({
      db: plain,
      provider: { getMigrations: async () => migrations },
    })
    const columns = async () =>
      (
        await sql<{ column_name: string; data_type: string }>`
          select column_name, data_type from information_schema.columns
          where table_name = 'kept_documents' order by ordinal_position`.execute(plain)
      ).rows
    try {
      expect(
        (await migrator.migrateTo('2026-11-28T0530-current-time-zone-names')).error,
      ).toBeUndefined()
      expect(await columns()).toEqual([])
      expect(await migrateToLatest(handle.db)).toContain('2026-11-29T0100-kept-documents')
      expect(await columns()).toEqual([
        { column_name: 'song_id', data_type: 'integer' },
        { column_name: 'kind', data_type: 'text' },
        { column_name: 'projection', data_type: 'text' },
        { column_name: 'time_zone', data_type: 'text' },
        { column_name: 'snapshot', data_type: 'text' },
        { column_name: 'bytes', data_type: 'bytea' },
        { column_name: 'sha256', data_type: 'text' },
        { column_name: 'created_at', data_type: 'timestamp with time zone' },
      ])
      expect(
        (await migrator.migrateTo('2026-11-28T0530-current-time-zone-names')).error,
      ).toBeUndefined()
      expect(await columns()).toEqual([])
    } finally {
      await handle.close()
      if (serverUrl && empty) await dropDatabase(serverUrl, empty.name)
    }
  }, 60_000)

  test('refuses a public split sheet, a snapshot that is not a digest and empty bytes; rows go with their song', async () => {
    const song = await newSong()
    const row = {
      songId: song.id,
      kind: 'certificate' as const,
      projection: 'public' as const,
      timeZone: 'UTC',
      snapshot: digest(),
      bytes: pdfBytes('a'),
      sha256: digest(),
    }
    await expect(
      db()
        .insertInto('keptDocuments')
        .values({ ...row, kind: 'split-sheet' })
        .execute(),
    ).rejects.toThrow(/check/i)
    await expect(
      db()
        .insertInto('keptDocuments')
        .values({ ...row, snapshot: 'not a digest' })
        .execute(),
    ).rejects.toThrow(/check/i)
    await expect(
      db()
        .insertInto('keptDocuments')
        .values({ ...row, bytes: new Uint8Array() })
        .execute(),
    ).rejects.toThrow(/check/i)

    await db().insertInto('keptDocuments').values(row).execute()
    expect(await rowsOf(song.id)).toHaveLength(1)
    await db().deleteFrom('songs').where('id', '=', song.id).execute()
    expect(await rowsOf(song.id)).toEqual([])
  })
})

describe('keeping a document', () => {
  test('the bytes come back as kept, with their SHA-256; two servers keeping one snapshot at once keep one copy', async () => {
    const song = await newSong()
    const key = keyOf(song.id)
    expect(await keptDocument(db(), key)).toBeNull()
    const first = pdfBytes('first server')
    await Promise.all([
      keepDocument(db(), key, first),
      keepDocument(db(), key, pdfBytes('second server')),
    ])
    const kept = await keptDocument(db(), key)
    expect(kept).not.toBeNull()
    expect([pdfBytes('first server'), pdfBytes('second server')]).toContainEqual(kept)
    expect(await rowsOf(song.id)).toEqual([
      {
        projection: 'public',
        timeZone: 'UTC',
        snapshot: key.snapshot,
        sha256: crypto.createHash('sha256').update(kept!).digest('hex'),
      },
    ])
    // Another view of the same snapshot's data is not this one.
    expect(await keptDocument(db(), { ...key, projection: 'owner' })).toBeNull()
    expect(await keptDocument(db(), { ...key, timeZone: 'Asia/Tokyo' })).toBeNull()
    expect(await keptDocument(db(), { ...key, kind: 'split-sheet' })).toBeNull()
  })

  test('a new snapshot of one view replaces the old one; other views stay', async () => {
    const song = await newSong()
    const old = keyOf(song.id)
    const owners = keyOf(song.id, { projection: 'owner' })
    const tokyo = keyOf(song.id, { timeZone: 'Asia/Tokyo' })
    for (const key of [old, owners, tokyo]) await keepDocument(db(), key, pdfBytes(key.snapshot))
    const next = keyOf(song.id)
    await keepDocument(db(), next, pdfBytes('next'))
    expect(await keptDocument(db(), old)).toBeNull()
    expect((await rowsOf(song.id)).map((row) => row.snapshot).sort()).toEqual(
      [next, owners, tokyo].map((key) => key.snapshot).sort(),
    )
  })

  test(`a song keeps at most ${KEPT_PER_PROJECTION} of a kind and projection, the newest: 20 zones a visitor sends leave the owner's copy and another song's`, async () => {
    const song = await newSong()
    const other = await newSong()
    const others = keyOf(other.id)
    await keepDocument(db(), others, pdfBytes('other song'))
    const owners = keyOf(song.id, { projection: 'owner', timeZone: 'Europe/Oslo' })
    await keepDocument(db(), owners, pdfBytes('owner'))
    // Decision 121: one visitor's cookie can name any zone there is.
    const zones = Array.from(
      { length: 20 },
      (_, i) => `Etc/GMT${i < 12 ? '-' : '+'}${(i % 12) + 1}`,
    )
    const keys = zones.map((timeZone) => keyOf(song.id, { timeZone }))
    for (const key of keys) {
      await keepDocument(db(), key, pdfBytes(key.timeZone))
      // created_at orders them: each a moment after the one before.
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    const rows = await rowsOf(song.id)
    expect(
      rows
        .filter((row) => row.projection === 'public')
        .map((row) => row.timeZone)
        .sort(),
    ).toEqual(zones.slice(-KEPT_PER_PROJECTION).sort())
    expect(await keptDocument(db(), owners)).toEqual(pdfBytes('owner'))
    // The split sheet counts apart from the certificate.
    await keepDocument(
      db(),
      keyOf(song.id, { kind: 'split-sheet', projection: 'owner' }),
      pdfBytes('sheet'),
    )
    expect(await rowsOf(song.id)).toHaveLength(KEPT_PER_PROJECTION + 2)
    expect(await keptDocument(db(), others)).toEqual(pdfBytes('other song'))
  })
})

describe('the key', () => {
  /** A self-signed root and a signing key it certifies, as an operator would install them. */
  async function operatorKey() {
    const dir = tempDir('kept-documents-signer-')
    const file = (name: string) => path.join(dir, name)
    fs.writeFileSync(
      file('ca.ext'),
      'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n',
    )
    fs.writeFileSync(
      file('leaf.ext'),
      'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\n',
    )
    await openssl(
      'req',
      '-new',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      file('ca.key'),
      '-out',
      file('ca.csr'),
      '-subj',
      '/CN=Label Root CA',
    )
    await openssl(
      'x509',
      '-req',
      '-in',
      file('ca.csr'),
      '-signkey',
      file('ca.key'),
      '-days',
      '30',
      '-extfile',
      file('ca.ext'),
      '-out',
      file('ca.pem'),
    )
    await openssl(
      'req',
      '-new',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      file('leaf.key'),
      '-out',
      file('leaf.csr'),
      '-subj',
      '/CN=Label signer',
    )
    await openssl(
      'x509',
      '-req',
      '-in',
      file('leaf.csr'),
      '-CA',
      file('ca.pem'),
      '-CAkey',
      file('ca.key'),
      '-CAcreateserial',
      '-days',
      '30',
      '-extfile',
      file('leaf.ext'),
      '-out',
      file('leaf.pem'),
    )
    fs.writeFileSync(
      file('chain.pem'),
      fs.readFileSync(file('leaf.pem'), 'utf8') + fs.readFileSync(file('ca.pem'), 'utf8'),
    )
    return { PDF_SIGNING_KEY_FILE: file('leaf.key'), PDF_SIGNING_CERT_FILE: file('chain.pem') }
  }

  async function splitSheetJob(): Promise<Extract<PdfJob, { kind: 'split-sheet' }>> {
    const song = await newSong()
    const row = await songQuery(db()).where('songs.id', '=', song.id).executeTakeFirstOrThrow()
    return {
      kind: 'split-sheet',
      sheet: await splitSheet(db(), toView(row)),
      options: { appName: 'ProofTrack', timeZone: 'Asia/Seoul' },
    }
  }

  /** `env()` with `changes` for the length of `work`, as a server started with them would read it. */
  async function withEnv<T>(changes: Partial<ReturnType<typeof env>>, work: () => Promise<T>) {
    const current = env()
    const saved = Object.fromEntries(
      Object.keys(changes).map((name) => [name, current[name as keyof typeof current]]),
    )
    Object.assign(current, changes)
    try {
      return await work()
    } finally {
      Object.assign(current, saved)
    }
  }

  test('the same job gives the same key; another view, the operator’s own signing key or another contact gives another', async () => {
    const job = await splitSheetJob()
    const songId = job.sheet.songId
    const key = await keptDocumentKey(songId, 'owner', job)
    expect(key).toMatchObject({
      songId,
      kind: 'split-sheet',
      projection: 'owner',
      timeZone: 'Asia/Seoul',
    })
    expect(await keptDocumentKey(songId, 'owner', structuredClone(job))).toEqual(key)
    expect((await keptDocumentKey(songId, 'public', job)).snapshot).not.toBe(key.snapshot)
    const otherZone = { ...job, options: { ...job.options, timeZone: 'UTC' } }
    expect((await keptDocumentKey(songId, 'owner', otherZone)).snapshot).not.toBe(key.snapshot)

    // The development key's PDFs say so on their face: an installed key makes them again.
    const signed = await withEnv(await operatorKey(), () => keptDocumentKey(songId, 'owner', job))
    expect(signed.snapshot).not.toBe(key.snapshot)
    // A key replaced by another (a renewed certificate) too.
    const renewed = await withEnv(await operatorKey(), () => keptDocumentKey(songId, 'owner', job))
    expect(renewed.snapshot).not.toBe(signed.snapshot)
    const contact = await withEnv({ SUPPORT_EMAIL: 'rights@label.example' }, () =>
      keptDocumentKey(songId, 'owner', job),
    )
    expect(contact.snapshot).not.toBe(key.snapshot)
  }, 60_000)
})
