import { hash } from '@node-rs/argon2'
import { expect, test } from 'vitest'
import { loadEnv } from '~/env.server'
import { hashPassword, passwordHashOptions } from '~/services/accounts/password.server'

// Issue 36: the suite hashes at the lowest cost; everything else keeps OWASP's.
test('a deployed server (production or development) hashes with OWASP’s argon2id costs: 19 MiB, 2 passes', async () => {
  for (const source of [
    {
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(32),
      APP_URL: 'https://prooftrack.example',
      SUPPORT_EMAIL: 'support@prooftrack.example',
      ALLOW_LOCAL_LEDGER: 'true',
      ALLOW_LOCAL_STORAGE: 'true',
      ALLOW_LOCAL_TSA: 'true',
    },
    { NODE_ENV: 'development' },
    {},
  ]) {
    const appEnv = loadEnv({ ...source, DATA_DIR: '/tmp/unused' }).APP_ENV
    expect(appEnv).not.toBe('test')
    const stored = await hash('Sup3rSecret!', passwordHashOptions(appEnv))
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
  }
})

test('only the test environment hashes cheaply', async () => {
  expect(await hashPassword('Sup3rSecret!')).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/)
})
