import { type DatabaseHandle, migrateToLatest, openDatabase } from '#db/client'
import { seedPlans } from '#db/seed'
import { env } from '~/env.server'

// One handle per process, kept on globalThis so a rebuilt server module in development reuses
// it instead of opening the embedded database a second time.
const holder = globalThis as typeof globalThis & {
  __prooftrackDb?: DatabaseHandle
  __prooftrackDbReady?: Promise<DatabaseHandle>
  __prooftrackCloseHooks?: Map<string, () => Promise<void>>
}

export function db() {
  const handle = holder.__prooftrackDb
  if (!handle) throw new Error('The database is not open: startDatabase() runs at server start-up')
  return handle.db
}

export function databaseKind() {
  return holder.__prooftrackDb?.kind
}

/** Opens the database, migrates it, seeds reference data, and closes it on SIGTERM/SIGINT. */
export function startDatabase(): Promise<DatabaseHandle> {
  holder.__prooftrackDbReady ??= (async () => {
    const config = env()
    const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR })
    try {
      const applied = await migrateToLatest(handle.db)
      if (applied.length > 0) console.log(`[db] applied migrations: ${applied.join(', ')}`)
      await seedPlans(handle.db)
    } catch (error) {
      await handle.close()
      throw error
    }
    holder.__prooftrackDb = handle
    closeOnSignals(handle)
    console.log(`[db] ready (${handle.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL'})`)
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

// The server entry closes its HTTP server on these signals but an open PGlite keeps the process
// alive, so the database is closed here and the process exits; a timer bounds the wait.
function closeOnSignals(handle: DatabaseHandle) {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      setTimeout(() => process.exit(1), 3000).unref()
      Promise.all([...closeHooks.values()].map((hook) => hook()))
        .then(() => handle.close())
        .then(
          () => process.exit(0),
          (error: unknown) => {
            console.error('[db] close failed', error)
            process.exit(1)
          },
        )
    })
  }
}
