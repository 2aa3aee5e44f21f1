// `npm run backup [-- --out <folder>]`: one timestamped archive of everything a restore needs
// (decision 062). The archive holds secrets: keep it where the server's own secrets are kept.
import { DatabaseLockedError, openDatabase } from '../db/client'
import { EnvSchema } from '../app/env.server'
import { BackupError, writeBackup } from '../app/services/admin/backup.server'

const args = process.argv.slice(2)
const outIndex = args.indexOf('--out')
const outDir = outIndex >= 0 ? args[outIndex + 1] : 'backups'
if (!outDir || args.some((arg, i) => arg !== '--out' && i !== outIndex + 1)) {
  console.error('Usage: npm run backup [-- --out <folder>]')
  process.exit(2)
}

// Only where the data lives, read with the server's own schema: loadEnv() would generate a
// session secret into an empty DATA_DIR, which a restore must fill from the archive instead.
const parsed = EnvSchema.pick({ DATA_DIR: true, DATABASE_URL: true }).safeParse(process.env)
if (!parsed.success) {
  console.error(parsed.error.issues.map((issue) => issue.message).join('\n'))
  process.exit(1)
}
const env = parsed.data
try {
  let result
  if (env.DATABASE_URL) {
    result = await writeBackup({
      dataDir: env.DATA_DIR,
      database: { kind: 'postgres', url: env.DATABASE_URL },
      outDir,
    })
  } else {
    const handle = await openDatabase({ dataDir: env.DATA_DIR })
    try {
      result = await writeBackup({
        dataDir: env.DATA_DIR,
        database: { kind: 'pglite', handle },
        outDir,
      })
    } finally {
      await handle.close()
    }
  }
  const { files } = result.manifest
  const bytes = files.reduce((sum, file) => sum + file.bytes, 0)
  const has = (prefix: string) => files.some((file) => file.path.startsWith(prefix))
  const secrets = [
    "the database's password hashes, sessions and private salts",
    has('files/session-secret') ? 'the session secret' : '',
    has('files/tsa/') ? "the TSA's private key" : '',
    has('files/ledger/') ? "the ledger's sponsor keypair" : '',
  ].filter(Boolean)
  console.log(
    `Wrote ${result.archive}: ${files.length} files, ${bytes} bytes before compression. It holds secrets (${secrets.join(', ')}): keep it as safe as the server itself.`,
  )
} catch (error) {
  if (error instanceof DatabaseLockedError) {
    console.error(
      `${error.message}\nThe embedded database can be open in one process only: stop the server, run npm run backup, then start the server again (decision 062).`,
    )
  } else {
    console.error(error instanceof BackupError || error instanceof Error ? error.message : error)
  }
  process.exit(1)
}
