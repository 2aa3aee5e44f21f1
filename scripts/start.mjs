// `npm start`: build when the sources are newer than the build, then serve it with remix-serve.
// Migrations run inside the server at start-up (app/entry.server.tsx), so a failure stops it.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
process.chdir(root)

// Decided before remix-serve sets NODE_ENV=production for the optimised build: a plain
// `npm start` is a local run (generated session secret, no HSTS); NODE_ENV or APP_ENV=production
// asks for the strict production checks.
const appEnv = process.env.APP_ENV ?? (process.env.NODE_ENV === 'production' ? 'production' : 'development')

if (needsBuild()) {
  console.log('[start] building the app…')
  const result = spawnSync(process.execPath, ['node_modules/@remix-run/dev/dist/cli.js', 'build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const child = spawn(process.execPath, ['node_modules/@remix-run/serve/dist/cli.js', 'build/index.js'], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production', APP_ENV: appEnv, PORT: process.env.PORT ?? '3000' },
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))

function needsBuild() {
  const output = path.join(root, 'build', 'index.js')
  if (!fs.existsSync(output)) return true
  const built = fs.statSync(output).mtimeMs
  const sources = ['app', 'db', 'public', 'remix.config.js', 'tailwind.config.ts', 'postcss.config.js', 'package-lock.json']
  return sources.some((source) => newestMtime(path.join(root, source)) > built)
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
