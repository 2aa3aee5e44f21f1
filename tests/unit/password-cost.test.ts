import { hash } from '@node-rs/argon2'
import { expect, test } from 'vitest'
import { loadEnv } from '~/env.server'
import { DEPLOYED_SOURCES } from '../setup/deployed-env'
import { hashPassword, passwordHashOptions } from '~/services/accounts/password.server'

// Issue 36: the suite hashes at the lowest cost; everything else keeps OWASP's.
test('a deployed server (production or development) hashes with OWASP’s argon2id costs: 19 MiB, 2 passes', async () => {
  for (const source of DEPLOYED_SOURCES) {
    // The suite's switch copied onto a deployment changes nothing there.
    const config = loadEnv({ ...source, DATA_DIR: '/tmp/unused', TEST_CHEAP_PASSWORD_HASHES: '1' })
    expect(config.APP_ENV).not.toBe('test')
    const stored = await hash('Sup3rSecret!', passwordHashOptions(config))
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
  }
})

test('APP_ENV=test alone (as npm run bench sets it) keeps the full cost; with the suite’s switch it is cheap', async () => {
  const full = passwordHashOptions(loadEnv({ APP_ENV: 'test', DATA_DIR: '/tmp/unused' }))
  expect(full).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 })
  expect(await hashPassword('Sup3rSecret!')).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/)
})
