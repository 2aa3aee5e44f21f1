import { hash, verify } from '@node-rs/argon2'

// argon2id (the library's default algorithm) with OWASP's recommended memory and time costs.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 }

export function hashPassword(password: string) {
  return hash(password, OPTIONS)
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
