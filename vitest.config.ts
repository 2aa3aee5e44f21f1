import path from 'node:path'
import { defineConfig } from 'vitest/config'

export const aliases = {
  '~': path.resolve(__dirname, 'app'),
  '#db': path.resolve(__dirname, 'db'),
}

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    // tests/postgres prove node-postgres behaviour, so they run only when a real server is given.
    exclude: [
      'tests/e2e/**',
      'node_modules/**',
      ...(process.env.DATABASE_URL ? [] : ['tests/postgres/**']),
    ],
    globalSetup: ['tests/setup/global-setup.ts'],
    setupFiles: ['tests/setup/setup-file.ts'],
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one on CI's two, which left a core idle
    // while a file waited on its database. Two, as the browser tests run (measured in .ci/run).
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
})
