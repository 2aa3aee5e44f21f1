import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { DatabaseLockedError, lockDataDir } from '../../db/client'

function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-lock-'))
}

test('a second process cannot open an embedded database another live process holds', async () => {
  const dir = tempDir()
  const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'])
  try {
    fs.writeFileSync(path.join(dir, 'pglite.lock'), String(holder.pid))
    expect(() => lockDataDir(dir)).toThrow(DatabaseLockedError)
    expect(() => lockDataDir(dir)).toThrow(
      new RegExp(`in use by process ${holder.pid}.*is the server running`),
    )
  } finally {
    holder.kill()
  }
})

test('a lock left by a process that has exited is taken over, and released on close', async () => {
  const dir = tempDir()
  const gone = spawn(process.execPath, ['-e', '0'])
  await new Promise((resolve) => gone.on('exit', resolve))
  fs.writeFileSync(path.join(dir, 'pglite.lock'), String(gone.pid))
  const unlock = lockDataDir(dir)
  expect(fs.readFileSync(path.join(dir, 'pglite.lock'), 'utf8')).toBe(String(process.pid))
  unlock()
  expect(fs.existsSync(path.join(dir, 'pglite.lock'))).toBe(false)
})
