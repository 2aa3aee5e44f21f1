// `npm run dev`: Remix's dev server with live reload, serving through our Express entry
// (server/index.mjs), on the embedded database by default.
import { spawn } from 'node:child_process'

const child = spawn(
  process.execPath,
  ['node_modules/@remix-run/dev/dist/cli.js', 'dev', '--manual', '-c', 'node server/index.mjs'],
  {
    stdio: 'inherit',
    env: { ...process.env, APP_ENV: process.env.APP_ENV ?? 'development' },
  },
)
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))
