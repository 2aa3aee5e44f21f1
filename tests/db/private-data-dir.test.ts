import { Blob as NodeBlob } from 'node:buffer'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../db/client'
import { restoreBackup, writeBackup } from '~/services/admin/backup.server'

// Issue 38: the embedded database's 968 files were 0666 and its folders 0755 under a loose
// umask, the WAL holding live session ids. Whatever umask the process starts with, nothing under
// DATA_DIR may be readable by the group or by other users (decision 077).

const roots: string[] = []
const SLOW = 120_000
let started: number

beforeAll(() => {
  started = process.umask(0o000)
})

afterAll(() => {
  process.umask(started)
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true })
})

function tempDataDir() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-private-'))
  roots.push(root)
  const dataDir = path.join(root, 'data')
  return dataDir
}

/** Every path under the folder (the folder included) that the group or others can reach. */
function openToOthers(root: string): string[] {
  const found: string[] = []
  const walk = (at: string) => {
    const stat = fs.lstatSync(at)
    if ((stat.mode & 0o077) !== 0)
      found.push(`${path.relative(root, at) || '.'} ${(stat.mode & 0o777).toString(8)}`)
    if (stat.isDirectory()) for (const entry of fs.readdirSync(at)) walk(path.join(at, entry))
  }
  walk(root)
  return found
}

async function openOnDisk(dataDir: string): Promise<DatabaseHandle> {
  const file = inject('pgliteSnapshot')
  // With DATABASE_URL (CI's PostgreSQL stage) no snapshot is made: the embedded one starts empty.
  const handle = await openDatabase(
    file
      ? { dataDir, loadDataDir: new NodeBlob([fs.readFileSync(file)]) as unknown as Blob }
      : { dataDir },
  )
  await migrateToLatest(handle.db)
  return handle
}

/** Writes that make PGlite create WAL and relation files while the server runs. */
async function write(handle: DatabaseHandle) {
  const rows = Array.from({ length: 400 }, (_, i) => ({
    sidHash: `${i}`.padStart(64, 'f'),
    sess: JSON.stringify({ note: 'セッション — सत्र — เซสชัน — סשן — جلسة — сеанс 🎵' }),
    expire: new Date(Date.now() + 60_000),
    userId: null,
  }))
  await handle.db.insertInto('sessions').values(rows).execute()
}

test(
  'under umask 000 the embedded database and every file the server writes are its user’s alone',
  async () => {
    const dataDir = tempDataDir()
    const handle = await openOnDisk(dataDir)
    try {
      await write(handle)
      expect(fs.readdirSync(path.join(dataDir, 'pglite')).length).toBeGreaterThan(5)
      expect(openToOthers(dataDir)).toEqual([])
    } finally {
      await handle.close()
    }
    expect(openToOthers(dataDir)).toEqual([])
  },
  SLOW,
)

test(
  'a data folder left open by an older version is closed when the database opens',
  async () => {
    const dataDir = tempDataDir()
    const first = await openOnDisk(dataDir)
    await first.close()
    // What the review found: folders 0755, files 0666, the secret and keys beside them.
    const loosen = (at: string) => {
      const stat = fs.statSync(at)
      fs.chmodSync(at, stat.isDirectory() ? 0o755 : 0o666)
      if (stat.isDirectory()) for (const entry of fs.readdirSync(at)) loosen(path.join(at, entry))
    }
    fs.mkdirSync(path.join(dataDir, 'storage'), { mode: 0o777 })
    fs.writeFileSync(path.join(dataDir, 'storage', 'ballade-de-l’aube.json'), '{}', { mode: 0o666 })
    loosen(dataDir)
    expect(openToOthers(dataDir).length).toBeGreaterThan(100)

    // Opened through a link to it, as a volume mounted elsewhere is: the folder it names is closed.
    const link = path.join(path.dirname(dataDir), 'volume-link')
    fs.symlinkSync(dataDir, link)
    const again = await openDatabase({ dataDir: link })
    await again.close()
    expect(openToOthers(dataDir)).toEqual([])
  },
  SLOW,
)

test(
  'a backup restored under umask 000 leaves nothing readable by other users',
  async () => {
    const source = tempDataDir()
    const handle = await openOnDisk(source)
    fs.mkdirSync(path.join(source, 'storage'), { recursive: true })
    fs.writeFileSync(path.join(source, 'storage', 'песня.json'), '{"title":"ウタ"}')
    let archive: string
    try {
      await write(handle)
      const outDir = path.join(path.dirname(source), 'backups')
      ;({ archive } = await writeBackup({
        dataDir: source,
        database: { kind: 'pglite', handle },
        outDir,
      }))
      expect(openToOthers(outDir)).toEqual([])
    } finally {
      await handle.close()
    }

    const target = tempDataDir()
    await restoreBackup({ archive, dataDir: target })
    expect(fs.existsSync(path.join(target, 'storage', 'песня.json'))).toBe(true)
    expect(openToOthers(target)).toEqual([])
  },
  SLOW,
)
