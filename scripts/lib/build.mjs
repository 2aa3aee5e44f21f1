import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const SOURCES = [
  'app',
  'db',
  'public',
  'remix.config.js',
  'tailwind.config.ts',
  'postcss.config.js',
  'package-lock.json',
]

/** Builds the production bundle unless build/ is newer than every source file. */
export function ensureBuild(root) {
  if (!needsBuild(root)) return
  // Two test runs in one checkout (a developer's and a helper's) must not build over each other:
  // the second waits for the first's build, then builds only if sources are still newer.
  const lock = path.join(root, '.build-lock')
  const started = Date.now()
  for (;;) {
    try {
      fs.mkdirSync(lock)
      break
    } catch {
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now())
      if (age > 10 * 60_000) fs.rmSync(lock, { recursive: true, force: true })
      else if (Date.now() - started > 15 * 60_000) throw new Error(`${lock} held too long`)
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000)
    }
  }
  try {
    if (needsBuild(root)) build(root)
  } finally {
    fs.rmSync(lock, { recursive: true, force: true })
  }
}

function build(root) {
  console.log('[build] building the app…')
  // Remix leaves earlier builds' chunks behind; start clean so only this build is served.
  for (const dir of ['build', 'public/build'])
    fs.rmSync(path.join(root, dir), { recursive: true, force: true })
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/@remix-run/dev/dist/cli.js'), 'build'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  )
  if (result.status !== 0) throw new Error(`remix build failed with exit code ${result.status}`)
}

function needsBuild(root) {
  const output = path.join(root, 'build', 'index.js')
  if (!fs.existsSync(output)) return true
  const built = fs.statSync(output).mtimeMs
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > built)
}

function newestMtime(file) {
  if (!fs.existsSync(file)) return 0
  const stat = fs.statSync(file)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of fs.readdirSync(file)) {
    if (entry === 'build') continue // public/build is the output itself
    newest = Math.max(newest, newestMtime(path.join(file, entry)))
  }
  return newest
}
