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
    // expect.poll waits 1 s by default: a page load on two shared cores under CI load can take
    // longer (CI failed once on a JavaScript-off form post that answered after 1 s). A poll
    // still fails fast when the thing never appears; it only waits up to this long.
    expect: { poll: { timeout: 20_000, interval: 100 } },
  },
})
