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
    reporters: ['default', './tests/setup/slowest-files.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
})
