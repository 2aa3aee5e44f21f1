// `npm run db:migrate`: applies pending migrations and exits non-zero on failure.
import { migrateToLatest, openDatabase } from '../db/client'
import { loadEnv } from '../app/env.server'

const env = loadEnv()
const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }).catch(
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  },
)
try {
  const applied = await migrateToLatest(handle.db)
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.')
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await handle.close()
}
