import type { Kysely, Transaction } from 'kysely'
import { type DatabaseHandle, migrateToLatest, openDatabase } from '#db/client'
import type { Database } from '#db/schema'
import { privateDataDir } from '#db/private-files'
import { seedPlans } from '#db/seed'
import { env } from '~/env.server'

// One handle per process, kept on globalThis so a rebuilt server module in development reuses
// it instead of opening the embedded database a second time.
const holder = globalThis as typeof globalThis & {
  __prooftrackDb?: DatabaseHandle
  __prooftrackDbReady?: Promise<DatabaseHandle>
  __prooftrackCloseHooks?: Map<string, () => Promise<void>>
  __prooftrackShuttingDown?: boolean
  __prooftrackShutdown?: Promise<void>
}

/**
 * What a data function takes first: the database, or a transaction the caller opened, so the
 * caller decides what commits together (as in Kysely's example).
 */
export type Executor = Kysely<Database> | Transaction<Database>

/** Runs `work` in the caller's transaction when there is one, else in a new one. */
export function inTransaction<T>(
  executor: Executor,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return executor.isTransaction
    ? work(executor as Transaction<Database>)
    : executor.transaction().execute(work)
}

export function db() {
  const handle = holder.__prooftrackDb
  if (!handle) throw new Error('The database is not open: startDatabase() runs at server start-up')
  return handle.db
}

/** The open handle itself: the backup socket dumps the embedded database through it. */
export function databaseHandle() {
  const handle = holder.__prooftrackDb
  if (!handle) throw new Error('The database is not open: startDatabase() runs at server start-up')
  return handle
}

/** This process's database connections (GET /metrics); null before the database opens. */
export function databasePoolStats() {
  return holder.__prooftrackDb?.poolStats() ?? null
}

export function databaseKind() {
  return holder.__prooftrackDb?.kind
}

/** Opens the database, migrates it and seeds reference data; `shutdown()` closes it. */
export function startDatabase(): Promise<DatabaseHandle> {
  holder.__prooftrackDbReady ??= (async () => {
    const config = env()
    // On PostgreSQL too, DATA_DIR holds keys, mail and documents (decision 077).
    privateDataDir(config.DATA_DIR)
    const handle = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
    })
    try {
      const applied = await migrateToLatest(handle.db)
      if (applied.length > 0) console.log(`[db] applied migrations: ${applied.join(', ')}`)
      await seedPlans(handle.db)
    } catch (error) {
      await handle.close()
      throw error
    }
    holder.__prooftrackDb = handle
    console.log(
      `[db] ready (${handle.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL'})`,
    )
    return handle
  })()
  return holder.__prooftrackDbReady
}

/** Tests install their own database (a migrated snapshot or a throwaway PostgreSQL database). */
export function useDatabase(handle: DatabaseHandle) {
  holder.__prooftrackDb = handle
  holder.__prooftrackDbReady = Promise.resolve(handle)
}

// Kept on globalThis beside the handle: the signal handler is installed once per process, and
// a module rebuilt in development replaces its hook (by name) instead of adding one nobody reads.
const closeHooks = (holder.__prooftrackCloseHooks ??= new Map())

/** Work to finish before the database closes at shutdown (buffered writes). Must not throw. */
export function beforeDatabaseClose(name: string, hook: () => Promise<void>) {
  closeHooks.set(name, hook)
}

/** From the first shutdown signal on: readiness answers 503 so a load balancer stops sending work. */
export function beginShutdown() {
  holder.__prooftrackShuttingDown = true
}

export function isShuttingDown() {
  return holder.__prooftrackShuttingDown === true
}

/**
 * The server entry calls this once its HTTP server has finished the requests in flight: the
 * hooks finish buffered writes and stop the workers, then the database closes. Idempotent, so a
 * second signal (Ctrl-C reaches every process of a cluster) waits for the same shutdown.
 */
export function shutdown(): Promise<void> {
  beginShutdown()
  holder.__prooftrackShutdown ??= (async () => {
    await runCloseHooks()
    await holder.__prooftrackDb?.close()
  })()
  return holder.__prooftrackShutdown
}

function runCloseHooks() {
  const hooks = [...closeHooks.values()]
  closeHooks.clear()
  return Promise.all(hooks.map((hook) => hook()))
}

/**
 * Test files that share one process (vitest.config.ts, decision 090) each start as a fresh
 * server would: the workers and buffers of the file before stopped and flushed (its close hooks
 * run now), no shutdown begun. The database stays open: the test set-up empties it.
 */
export async function resetServerStateForTests() {
  await runCloseHooks()
  holder.__prooftrackShuttingDown = false
  holder.__prooftrackShutdown = undefined
}
