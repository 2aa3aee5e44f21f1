import { defineConfig } from 'vitest/config'
import { aliases } from './vitest.config'

/**
 * CI's last stage runs again on PostgreSQL only the browser files where a server process on
 * PostgreSQL can behave differently from one on its embedded database (decision 075): start,
 * restart and crash recovery, several servers or requests at once, background jobs that claim
 * work, codes and credits spent atomically, the pool's figures, time zones read through the
 * driver. Pages and forms over the same services run once: CI's PostgreSQL stage of the route
 * and service tests already runs every query they make on PostgreSQL. The verify page's file
 * (a third of this stage's time) is among them: what it adds to tests/routes/verification.test.ts
 * and verify-timestamp.test.ts, which run there, happens in the browser and in the CLI.
 */
const ON_POSTGRES = [
  'lifecycle',
  'metrics',
  'payments',
  'registration-ending',
  'registration-record',
  'reliability',
  'time-zones',
  'two-factor',
].map((name) => `tests/e2e/${name}.test.ts`)

// Browser tests: Chromium's headless shell (Debian's /usr/bin/chromium-headless-shell) through playwright-core against the
// production build served by the server entry (server/index.mjs).
export default defineConfig({
  resolve: { alias: aliases },
  test: {
    include: process.env.DATABASE_URL ? ON_POSTGRES : ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    pool: 'forks',
    // A worker's files run one after another in one process (issue 36): the app's modules,
    // Playwright and Chromium (tests/e2e/browser.ts) are loaded once per worker, not per file.
    // Each file still has its own contexts, servers and accounts; no browser file mocks a module.
    isolate: false,
    reporters: ['default', './tests/setup/slowest-files.ts'],
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits 1 s by default: a page load on two shared cores under CI load can take
    // longer (CI failed once on a JavaScript-off form post that answered after 1 s). A poll
    // still fails fast when the thing never appears; it only waits up to this long.
    expect: { poll: { timeout: 20_000, interval: 100 } },
  },
})
