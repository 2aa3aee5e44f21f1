/**
 * The configurations a deployment can have (production, development, none given), for tests
 * proving that a switch only the suite sets changes nothing there (decisions 075 and 099).
 */
export const DEPLOYED_SOURCES: Record<string, string>[] = [
  {
    NODE_ENV: 'production',
    SESSION_SECRET: 'x'.repeat(32),
    APP_URL: 'https://prooftrack.example',
    SUPPORT_EMAIL: 'support@prooftrack.example',
    ALLOW_LOCAL_LEDGER: 'true',
    ALLOW_LOCAL_STORAGE: 'true',
    ALLOW_LOCAL_TSA: 'true',
    ALLOW_LOCAL_SIGNING: 'true',
  },
  { NODE_ENV: 'development' },
  {},
]
