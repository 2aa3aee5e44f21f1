// `npm run db:seed`: migrates, then (re)creates the reference data the product needs.
import { migrateToLatest, openDatabase } from '../db/client'
import { seedPlans } from '../db/seed'
import { loadEnv } from '../app/env.server'

const env = loadEnv()
const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }).catch(
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  },
)
try {
  await migrateToLatest(handle.db)
  await seedPlans(handle.db)
  console.log('Seeded the free plan (1 free registration a month, $1.99 per paid registration).')
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await handle.close()
}
