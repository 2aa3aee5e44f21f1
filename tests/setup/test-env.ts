import os from 'node:os'
import path from 'node:path'

// Every test process runs with this configuration: nothing real is configured.
export function testEnv(dataDir = path.join(os.tmpdir(), `prooftrack-test-${process.pid}`)) {
  return {
    APP_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'test-session-secret-that-is-at-least-32-characters',
    SUPPORT_EMAIL: 'support@prooftrack.test',
    APP_URL: 'http://localhost:3000',
    // Passwords hash at argon2's lowest cost in the suite (decision 075).
    TEST_CHEAP_PASSWORD_HASHES: '1',
    // Document workers start with a server's first document, not with the server (issue 36).
    TEST_DOCUMENT_WORKERS_ON_DEMAND: '1',
  }
}
