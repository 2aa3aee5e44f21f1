// `npm run restore <archive> [--force]`: checks every checksum in the archive, then restores
// the database and DATA_DIR's files (decision 062). Refuses to replace data without --force.
import { restoreBackup } from '../app/services/admin/backup.server'
import { dataLocation, usageUnless } from './lib/data-location'

const args = process.argv.slice(2)
const force = args.includes('--force')
const rest = args.filter((arg) => arg !== '--force')
usageUnless(rest.length === 1 && !rest[0]!.startsWith('--'), 'npm run restore <archive> [--force]')

const env = dataLocation()
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
