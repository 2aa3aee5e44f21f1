// `npm start`: build when the sources are newer than the build, then serve it with our Express
// entry (server/index.mjs), which wraps Remix's own adapter.
// Migrations run inside the server at start-up (app/entry.server.tsx), so a failure stops it.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureBuild } from './lib/build.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
process.chdir(root)

// Decided before NODE_ENV=production is set for the optimised build: a plain
// `npm start` is a local run (generated session secret, no HSTS); NODE_ENV or APP_ENV=production
// asks for the strict production checks.
const appEnv =
  process.env.APP_ENV ?? (process.env.NODE_ENV === 'production' ? 'production' : 'development')

try {
  ensureBuild(root)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}

const child = spawn(process.execPath, ['server/index.mjs'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    APP_ENV: appEnv,
    PORT: process.env.PORT ?? '3000',
  },
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
