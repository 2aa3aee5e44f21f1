import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../../db/client'
import { env } from '~/env.server'
import { type BackupDatabase, dumpDatabase, pgToolPath } from '~/services/admin/backup.server'
import { getSessionId, sessionIdHash } from '~/services/accounts/session.server'
import { db, useDatabase } from '~/services/platform/db.server'
import { createUser, sessionCookie } from '../setup/fixtures'

// Issue 36: the backup's promise, by itself. While sessions keep being made (each one the
// product's own insert, acknowledged when its promise resolves), backups are taken one after
// another; each must hold every session acknowledged before it began. The database step is the
// only one that captures rows: the archive then carries its file unchanged, checked by SHA-256
// (the restore drill in backup-restore.test.ts covers the whole archive).

const run = promisify(execFile)
const databaseUrl = process.env.DATABASE_URL
const dataDir = env().DATA_DIR
// Each backup is checked by reading it back (PGlite replays a 40 MB data directory): 5 keep the
// file to seconds; BACKUP_LOOPS=20 for a longer watch (issue 36's figures were taken so).
const BACKUPS = Number(process.env.BACKUP_LOOPS ?? 5)
let current: DatabaseHandle | undefined
let database: BackupDatabase

beforeAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true })
  if (databaseUrl) {
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db())
    const url = new URL(databaseUrl)
    url.pathname = `/${rows[0]!.name}`
    database = { kind: 'postgres', url: url.toString() }
  } else {
    // On disk, as a server holds it: PGlite's dump then reads real files and their WAL.
    const snapshot = new Blob([fs.readFileSync(inject('pgliteSnapshot'))])
    current = await openDatabase({ dataDir, loadDataDir: snapshot })
    useDatabase(current)
    database = { kind: 'pglite', handle: current }
  }
})

afterAll(async () => {
  await current?.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/** The session ids a dump holds, read back as a restore would. */
async function sessionsIn(file: string): Promise<Set<string>> {
  if (databaseUrl) {
    // What pg_restore would load into the sessions table, as text (COPY rows, sid_hash first).
    const { stdout } = await run(
      pgToolPath('pg_restore'),
      ['--data-only', '--table=sessions', '--file=-', file],
      { maxBuffer: 64 * 1024 * 1024 },
    )
    return new Set(stdout.split('\n').map((line) => line.split('\t')[0]!))
  }
  // PGlite replays the write-ahead log in the tarball when the copy opens.
  const restored = await openDatabase({
    dataDir: '',
    inMemory: true,
    loadDataDir: new Blob([fs.readFileSync(file)]),
  })
  try {
    const rows = await restored.db.selectFrom('sessions').select('sidHash').execute()
    return new Set(rows.map((row) => row.sidHash))
  } finally {
    await restored.close()
  }
}

test(`${BACKUPS} backups under steady writing: each holds every session acknowledged before it began`, async () => {
  const user = await createUser({ firstName: 'Ана 山田 🎵' })
  const acknowledged: string[] = []
  let writing = true
  const writer = (async () => {
    while (writing) {
      const sid = await getSessionId(await sessionCookie(user.id, { secondFactor: true }))
      acknowledged.push(sessionIdHash(sid!))
    }
  })()
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-acknowledged-'))
  const missing: string[] = []
  let checked = 0
  const started = performance.now()
  try {
    for (let backup = 0; backup < BACKUPS; backup++) {
      // Writes interleave with the backups: at least one more is acknowledged before each.
      const seen = acknowledged.length
      while (acknowledged.length === seen) await new Promise((resolve) => setImmediate(resolve))
      const before = acknowledged.slice()
      const file = path.join(outDir, `dump-${backup}`)
      await dumpDatabase(database, file)
      const held = await sessionsIn(file)
      fs.rmSync(file)
      missing.push(...before.filter((sid) => !held.has(sid)))
      checked += before.length
    }
  } finally {
    writing = false
    await writer
    fs.rmSync(outDir, { recursive: true, force: true })
  }
  console.log(
    `[backup] ${BACKUPS} backups in ${Math.round(performance.now() - started)} ms, ${acknowledged.length} sessions written meanwhile, ${checked} checks of an acknowledged session in a backup`,
  )
  expect(missing).toEqual([])
}, 300_000)
