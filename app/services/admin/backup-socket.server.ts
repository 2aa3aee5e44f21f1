import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { z } from 'zod'
import type { DatabaseHandle } from '#db/client'
import { env } from '~/env.server'
import { beforeDatabaseClose, databaseHandle } from '../platform/db.server'
import { BackupError, type BackupManifest, writeBackup } from './backup.server'

// A backup of the embedded database while the server keeps serving (issue 30, decision 069).
// PGlite lets one process open a data directory, so `npm run backup` cannot read it while a server
// holds it; instead the server listens on a Unix socket inside DATA_DIR and writes the archive
// itself, with its own handle, on request. Only someone who can already read DATA_DIR (every
// secret the archive holds) can reach the socket: it sits in a folder of mode 0700. No port is
// opened and no HTTP route can read the secrets.

/** The folder and socket, relative to DATA_DIR. */
export const CONTROL_DIR = 'control'
const SOCKET_NAME = 'backup.sock'
/** A Unix socket's path must fit sockaddr_un (108 bytes on Linux, 104 on macOS, with the NUL). */
const SOCKET_PATH_LIMIT = 103

export function backupSocketPath(dataDir: string) {
  return path.join(path.resolve(dataDir), CONTROL_DIR, SOCKET_NAME)
}

/** Whether a socket path this long can be bound and connected to on every platform we run on. */
function fits(socketPath: string) {
  return Buffer.byteLength(socketPath) <= SOCKET_PATH_LIMIT
}

const RequestSchema = z.object({ outDir: z.string().min(1).max(1000) })

export type BackupAnswer =
  | { ok: true; archive: string; manifest: BackupManifest; ms: number }
  | { ok: false; message: string }

/**
 * Listens for backup requests: one JSON line `{"outDir": "<absolute folder>"}` in, one JSON line
 * (`BackupAnswer`) out. One backup at a time; a second request while one runs is refused with a
 * message. Returns `close()`, which stops listening, waits for a backup under way and removes the
 * socket. Null (and a warning) when DATA_DIR's path is too long for a socket.
 */
export function serveBackupRequests(handle: DatabaseHandle, dataDir: string) {
  const socketPath = backupSocketPath(dataDir)
  if (!fits(socketPath)) {
    console.warn(
      `[backup] DATA_DIR's path is too long for the backup socket (${socketPath}): npm run backup needs the server stopped`,
    )
    return null
  }
  const folder = path.dirname(socketPath)
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 })
  // mkdir's mode is reduced by the umask and leaves an existing folder as it was: set it.
  fs.chmodSync(folder, 0o700)
  // A socket left by a server that died: this process holds the database's lock, so it is ours.
  fs.rmSync(socketPath, { force: true })

  let running: Promise<unknown> | null = null
  const server = net.createServer((socket) => {
    let input = ''
    socket.setEncoding('utf8')
    socket.on('error', () => socket.destroy())
    socket.on('data', (chunk: string) => {
      input += chunk
      // A request is one short line: anything longer is not ours.
      if (input.length > 4000) return reply(socket, { ok: false, message: 'Request too long.' })
      const end = input.indexOf('\n')
      if (end < 0) return
      socket.removeAllListeners('data')
      void answer(input.slice(0, end)).then((result) => reply(socket, result))
    })
  })

  async function answer(line: string): Promise<BackupAnswer> {
    let request: z.infer<typeof RequestSchema>
    try {
      request = RequestSchema.parse(JSON.parse(line))
    } catch {
      return { ok: false, message: 'The backup request could not be read.' }
    }
    if (!path.isAbsolute(request.outDir))
      return { ok: false, message: 'The backup folder must be an absolute path.' }
    if (running)
      return { ok: false, message: 'A backup is already being written: try again when it ends.' }
    const started = performance.now()
    const work = writeBackup({
      dataDir,
      database: { kind: 'pglite', handle },
      outDir: request.outDir,
    })
    running = work.catch(() => {})
    try {
      const { archive, manifest } = await work
      const ms = Math.round(performance.now() - started)
      console.log(`[backup] wrote ${archive} in ${ms} ms while serving`)
      return { ok: true, archive, manifest, ms }
    } catch (error) {
      console.error('[backup] the backup requested through the socket failed', error)
      return {
        ok: false,
        message:
          error instanceof BackupError || error instanceof Error ? error.message : String(error),
      }
    } finally {
      running = null
    }
  }

  server.on('error', (error) => console.warn('[backup] the backup socket failed', error))
  server.listen(socketPath, () => {
    // Owner-only, on top of the folder's 0700.
    fs.chmodSync(socketPath, 0o600)
  })
  server.unref()

  return {
    socketPath,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await running
      fs.rmSync(socketPath, { force: true })
    },
  }
}

const holder = globalThis as typeof globalThis & {
  __prooftrackBackupSocket?: { close: () => Promise<void> }
}

/** At start-up, on the embedded database only (PostgreSQL is backed up by pg_dump from anywhere). */
export async function startBackupSocket() {
  const handle = databaseHandle()
  if (handle.kind !== 'pglite') return null
  // A module rebuilt in development starts again: the listener it had is closed first.
  await holder.__prooftrackBackupSocket?.close()
  const served = serveBackupRequests(handle, env().DATA_DIR)
  holder.__prooftrackBackupSocket = served ?? undefined
  if (served) beforeDatabaseClose('backup socket', () => served.close())
  return served
}

function reply(socket: net.Socket, result: BackupAnswer) {
  if (!socket.writable) return
  socket.end(`${JSON.stringify(result)}\n`)
}

/**
 * The CLI's side: asks the server holding DATA_DIR to write the archive into `outDir`. Null when
 * no server listens there (none runs, or one started before this existed).
 */
export async function requestBackupFromServer(
  dataDir: string,
  outDir: string,
): Promise<BackupAnswer | null> {
  const socketPath = backupSocketPath(dataDir)
  if (!fits(socketPath) || !fs.existsSync(socketPath)) return null
  return new Promise((resolve, reject) => {
    let output = ''
    const socket = net.createConnection(socketPath)
    socket.setEncoding('utf8')
    socket.on('connect', () =>
      socket.write(`${JSON.stringify({ outDir: path.resolve(outDir) })}\n`),
    )
    socket.on('data', (chunk: string) => (output += chunk))
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A socket file nobody listens on: the server that made it is gone.
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') resolve(null)
      else reject(error)
    })
    socket.on('end', () => {
      try {
        resolve(JSON.parse(output) as BackupAnswer)
      } catch {
        reject(new BackupError('The server gave no answer to the backup request: see its log.'))
      }
    })
  })
}
