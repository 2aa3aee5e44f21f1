import { defineConfig } from 'vitest/config'
import { aliases } from './vitest.config'

// Browser tests: Chromium (Debian's /usr/bin/chromium) through playwright-core against the
// production build served by the server entry (server/index.mjs).
export default defineConfig({
  resolve: { alias: aliases },
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
