import fs from 'node:fs'
import path from 'node:path'

/**
 * DATA_DIR holds the embedded database (its WAL included), the session secret, the TSA and
 * sponsor keys and queued mail: it is the server's alone (issue 38, decision 077). The umask
 * makes every file this process creates from now on 0600 and every folder 0700, whatever the
 * shell or service manager started it with; PGlite's own writes go through the same process.
 * Worker threads cannot set the umask; the server, the scripts and the test forks are not ones.
 */
export function keepNewFilesPrivate() {
  try {
    process.umask(0o077)
  } catch {
    // A worker thread: privateTree() below still tightens what exists.
  }
}

/**
 * Takes group and other permissions off the folder and everything in it: a data directory
 * written by an older version, or under a looser umask, is tightened on start. The folder itself
 * may be a link (DATA_DIR on a mounted volume often is): the folder it names is tightened. Links
 * inside it are left alone (chmod would follow them out of the folder).
 */
export function privateTree(root: string) {
  let real: string
  try {
    real = fs.realpathSync(root)
  } catch {
    return
  }
  tighten(real)
}

function tighten(root: string) {
  let stat: fs.Stats
  try {
    stat = fs.lstatSync(root)
  } catch {
    return
  }
  if (stat.isSymbolicLink()) return
  if ((stat.mode & 0o077) !== 0) fs.chmodSync(root, stat.mode & 0o700)
  if (!stat.isDirectory()) return
  for (const entry of fs.readdirSync(root)) tighten(path.join(root, entry))
}

/** Makes DATA_DIR (if missing) and keeps it, and all it holds, readable by this user only. */
export function privateDataDir(dataDir: string) {
  keepNewFilesPrivate()
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  privateTree(dataDir)
}
