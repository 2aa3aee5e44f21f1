// `npm run test:repeat -- <test file> [times]`: runs one test file again and again (5 times unless
// told), and stops at the first failure with that run's whole output kept in a file, so a flaky
// test can be caught in the act. Browser files (tests/e2e/…) run with the browser-test config.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const [file, timesArg = '5'] = process.argv.slice(2)
const times = Number(timesArg)
if (!file || !fs.existsSync(file) || !Number.isInteger(times) || times < 1) {
  console.error('Usage: npm run test:repeat -- <test file> [times, 5 unless given]')
  process.exit(2)
}
const browser = path.normalize(file).startsWith(path.join('tests', 'e2e'))
const args = [
  'node_modules/vitest/vitest.mjs',
  'run',
  ...(browser ? ['--config', 'vitest.e2e.config.ts'] : []),
  file,
]
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-repeat-'))

for (let run = 1; run <= times; run++) {
  const started = Date.now()
  const log = path.join(logDir, `run-${run}.log`)
  // The servers' own output is printed by a failing test; everything goes to the run's log.
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    const out = fs.createWriteStream(log)
    child.stdout.pipe(out)
    child.stderr.pipe(out)
    child.on('exit', (status) => out.end(() => resolve(status ?? 1)))
  })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (code !== 0) {
    console.error(`Run ${run} of ${times} failed after ${seconds} s; its output is in ${log}`)
    process.exit(1)
  }
  console.log(`Run ${run} of ${times} passed in ${seconds} s`)
  fs.rmSync(log)
}
fs.rmSync(logDir, { recursive: true, force: true })
console.log(`${file}: ${times} of ${times} runs passed`)
