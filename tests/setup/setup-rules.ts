import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeEach, vi } from 'vitest'
import { allSourceMessages, areaSource } from '~/i18n/catalogs.server'
import { setAreaSource, setSourceMessages } from '~/i18n/react'
import { testEnv } from './test-env'

// A component drawn without the root loader's data speaks English, as the server's drawing does.
setSourceMessages(allSourceMessages())
// As the server entry: a page's named areas are drawn from the catalogues (issue 53).
setAreaSource(areaSource)

// Every test file, with or without a database, runs with the test configuration and a DATA_DIR
// of its own, removed after it. Files that share a process (the 'database' project,
// vitest.config.ts) each start from the environment the process started with, so what one file
// set or deleted (a Google client id, SMTP_URL) never reaches the next, and from real timers.
const holder = globalThis as typeof globalThis & {
  __startingEnv?: NodeJS.ProcessEnv
  __testFiles?: number
}
holder.__startingEnv ??= { ...process.env }
holder.__testFiles = (holder.__testFiles ?? 0) + 1
for (const name of Object.keys(process.env))
  if (!(name in holder.__startingEnv)) delete process.env[name]
const dataDir = path.join(os.tmpdir(), `prooftrack-test-${process.pid}-${holder.__testFiles}`)
Object.assign(process.env, holder.__startingEnv, testEnv(dataDir))
vi.useRealTimers()
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

// A test that logs an error has found one: console.error fails it (Epic Stack's rule).
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`)
  })
})
afterEach(() => {
  vi.restoreAllMocks()
})
