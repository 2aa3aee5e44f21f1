// `npm run restore <archive> [--force]`: checks every checksum in the archive, then restores
// the database and DATA_DIR's files (decision 062). Refuses to replace data without --force.
import { EnvSchema } from '../app/env.server'
import { restoreBackup } from '../app/services/admin/backup.server'

const args = process.argv.slice(2)
const force = args.includes('--force')
const rest = args.filter((arg) => arg !== '--force')
if (rest.length !== 1 || rest[0]!.startsWith('--')) {
  console.error('Usage: npm run restore <archive> [--force]')
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
  const manifest = await restoreBackup({
    archive: rest[0]!,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    force,
  })
  console.log(
    `Restored the backup of ${manifest.createdAt} (${manifest.files.length} files, every checksum matched). Start the server: it applies any newer migrations.`,
  )
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
