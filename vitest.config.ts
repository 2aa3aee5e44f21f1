import path from 'node:path'
import { defineConfig } from 'vitest/config'

export const aliases = {
  '~': path.resolve(__dirname, 'app'),
  '#db': path.resolve(__dirname, 'db'),
}

/** Unit and component files that open the test database all the same (fixtures, the mail queue). */
const PLAIN_WITH_DATABASE = [
  'tests/unit/mail.test.ts',
  'tests/components/admin-panel.test.tsx',
  'tests/components/certificate.test.tsx',
  'tests/components/public-pages.test.tsx',
]

/**
 * Route and service files whose subject cannot differ between the embedded database and
 * PostgreSQL (decision 075): what a request's bytes parse to, what a command prints. With
 * DATABASE_URL set (CI's PostgreSQL stage) they are left out: they ran on the embedded one.
 */
export const SAME_ON_EVERY_DATABASE = [
  'tests/routes/terminal-escapes.test.ts',
  'tests/routes/form-bodies.test.ts',
  'tests/routes/json-bodies.test.ts',
  'tests/routes/webhook-body.test.ts',
  'tests/routes/query-params.test.ts',
  'tests/routes/pdf-scripts.test.ts',
  'tests/routes/landing-video.test.ts',
  'tests/services/multipart.test.ts',
]

const DATABASE_FILES = [
  'tests/{db,postgres,routes,services,chain,storage,timestamp}/**/*.test.{ts,tsx}',
  ...PLAIN_WITH_DATABASE,
]

/**
 * Files that time the event loop while documents are made. They share the database project's
 * set-up in a project of their own, so that CI's PostgreSQL stage can run them alone after the
 * rest (two workers beside the PostgreSQL server failed one once; decision 076).
 */
const TIMES_THE_EVENT_LOOP = ['tests/routes/document-pool.test.ts']

/**
 * The database files share one process per worker (issue 36, decision 090): the embedded
 * database is opened once and emptied before each file instead of loaded again, and the app's
 * modules are evaluated again per file from vitest's cache (tests/setup/setup-database.ts).
 * These files need a process of their own, each for the reason given.
 */
const NEEDS_A_PROCESS_OF_ITS_OWN = [
  // vi.mock replaces the storage module, and mocks outlive the file in a shared process.
  'tests/routes/storage-route.test.ts',
]

const DATABASE_SETUP = {
  globalSetup: ['tests/setup/global-setup.ts'],
  setupFiles: ['tests/setup/setup-rules.ts', 'tests/setup/setup-database.ts'],
}

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    pool: 'forks',
    // Vitest's default on two cores is one worker; the files are independent (each its own
    // database), so two run at once (issue 36).
    maxWorkers: 2,
    reporters: ['default', './tests/setup/slowest-files.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        // Unit and component tests: no database, so no snapshot to load per file.
        extends: true,
        test: {
          name: 'plain',
          include: ['tests/{unit,components}/**/*.test.{ts,tsx}'],
          exclude: PLAIN_WITH_DATABASE,
          setupFiles: ['tests/setup/setup-rules.ts'],
        },
      },
      {
        // Each file gets its own database: a migrated PGlite snapshot, or with DATABASE_URL a
        // PostgreSQL database cloned from a migrated template. tests/postgres prove
        // node-postgres behaviour, so they run only when a real server is given; the files whose
        // subject cannot differ run on the embedded database only.
        extends: true,
        test: {
          name: 'database',
          include: DATABASE_FILES,
          exclude: [
            ...TIMES_THE_EVENT_LOOP,
            ...NEEDS_A_PROCESS_OF_ITS_OWN,
            ...(process.env.DATABASE_URL
              ? [...SAME_ON_EVERY_DATABASE, 'tests/{chain,storage,timestamp,components}/**']
              : ['tests/postgres/**']),
          ],
          isolate: false,
          env: { SHARE_TEST_PROCESS: '1' },
          ...DATABASE_SETUP,
        },
      },
      {
        extends: true,
        test: {
          name: 'database-alone',
          include: NEEDS_A_PROCESS_OF_ITS_OWN,
          exclude: process.env.DATABASE_URL ? SAME_ON_EVERY_DATABASE : [],
          ...DATABASE_SETUP,
        },
      },
      {
        extends: true,
        test: {
          name: 'event-loop',
          include: TIMES_THE_EVENT_LOOP,
          ...DATABASE_SETUP,
        },
      },
    ],
  },
})
