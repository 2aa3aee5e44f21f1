import { configDefaults, defineConfig } from 'vitest/config'
import { aliases } from './vitest.config'

/**
 * CI's last stage runs the browser tests again on PostgreSQL (each DATA_DIR its own database:
 * tests/e2e/server.ts). These files start only servers on an embedded database of their own,
 * so that stage would run them exactly as the first one did, and leaves them out. Some need the
 * embedded database (a backup taken while serving, a crash between a write and its file, a fake
 * clock); the others run there to keep `.ci/run` well under its time limit, since the PostgreSQL
 * stage of the unit tests already runs every route and service they use on PostgreSQL.
 */
const EMBEDDED_ONLY = [
  'accounts',
  'admin',
  'backup-while-serving',
  'co-writers',
  'core-flow',
  'insights',
  'midnight',
  'passkeys',
  'settings-email-data',
  'spec-rows',
  'submit-failure',
].map((name) => `tests/e2e/${name}.test.ts`)

// Browser tests: Chromium (Debian's /usr/bin/chromium) through playwright-core against the
// production build served by the server entry (server/index.mjs).
export default defineConfig({
  resolve: { alias: aliases },
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(process.env.DATABASE_URL ? EMBEDDED_ONLY : [])],
    globalSetup: ['tests/e2e/global-setup.ts'],
    pool: 'forks',
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
