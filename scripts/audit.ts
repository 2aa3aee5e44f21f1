// `npm run audit`: re-verifies every registered certificate against the chain and permanent
// storage now (the server also does it hourly), and exits 1 when any no longer verifies.
import { migrateToLatest, openDatabase } from '../db/client'
import { loadEnv } from '../app/env.server'
import { useDatabase } from '../app/services/platform/db.server'
import { auditSummary, runRecordAudit } from '../app/services/admin/record-audit.server'

const env = loadEnv()
const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }).catch(
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  },
)
let failing = 0
try {
  await migrateToLatest(handle.db)
  useDatabase(handle)
  const pass = await runRecordAudit()
  const summary = await auditSummary()
  failing = summary.failing
  console.log(
    `Checked ${pass.checked} registered certificates: ${pass.holding} hold, ${pass.failing} do not.`,
  )
  for (const failure of summary.failures)
    console.log(`  ${failure.certificateId}: ${failure.reason}`)
} finally {
  await handle.close()
}
process.exit(failing > 0 ? 1 : 0)
