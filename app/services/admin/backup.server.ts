import { execFile } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { z } from 'zod'
import { type DatabaseHandle, lockDataDir, openDatabase } from '#db/client'
import { keepNewFilesPrivate, privateTree } from '#db/private-files'

// `npm run backup` / `npm run restore` (issue 30, decision 062). One .tar.gz holds a manifest,
// the database (the embedded data directory as PGlite's own tarball, or `pg_dump -Fc`) and the
// files under DATA_DIR that exist nowhere else: the embedded ledger, the local store, the
// development TSA's key and certificate, and the generated session secret.

const run = promisify(execFile)

export const BACKUP_FORMAT = 'prooftrack-backup'
export const BACKUP_VERSION = 1

/** What of DATA_DIR a restore needs, besides the database (names relative to DATA_DIR). */
// `signing`: the development key that signs the PDFs (decision 103): a restore without it would
// make a new root, and every PDF signed before would no longer match the published fingerprint.
export const DATA_DIR_PARTS = ['ledger', 'storage', 'tsa', 'signing', 'session-secret'] as const

const PGLITE_DUMP = 'database/pglite.tar'
const POSTGRES_DUMP = 'database/postgres.dump'

const ManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  createdAt: z.string(),
  database: z.enum(['pglite', 'postgres']),
  files: z
    .array(
      z.object({
        path: z.string().min(1).max(500),
        bytes: z.number().int().min(0),
        sha256: z.string().regex(/^[0-9a-f]{64}$/),
      }),
    )
    .max(10_000_000),
})
export type BackupManifest = z.infer<typeof ManifestSchema>

/** A backup or restore that stops on purpose: the message is for the operator, as is. */
export class BackupError extends Error {}

export type BackupDatabase =
  { kind: 'pglite'; handle: DatabaseHandle } | { kind: 'postgres'; url: string }

export interface BackupOptions {
  dataDir: string
  database: BackupDatabase
  /** The folder the archive is written into (created, mode 0700). */
  outDir: string
  now?: Date
}

/** Writes one archive and returns its path and manifest. */
export async function writeBackup(options: BackupOptions) {
  keepNewFilesPrivate()
  const now = options.now ?? new Date()
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-backup-'))
  try {
    // The database first, then the files: the ledger and the store are written before the row
    // that points at them commits, and never rewritten, so files copied after the dump hold
    // at least everything the dump refers to (an extra file nobody refers to is harmless).
    fs.mkdirSync(path.join(staging, 'database'))
    await dumpDatabase(options.database, path.join(staging, databaseDumpPath(options.database)))
    for (const part of DATA_DIR_PARTS) {
      const from = path.join(options.dataDir, part)
      if (fs.existsSync(from)) await copyRegularFiles(from, path.join(staging, 'files', part))
    }
    const files: BackupManifest['files'] = []
    for (const file of listFiles(staging)) {
      const on = path.join(staging, file)
      files.push({ path: file, bytes: fs.statSync(on).size, sha256: await sha256File(on) })
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: now.toISOString(),
      database: options.database.kind,
      files,
    }
    fs.writeFileSync(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2), {
      mode: 0o600,
    })
    fs.mkdirSync(options.outDir, { recursive: true, mode: 0o700 })
    const archive = path.join(path.resolve(options.outDir), `prooftrack-backup-${stamp}.tar.gz`)
    // Written under a temporary name and renamed, so a half-written archive never looks whole.
    const partial = `${archive}.partial`
    const entries = ['manifest.json', 'database', 'files'].filter((entry) =>
      fs.existsSync(path.join(staging, entry)),
    )
    await run('tar', ['-czf', partial, '-C', staging, ...entries])
    fs.chmodSync(partial, 0o600)
    fs.renameSync(partial, archive)
    return { archive, manifest }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true })
  }
}

/** Where the database's dump sits inside an archive. */
export function databaseDumpPath(database: BackupDatabase) {
  return database.kind === 'pglite' ? PGLITE_DUMP : POSTGRES_DUMP
}

/**
 * The database into one file, holding every transaction committed before the call (issue 36:
 * tests/db/backup-acknowledged-writes.test.ts proves it under steady writing).
 */
export async function dumpDatabase(database: BackupDatabase, file: string) {
  if (database.kind === 'pglite') {
    const handle = database.handle
    if (!handle.dump) throw new BackupError('This database handle cannot be dumped.')
    const dump = handle.dump
    // Holding the one connection while PGlite dumps its data directory means no transaction
    // is open half-way: the tarball is the database between two transactions. What is only in
    // the write-ahead log (committed, not yet checkpointed) is in the tarball's pg_wal, and
    // PostgreSQL replays it when the restored copy first opens.
    const blob = await handle.db.connection().execute(() => dump())
    fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()), { mode: 0o600 })
  } else {
    // pg_dump reads one snapshot (a repeatable-read transaction), so servers keep serving.
    await pgTool('pg_dump', database.url, ['--format=custom', `--file=${file}`])
  }
}

export interface RestoreOptions {
  archive: string
  dataDir: string
  /** Restore into this PostgreSQL database; without it, into the embedded one in dataDir. */
  databaseUrl?: string
  force?: boolean
  now?: Date
}

/**
 * Checks the whole archive before touching anything, then restores. What --force replaces is
 * moved aside (`<name>.before-restore-<time>`), never deleted.
 */
export async function restoreBackup(options: RestoreOptions) {
  keepNewFilesPrivate()
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-restore-'))
  try {
    const manifest = await unpackAndCheck(options.archive, staging)
    const target = options.databaseUrl ? 'postgres' : 'pglite'
    if (manifest.database !== target) {
      throw new BackupError(
        `The archive holds a ${manifest.database === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL'} database, but this server is configured for ${target === 'pglite' ? 'the embedded database' : 'PostgreSQL (DATABASE_URL)'}. Nothing was restored.`,
      )
    }
    const stamp = (options.now ?? new Date()).toISOString().replace(/[-:]/g, '').slice(0, 15)
    const occupied = DATA_DIR_PARTS.filter((part) => !isEmpty(path.join(options.dataDir, part)))

    if (options.databaseUrl) {
      const tables = await tableCount(options.databaseUrl)
      if ((tables > 0 || occupied.length > 0) && !options.force) {
        throw new BackupError(
          [
            tables > 0 ? `The database at DATABASE_URL already holds ${tables} tables.` : '',
            occupied.length ? `DATA_DIR already holds: ${occupied.join(', ')}.` : '',
            'Stop every server and run restore again with --force to replace them (the files are moved aside, the database is overwritten: take a backup of it first). Nothing was restored.',
          ]
            .filter(Boolean)
            .join(' '),
        )
      }
      moveAside(options.dataDir, occupied, stamp)
      await pgTool('pg_restore', options.databaseUrl, [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        ...(tables > 0 ? ['--clean', '--if-exists'] : []),
        path.join(staging, POSTGRES_DUMP),
      ])
    } else {
      fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o700 })
      // Refused even with --force: a running server would keep writing to files we replace.
      const holder = liveLockHolder(options.dataDir)
      if (holder !== null)
        throw new BackupError(
          `The embedded database in ${options.dataDir} is in use by process ${holder}: stop the server before restoring. Nothing was restored.`,
        )
      lockDataDir(options.dataDir)()
      const database = path.join(options.dataDir, 'pglite')
      const databaseInUse = !isEmpty(database)
      if ((databaseInUse || occupied.length > 0) && !options.force) {
        const found = [...(databaseInUse ? ['pglite (the database)'] : []), ...occupied]
        throw new BackupError(
          `DATA_DIR (${options.dataDir}) already holds: ${found.join(', ')}. Run restore again with --force to replace them (they are moved aside, not deleted). Nothing was restored.`,
        )
      }
      moveAside(options.dataDir, databaseInUse ? ['pglite', ...occupied] : occupied, stamp)
      const tarball = new Blob([fs.readFileSync(path.join(staging, PGLITE_DUMP))])
      // Opening with the tarball writes the data directory; the query proves it opens.
      const handle = await openDatabase({ dataDir: options.dataDir, loadDataDir: tarball })
      try {
        await handle.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .execute()
      } finally {
        await handle.close()
      }
    }

    for (const part of DATA_DIR_PARTS) {
      const from = path.join(staging, 'files', part)
      if (fs.existsSync(from)) await copyRegularFiles(from, path.join(options.dataDir, part))
    }
    // Whatever the archive's modes or the umask the restore ran under (decision 077).
    privateTree(options.dataDir)
    return manifest
  } finally {
    fs.rmSync(staging, { recursive: true, force: true })
  }
}

/** Lists, unpacks and checks an archive; throws BackupError naming what is wrong. */
export async function unpackAndCheck(archive: string, into: string): Promise<BackupManifest> {
  if (!fs.existsSync(archive)) throw new BackupError(`No archive at ${archive}.`)
  const damaged = (detail: string) =>
    new BackupError(
      `The archive ${archive} is damaged or not a ProofTrack backup (${detail}). Nothing was restored.`,
    )
  let listing: string
  try {
    listing = (await run('tar', ['-tvzf', archive], { maxBuffer: 256 * 1024 * 1024 })).stdout
  } catch (error) {
    throw damaged(firstLine(error))
  }
  // Only plain files and folders with relative names: a link or `..` could write outside.
  for (const line of listing.split('\n').filter(Boolean)) {
    if (line[0] !== '-' && line[0] !== 'd') throw damaged(`unexpected entry: ${line}`)
  }
  const names = (await run('tar', ['-tzf', archive], { maxBuffer: 256 * 1024 * 1024 })).stdout
    .split('\n')
    .filter(Boolean)
  if (names.some((name) => path.isAbsolute(name) || name.split('/').includes('..')))
    throw damaged('an entry points outside the archive')
  try {
    await run('tar', ['-xzf', archive, '-C', into, '--no-same-owner'])
  } catch (error) {
    throw damaged(firstLine(error))
  }
  let manifest: BackupManifest
  try {
    manifest = ManifestSchema.parse(
      JSON.parse(fs.readFileSync(path.join(into, 'manifest.json'), 'utf8')),
    )
  } catch {
    throw damaged('manifest.json is missing or unreadable')
  }
  const listed = new Set(manifest.files.map((file) => file.path))
  for (const file of manifest.files) {
    const on = path.join(into, file.path)
    if (!fs.existsSync(on)) throw damaged(`${file.path} is listed but missing`)
    if ((await sha256File(on)) !== file.sha256)
      throw damaged(`${file.path} does not match its SHA-256 checksum in manifest.json`)
  }
  for (const file of listFiles(into)) {
    if (file !== 'manifest.json' && !listed.has(file))
      throw damaged(`${file} is not listed in manifest.json`)
  }
  const dump = manifest.database === 'pglite' ? PGLITE_DUMP : POSTGRES_DUMP
  if (!listed.has(dump)) throw damaged(`the database dump ${dump} is missing`)
  return manifest
}

function firstLine(error: unknown) {
  const stderr = (error as { stderr?: string }).stderr
  const text = stderr || (error instanceof Error ? error.message : String(error))
  return text.trim().split('\n')[0] ?? ''
}

// Files are read as streams and copied by libuv's thread pool: the service also suits a caller
// that must keep answering requests (decision 062), and a large store is never one buffer.
async function sha256File(file: string) {
  const hash = crypto.createHash('sha256')
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/** Every regular file under `root`, as sorted relative paths with forward slashes. */
function listFiles(root: string, prefix = ''): string[] {
  const out: string[] = []
  for (const entry of fs.readdirSync(path.join(root, prefix), { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name
    if (entry.isDirectory()) out.push(...listFiles(root, relative))
    else if (entry.isFile()) out.push(relative)
  }
  return out.sort()
}

/** Copies a file or a folder's regular files (links are skipped); secrets stay owner-only. */
async function copyRegularFiles(from: string, to: string) {
  const stat = await fs.promises.lstat(from)
  if (stat.isFile()) {
    await fs.promises.mkdir(path.dirname(to), { recursive: true, mode: 0o700 })
    await fs.promises.copyFile(from, to)
    await fs.promises.chmod(to, 0o600)
    return
  }
  if (!stat.isDirectory()) return
  await fs.promises.mkdir(to, { recursive: true, mode: 0o700 })
  for (const file of listFiles(from))
    await copyRegularFiles(path.join(from, file), path.join(to, file))
}

/** The live process holding the embedded database's lock (this one included), or null. */
function liveLockHolder(dataDir: string) {
  let pid: number
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8').trim())
  } catch {
    return null
  }
  if (!pid) return null
  try {
    process.kill(pid, 0)
    return pid
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null
  }
}

function isEmpty(target: string) {
  if (!fs.existsSync(target)) return true
  const stat = fs.statSync(target)
  if (stat.isFile()) return stat.size === 0
  return listFiles(target).length === 0
}

function moveAside(dataDir: string, parts: readonly string[], stamp: string) {
  for (const part of parts) {
    const from = path.join(dataDir, part)
    if (fs.existsSync(from)) fs.renameSync(from, `${from}.before-restore-${stamp}`)
  }
}

/**
 * The connection as libpq options, with the password in PGPASSWORD rather than the command
 * line (another user on the machine can read a process's arguments).
 */
function connection(url: string) {
  const parsed = new URL(url)
  const password = decodeURIComponent(parsed.password)
  parsed.password = ''
  return { dbname: `--dbname=${parsed.toString()}`, password }
}

/** PostgreSQL's client programs: PG_BIN_DIR, else the newest /usr/lib/postgresql/<n>/bin, else PATH. */
export function pgToolPath(name: 'pg_dump' | 'pg_restore') {
  if (process.env.PG_BIN_DIR) return path.join(process.env.PG_BIN_DIR, name)
  const root = '/usr/lib/postgresql'
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))
    : []
  return versions[0] ? path.join(root, versions[0], 'bin', name) : name
}

async function pgTool(name: 'pg_dump' | 'pg_restore', url: string, args: string[]) {
  const { dbname, password } = connection(url)
  try {
    await run(pgToolPath(name), [dbname, ...args], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      maxBuffer: 16 * 1024 * 1024,
    })
  } catch (error) {
    throw new BackupError(`${name} failed: ${firstLine(error)}`)
  }
}

async function tableCount(url: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const result = await client.query<{ n: string }>(
      "select count(*) as n from information_schema.tables where table_schema = 'public'",
    )
    return Number(result.rows[0]?.n ?? 0)
  } finally {
    await client.end()
  }
}
