import { execFile } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, inject, test, vi } from 'vitest'
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../db/client'
import { createChain, verifyTransactionSignature } from '~/chain/index.server'
import { env } from '~/env.server'
import { BackupError, restoreBackup, writeBackup } from '~/services/admin/backup.server'
import { getSessionUser } from '~/services/accounts/session.server'
import { verifyCertificate } from '~/services/certificates/record/record-verification.server'
import { MailWorker, enqueueMail, fileTransport } from '~/services/platform/mail.server'
import { db, useDatabase } from '~/services/platform/db.server'
import { registerSong } from '~/services/registration/registration.server'
import { createStorage } from '~/storage/index.server'
import { LocalTsa, tsaDir } from '~/timestamp/local.server'
import { createSplitInvitation, createTestSong, createUser, sessionCookie } from '../setup/fixtures'
import { createEmptyDatabase, dropDatabase } from '../setup/postgres'

// The restore drill (issue 30, decision 062): seed what exists nowhere else, back up, destroy,
// restore into a fresh database and data directory, and check it all from the restored copy.
// On PGlite the database lives in DATA_DIR (this test file's own, per process); with DATABASE_URL
// the drill dumps this file's PostgreSQL database, drops it and restores into a new one.

const run = promisify(execFile)
const databaseUrl = process.env.DATABASE_URL
const dataDir = env().DATA_DIR
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-backups-'))
// Each test dumps, packs, unpacks and reopens a whole database: give it room on a loaded machine.
const SLOW = 120_000
const LYRICS = 'ساعة الفجر\r\n새벽의 노래 — 🎵'

let current: DatabaseHandle | undefined
let currentUrl: string | undefined
const extraDatabases: string[] = []

function withDatabase(url: string, name: string) {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}

beforeAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true })
  if (databaseUrl) {
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db())
    currentUrl = withDatabase(databaseUrl, rows[0]!.name)
  } else {
    // The drill needs the embedded database on disk, as a server keeps it: start from the
    // migrated snapshot the other tests load into memory.
    const snapshot = new Blob([fs.readFileSync(inject('pgliteSnapshot'))])
    current = await openDatabase({ dataDir, loadDataDir: snapshot })
    useDatabase(current)
  }
})

afterAll(async () => {
  await current?.close()
  if (databaseUrl) for (const name of extraDatabases) await dropDatabase(databaseUrl, name)
  fs.rmSync(outDir, { recursive: true, force: true })
})

/** A registered song with a confirmed co-writer: its record is on the ledger and in the store. */
async function registeredSong() {
  const user = await createUser({ emailVerified: true, firstName: '김민지' })
  const cookie = await sessionCookie(user.id)
  const song = await createTestSong(user.id, {
    title: 'أغنية الميناء',
    contributorName: '김민지',
    lyrics: LYRICS,
    coContributorName: 'Zoë Ñúñez',
    contributions: [
      { component: 'lyrics', contributorPercent: 60, coContributorPercent: 40, aiPercent: 0 },
    ],
  })
  await createSplitInvitation(song.id, 'co-contributor', {
    decision: 'confirmed',
    creditedName: 'Zoë Ñúñez',
  })
  const outcome = await registerSong(user.id, song.id, { confirmed: true })
  if (!outcome.ok) throw new Error(outcome.message)
  return { user, cookie, song, outcome }
}

async function seed() {
  const registered = await registeredSong()
  const mailId = await enqueueMail(db(), {
    to: 'zoe@example.com',
    subject: 'Your co-writer confirmation',
    text: 'Привет — the song is registered.',
  })
  // The development TSA's key and certificate: tokens it signed must still check after a restore.
  const tsaCertificate = await new LocalTsa({ dir: tsaDir(dataDir) }).certificatePem()
  return { ...registered, mailId, tsaCertificate }
}

async function backUp() {
  if (databaseUrl)
    return writeBackup({ dataDir, database: { kind: 'postgres', url: currentUrl! }, outDir })
  return writeBackup({ dataDir, database: { kind: 'pglite', handle: current! }, outDir })
}

test(
  'the restore drill: everything seeded before the backup works from the restored copy',
  async () => {
    const seeded = await seed()
    const { archive, manifest } = await backUp()
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600)
    const paths = manifest.files.map((file) => file.path)
    expect(paths).toContain(databaseUrl ? 'database/postgres.dump' : 'database/pglite.tar')
    expect(paths).toContain(`files/storage/${seeded.outcome.storageId}.json`)
    expect(paths).toContain(`files/ledger/tx/${seeded.outcome.transactionSignature}.json`)
    expect(paths.some((p) => p.startsWith('files/tsa/'))).toBe(true)

    // Destroy: the data directory goes, and the database with it.
    if (databaseUrl) {
      vi.spyOn(console, 'warn').mockImplementation(() => {})
      await dropDatabase(databaseUrl, new URL(currentUrl!).pathname.slice(1))
    } else {
      await current!.close()
      current = undefined
    }
    fs.rmSync(dataDir, { recursive: true, force: true })

    // Restore into a fresh database and data directory, then open it as a server would.
    let fresh: { name: string; url: string } | undefined
    if (databaseUrl) {
      fresh = await createEmptyDatabase(databaseUrl)
      extraDatabases.push(fresh.name)
    }
    await restoreBackup({ archive, dataDir, databaseUrl: fresh?.url })
    if (fresh) currentUrl = fresh.url
    current = await openDatabase({ databaseUrl: fresh?.url, dataDir })
    await migrateToLatest(current.db)
    useDatabase(current)

    // The certificate verifies against adapters that read only the restored ledger and store
    // (the sponsor's keypair comes from the restored ledger folder too).
    const config = env()
    const report = await verifyCertificate(
      seeded.song.certificateId,
      seeded.outcome.transactionSignature,
      {
        chain: createChain(config),
        storage: createStorage(config),
        verifySignature: verifyTransactionSignature,
      },
    )
    expect(report.checks.filter((check) => !check.ok)).toEqual([])
    expect(report.ok).toBe(true)

    // The same TSA identity, not a newly generated one.
    expect(await new LocalTsa({ dir: tsaDir(dataDir) }).certificatePem()).toBe(
      seeded.tsaCertificate,
    )

    // The session cookie from before the backup still signs its user in.
    expect((await getSessionUser(seeded.cookie))?.id).toBe(seeded.user.id)

    // The private salt still opens the published commitment of the lyrics.
    const { lyricsSalt } = await db()
      .selectFrom('songs')
      .select('lyricsSalt')
      .where('id', '=', seeded.song.id)
      .executeTakeFirstOrThrow()
    const stored = await createStorage(config).get(seeded.outcome.storageId)
    const published = JSON.parse(new TextDecoder().decode(stored!.data))
    const commitment = crypto
      .createHash('sha256')
      .update(Buffer.concat([Buffer.from(lyricsSalt!), Buffer.from([0]), Buffer.from(LYRICS)]))
      .digest('hex')
    expect(published.lyricsCommitment).toEqual({ alg: 'salted-sha256', value: commitment })
    // And the co-writer's confirmation is still on record.
    expect(
      await db()
        .selectFrom('splitInvitations')
        .select(['decision', 'creditedName'])
        .where('songId', '=', seeded.song.id)
        .execute(),
    ).toEqual([{ decision: 'confirmed', creditedName: 'Zoë Ñúñez' }])

    // The queued mail is delivered, once: its sealed body still opens.
    const mailbox = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-drill-mail-'))
    vi.spyOn(console, 'log').mockImplementation(() => {})
    const worker = new MailWorker(fileTransport(mailbox))
    expect(await worker.drain()).toBe(1)
    expect(await worker.drain()).toBe(0)
    const delivered = fs.readdirSync(mailbox)
    expect(delivered).toHaveLength(1)
    expect(fs.readFileSync(path.join(mailbox, delivered[0]!), 'utf8')).toContain('zoe@example.com')
    fs.rmSync(mailbox, { recursive: true, force: true })
    const row = await db()
      .selectFrom('mailOutbox')
      .select(['status', 'attempts'])
      .where('id', '=', seeded.mailId)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ status: 'sent', attempts: 1 })

    // Restoring again over the live copy is refused without --force, and touches nothing.
    await expect(restoreBackup({ archive, dataDir, databaseUrl: fresh?.url })).rejects.toThrow(
      databaseUrl ? /already holds.*--force/ : /in use by process/,
    )

    // Stopped, the embedded copy still needs --force; with it, what was there is moved aside and
    // the archive's copy opens (on PostgreSQL: restored over the tables with --clean).
    await current.close()
    current = undefined
    if (!databaseUrl)
      await expect(restoreBackup({ archive, dataDir })).rejects.toThrow(
        /already holds: pglite \(the database\), ledger, storage, tsa\. Run restore again with --force/,
      )
    await restoreBackup({ archive, dataDir, databaseUrl: fresh?.url, force: true })
    const kept = fs.readdirSync(dataDir).filter((name) => name.includes('.before-restore-'))
    expect(kept.map((name) => name.split('.before-restore-')[0]).sort()).toEqual(
      databaseUrl ? ['ledger', 'storage', 'tsa'] : ['ledger', 'pglite', 'storage', 'tsa'],
    )
    current = await openDatabase({ databaseUrl: fresh?.url, dataDir })
    useDatabase(current)
    expect((await getSessionUser(seeded.cookie))?.id).toBe(seeded.user.id)
  },
  SLOW,
)

test(
  'a corrupted archive is refused with a message, and nothing is restored',
  async () => {
    // A stored record to tamper with, whichever test ran before (none need have).
    await registeredSong()
    const { archive } = await backUp()
    const target = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-restore-target-'))
    const restoreInto = (file: string) =>
      restoreBackup({
        archive: file,
        dataDir: target,
        databaseUrl: databaseUrl && 'postgres://x/y',
      })

    // A file changed inside an otherwise well-formed archive: its checksum no longer matches.
    const unpacked = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-unpacked-'))
    await run('tar', ['-xzf', archive, '-C', unpacked])
    const storage = path.join(unpacked, 'files', 'storage')
    const oneFile = path.join(
      storage,
      fs.readdirSync(storage).find((f) => !f.includes('.tags'))!,
    )
    fs.writeFileSync(oneFile, fs.readFileSync(oneFile, 'utf8').replace('"version"', '"versi0n"'))
    const tampered = path.join(outDir, 'tampered.tar.gz')
    await run('tar', ['-czf', tampered, '-C', unpacked, 'manifest.json', 'database', 'files'])
    const refusal = restoreInto(tampered)
    await expect(refusal).rejects.toBeInstanceOf(BackupError)
    await expect(refusal).rejects.toThrow(
      /is damaged or not a ProofTrack backup \(files\/storage\/.*\.json does not match its SHA-256 checksum in manifest\.json\)\. Nothing was restored\./,
    )

    // Bytes damaged in transit: the archive no longer unpacks.
    const damaged = path.join(outDir, 'damaged.tar.gz')
    const bytes = fs.readFileSync(archive)
    for (let i = 200; i < bytes.length; i += 97) bytes[i] = bytes[i]! ^ 0xff
    fs.writeFileSync(damaged, bytes)
    await expect(restoreInto(damaged)).rejects.toThrow(/is damaged or not a ProofTrack backup/)

    expect(fs.readdirSync(target)).toEqual([])
    fs.rmSync(unpacked, { recursive: true, force: true })
    fs.rmSync(target, { recursive: true, force: true })
  },
  SLOW,
)

test(
  'a backup taken while writes go on holds whole transactions only',
  async () => {
    // Each transaction adds two users; a dump taken half-way through one would hold an odd number.
    let writing = true
    const writer = (async () => {
      let pairs = 0
      while (writing) {
        await db()
          .transaction()
          .execute(async (trx) => {
            for (const half of ['a', 'b']) {
              const name = `pair_${pairs}_${half}_${crypto.randomBytes(3).toString('hex')}`
              await trx
                .insertInto('users')
                .values({
                  email: `${name}@example.com`,
                  username: name,
                  firstName: 'Ана',
                  lastName: 'Writer',
                  passwordHash: 'not-a-real-hash',
                  authProvider: 'local',
                  emailVerified: false,
                  updatedAt: new Date(),
                })
                .execute()
            }
          })
        pairs++
      }
      return pairs
    })()
    await new Promise((resolve) => setTimeout(resolve, 200))
    const { archive } = await backUp()
    writing = false
    expect(await writer).toBeGreaterThan(0)

    const target = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-restore-consistent-'))
    let fresh: { name: string; url: string } | undefined
    if (databaseUrl) {
      fresh = await createEmptyDatabase(databaseUrl)
      extraDatabases.push(fresh.name)
    }
    await restoreBackup({ archive, dataDir: target, databaseUrl: fresh?.url })
    const restored = await openDatabase({ databaseUrl: fresh?.url, dataDir: target })
    try {
      const { n } = await restored.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('username', 'like', 'pair\\_%')
        .executeTakeFirstOrThrow()
      expect(Number(n) % 2).toBe(0)
    } finally {
      await restored.close()
      fs.rmSync(target, { recursive: true, force: true })
    }
  },
  SLOW,
)
