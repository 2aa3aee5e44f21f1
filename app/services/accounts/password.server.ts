import { hash, verify } from '@node-rs/argon2'
import { env } from '~/env.server'

type AppEnv = ReturnType<typeof env>['APP_ENV']

/**
 * argon2id (the library's default algorithm) with OWASP's recommended memory and time costs.
 * Under test only (APP_ENV=test, which nothing deployed runs with) the cost is the lowest argon2
 * allows: the suite makes thousands of accounts, at ~40 ms of a shared core each otherwise
 * (issue 36). A hash carries its own parameters, so either kind verifies anywhere.
 */
export function passwordHashOptions(appEnv: AppEnv) {
  return appEnv === 'test'
    ? { memoryCost: 1024, timeCost: 1, parallelism: 1 }
    : { memoryCost: 19456, timeCost: 2, parallelism: 1 }
}

export function hashPassword(password: string) {
  return hash(password, passwordHashOptions(env().APP_ENV))
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
