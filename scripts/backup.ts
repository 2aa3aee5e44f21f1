// `npm run backup [-- --out <folder>]`: one timestamped archive of everything a restore needs
// (decisions 062 and 069). The archive holds secrets: keep it where the server's own secrets are
// kept. With the embedded database and a server running, the server writes it (through its
// backup socket in DATA_DIR) and keeps serving; with none running, this process opens the data
// directory itself.
import { DatabaseLockedError, openDatabase } from '../db/client'
import { requestBackupFromServer } from '../app/services/admin/backup-socket.server'
import { BackupError, type BackupManifest, writeBackup } from '../app/services/admin/backup.server'
import { dataLocation, usageUnless } from './lib/data-location'

const args = process.argv.slice(2)
const outIndex = args.indexOf('--out')
const outDir = outIndex >= 0 ? args[outIndex + 1] : 'backups'
usageUnless(
  !!outDir && !args.some((arg, i) => arg !== '--out' && i !== outIndex + 1),
  'npm run backup [-- --out <folder>]',
)

const env = dataLocation()

async function embedded(): Promise<{ archive: string; manifest: BackupManifest; how: string }> {
  const asked = await requestBackupFromServer(env.DATA_DIR, outDir!)
  if (asked && !asked.ok) throw new BackupError(`The running server refused: ${asked.message}`)
  if (asked) return { ...asked, how: ` by the running server in ${asked.ms} ms` }
  const handle = await openDatabase({ dataDir: env.DATA_DIR })
  try {
    const result = await writeBackup({
      dataDir: env.DATA_DIR,
      database: { kind: 'pglite', handle },
      outDir: outDir!,
    })
    return { ...result, how: '' }
  } finally {
    await handle.close()
  }
}

try {
  const result = env.DATABASE_URL
    ? {
        ...(await writeBackup({
          dataDir: env.DATA_DIR,
          database: { kind: 'postgres', url: env.DATABASE_URL },
          outDir: outDir!,
        })),
        how: '',
      }
    : await embedded()
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
    `Wrote ${result.archive}${result.how}: ${files.length} files, ${bytes} bytes before compression. It holds secrets (${secrets.join(', ')}): keep it as safe as the server itself.`,
  )
} catch (error) {
  if (error instanceof DatabaseLockedError) {
    // A server holds the database but has no backup socket (one older than decision 069, or a
    // DATA_DIR path too long for a socket).
    console.error(
      `${error.message}\nThat server does not take backup requests (see its log): stop it, run npm run backup, then start it again (decision 069).`,
    )
  } else {
    console.error(error instanceof Error ? error.message : error)
  }
  process.exit(1)
}
