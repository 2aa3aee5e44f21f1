import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

// A kept PDF (decision 104) is the renderer's work as much as the record's: a release that fixes
// a layout (a name that printed as "����", a line outside the frame) must reach every PDF kept
// before it. The document workers load the renderer from the source tree (server/document-worker.mjs
// imports app/ through tsx, for `npm start` and the tests alike) and its fonts and PDF writer from
// node_modules; so the digest of app/, the worker and the lock file names the renderer a server
// runs. Any change to app/ counts, not only the renderer's files: a transitive import can never be
// missed, and a release costs each kept PDF one new render, on its next download.

let fingerprint: Promise<string> | undefined

/** The SHA-256 (hex) of the renderer this server's document workers run; read once per process. */
export function rendererFingerprint() {
  fingerprint ??= digestRenderer().catch((error: unknown) => {
    fingerprint = undefined
    throw error
  })
  return fingerprint
}

/** The folder holding server/document-worker.mjs, from this module in the source tree or the Remix build. */
function projectRoot() {
  let dir = path.dirname(fileURLToPath(import.meta.url))
  for (;;) {
    if (existsSync(path.join(dir, 'server', 'document-worker.mjs'))) return dir
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error('server/document-worker.mjs not found')
    dir = parent
  }
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) return filesUnder(full)
      return Promise.resolve(entry.isFile() ? [full] : [])
    }),
  )
  return nested.flat()
}

async function digestRenderer() {
  const root = projectRoot()
  const files = [
    ...(await filesUnder(path.join(root, 'app'))),
    path.join(root, 'server', 'document-worker.mjs'),
    // Without the lock file a server still serves its PDFs; only a package upgrade goes unseen.
    ...[path.join(root, 'package-lock.json')].filter((file) => existsSync(file)),
  ]
    .map((file) => path.relative(root, file).split(path.sep).join('/'))
    .sort()
  const hash = crypto.createHash('sha256')
  for (const file of files) {
    // Name and length first, so no two trees can give the same stream of bytes.
    const bytes = await fs.readFile(path.join(root, file))
    hash.update(`${file}\0${bytes.byteLength}\0`).update(bytes)
  }
  return hash.digest('hex')
}
