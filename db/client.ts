import fs from 'node:fs'
import path from 'node:path'
import { CamelCasePlugin, Kysely, type LogEvent, Migrator, PostgresDialect } from 'kysely'
import pg from 'pg'
import { migrations } from './migrations/index'
import { PGliteDialect } from './pglite-dialect'
import { privateDataDir, privateTree } from './private-files'
import type { Database } from './schema'

export type DatabaseKind = 'pglite' | 'postgres'

export interface DatabaseHandle {
  db: Kysely<Database>
  kind: DatabaseKind
  close(): Promise<void>
  /** PGlite only: the data directory as a tarball, to start other instances from. */
  dump?: () => Promise<Blob>
  /** The connections this process holds and the queries waiting for one (the metrics endpoint). */
  poolStats(): PoolStats
}

/**
 * PostgreSQL: the pg pool's own counts (at most 10). The embedded database is one connection
 * that callers take in turn, so there `total` is 1 and `waiting` is the queue in front of it.
 */
export interface PoolStats {
  total: number
  idle: number
  waiting: number
}

export interface OpenOptions {
  databaseUrl?: string
  dataDir: string
  /** A PGlite data-directory dump to start from (tests load a migrated snapshot this way). */
  loadDataDir?: Blob
  /** Keep the embedded database in memory only (tests). */
  inMemory?: boolean
  onQuery?: (event: LogEvent) => void
}

// int8 (count(*), bigserial) fits a JS number for every figure this product shows.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value))
// A date column is a calendar day, not an instant: keep it as 'YYYY-MM-DD' on both drivers.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value)

export class DatabaseLockedError extends Error {}

/** The embedded database's buffer pool; its data is read through the OS's file cache anyway. */
const PGLITE_SHARED_BUFFERS = '32MB'

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  const plugins = [new CamelCasePlugin()]
  const log = options.onQuery
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 })
    let closing = false
    // When the server drops an idle connection (a restart, a failover, an admin's terminate), the
    // pool discards that client and emits 'error'; with no listener Node would crash the whole
    // server. The next query simply opens a fresh connection, so a warning is all it deserves.
    pool.on('error', (error) => {
      if (!closing) console.warn(`[db] an idle PostgreSQL connection was lost: ${error.message}`)
    })
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins, log })
    return {
      db,
      kind: 'postgres',
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      close: async () => {
        closing = true
        await db.destroy()
      },
    }
  }

  const { PGlite, types } = await import('@electric-sql/pglite')
  const parsers = {
    [types.INT8]: (value: string) => Number(value),
    [types.DATE]: (value: string) => value,
    // PGlite's own bytea serializer and parser go a byte at a time in JavaScript: writing a
    // 256 KB video chunk held the event loop ~130 ms (a 50 MB upload ~26 s in all) and reading
    // one ~16 ms. Node's hex codec does each in ~2 ms (decision 100).
    [types.BYTEA]: (value: string) => new Uint8Array(Buffer.from(value.slice(2), 'hex')),
  }
  const serializers = {
    [types.BYTEA]: (value: unknown) => {
      if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type')
      return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`
    },
  }
  let unlock = () => {}
  let dataDir: string | undefined
  if (!options.inMemory) {
    privateDataDir(options.dataDir)
    unlock = lockDataDir(options.dataDir)
    dataDir = path.join(options.dataDir, 'pglite')
  }
  try {
    const pglite = await PGlite.create({
      dataDir,
      loadDataDir: options.loadDataDir,
      parsers,
      serializers,
      // PostgreSQL's default 128 MB of shared buffers is memory the embedded server touches
      // whether or not the data needs it; one connection and a small database need far less
      // (issue 16: the embedded server's RSS).
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    })
    // What PGlite wrote while opening (a data directory loaded from a tarball keeps the tarball's
    // modes) is tightened too; what it writes later is covered by the umask.
    if (dataDir) privateTree(dataDir)
    const dialect = new PGliteDialect(pglite)
    const db = new Kysely<Database>({ dialect, plugins, log })
    let closed = false
    return {
      db,
      kind: 'pglite',
      poolStats: () => dialect.stats(),
      dump: async () => {
        const file = await pglite.dumpDataDir('none')
        return file
      },
      async close() {
        if (closed) return
        closed = true
        await db.destroy()
        await pglite.close()
        unlock()
      },
    }
  } catch (error) {
    unlock()
    throw error
  }
}

/**
 * PGlite silently loses writes when two processes open one data directory, so the first
 * process takes a lock file holding its pid; another stops with a clear message. A lock left
 * by a process that no longer runs is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = path.join(dataDir, 'pglite.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' })
      return () => fs.rmSync(lockPath, { force: true })
    } catch (error) {
      if (!isErrno(error, 'EEXIST')) throw error
      const owner = Number(fs.readFileSync(lockPath, 'utf8').trim())
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new DatabaseLockedError(
          `The embedded database in ${path.resolve(dataDir)} is in use by process ${owner} ` +
            '(is the server running?). Stop that process first, or set DATABASE_URL to use PostgreSQL.',
        )
      }
      fs.rmSync(lockPath, { force: true })
    }
  }
  throw new DatabaseLockedError(`Could not lock the embedded database in ${path.resolve(dataDir)}`)
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return isErrno(error, 'EPERM')
  }
}

function isErrno(error: unknown, code: string) {
  return error instanceof Error && 'code' in error && error.code === code
}

/** Runs every pending migration; throws the first failure so start-up stops with it. */
export async function migrateToLatest(db: Kysely<Database>) {
  // Migrations are frozen SQL on snake_case names: run them without the camelCase plugin.
  const plain = db.withoutPlugins() as unknown as Kysely<unknown>
  const migrator = new Migrator({
    db: plain,
    provider: { getMigrations: async () => migrations },
  })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((result) => result.status === 'Error')
  if (error) {
    const name = failed ? ` ${failed.migrationName}` : ''
    throw new Error(
      `Migration${name} failed: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    )
  }
  return (
    results
      ?.filter((result) => result.status === 'Success')
      .map((result) => result.migrationName) ?? []
  )
}
