// `npm run reconcile`: finishes or fails registrations a crash left pending (also run at start).
import { migrateToLatest, openDatabase } from '../db/client'
import { loadEnv } from '../app/env.server'
import { useDatabase } from '../app/services/platform/db.server'
import { reconcilePending } from '../app/services/registration/registration-reconcile.server'

const env = loadEnv()
const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }).catch(
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  },
)
try {
  await migrateToLatest(handle.db)
  useDatabase(handle)
  const outcome = await reconcilePending({ olderThanMs: 0 })
  console.log(
    `Reconciled: ${outcome.confirmed} confirmed, ${outcome.failed} failed, ${outcome.waiting} still waiting for the chain.`,
  )
} finally {
  await handle.close()
}
