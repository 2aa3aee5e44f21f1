import { hash, verify } from '@node-rs/argon2'
import { env } from '~/env.server'

type Env = Pick<ReturnType<typeof env>, 'APP_ENV' | 'TEST_CHEAP_PASSWORD_HASHES'>

/**
 * argon2id (the library's default algorithm) with OWASP's recommended memory and time costs.
 * The test suite alone hashes at the lowest cost argon2 allows: it makes thousands of accounts,
 * at ~40 ms of a shared core each otherwise (issue 36). That takes two settings no deployment
 * has, APP_ENV=test and TEST_CHEAP_PASSWORD_HASHES=1, so copying one of them (bench.mjs runs
 * with APP_ENV=test) never weakens a real server's hashes. A hash carries its own parameters, so
 * either kind verifies anywhere.
 */
export function passwordHashOptions(config: Env) {
  return config.APP_ENV === 'test' && config.TEST_CHEAP_PASSWORD_HASHES === '1'
    ? { memoryCost: 1024, timeCost: 1, parallelism: 1 }
    : { memoryCost: 19456, timeCost: 2, parallelism: 1 }
}

export function hashPassword(password: string) {
  return hash(password, passwordHashOptions(env()))
}

// Checked even when the account does not exist, so timing does not tell which accounts exist.
let dummy: Promise<string> | undefined
export async function verifyPassword(passwordHash: string | null, password: string) {
  if (!passwordHash) {
    dummy ??= hashPassword('not-a-real-password-1A')
    await verify(await dummy, password).catch(() => false)
    return false
  }
  return verify(passwordHash, password).catch(() => false)
}
