import { afterEach, beforeEach, vi } from 'vitest'
import { testEnv } from './test-env'

// Every test file, with or without a database, runs with the test configuration.
Object.assign(process.env, testEnv())

// A test that logs an error has found one: console.error fails it (Epic Stack's rule).
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`)
  })
})
afterEach(() => {
  vi.restoreAllMocks()
})
