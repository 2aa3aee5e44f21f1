// `npm test`: the whole suite — unit, route and component tests, then the browser tests in
// Chromium's headless shell against the production build. Installs Debian's package when it is
// missing and we are root; otherwise stops with the exact command to run.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell'
const INSTALL = 'apt-get update && apt-get install -y chromium-headless-shell'

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  return result.status ?? 1
}

if (!fs.existsSync(CHROMIUM)) {
  if (process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')) {
    console.log(`[test] Chromium is missing; installing Debian's package: ${INSTALL}`)
    if (
      run('sh', ['-c', `${INSTALL} >/dev/null`], { DEBIAN_FRONTEND: 'noninteractive' }) !== 0 ||
      !fs.existsSync(CHROMIUM)
    ) {
      console.error(`[test] Could not install Chromium. Run as root: ${INSTALL}`)
      process.exit(1)
    }
  } else {
    console.error(`[test] Chromium is not installed at ${CHROMIUM}. Run as root: ${INSTALL}`)
    process.exit(1)
  }
}

const vitest = 'node_modules/vitest/vitest.mjs'
const extra = process.argv.slice(2)
let status = run(process.execPath, [vitest, 'run', ...extra])
if (status === 0)
  status = run(process.execPath, [vitest, 'run', '--config', 'vitest.e2e.config.ts', ...extra])
process.exit(status)
