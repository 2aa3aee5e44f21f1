import crypto from 'node:crypto'
import { env } from '~/env.server'

const derived = new Map<string, Buffer>()

/**
 * A 32-byte key of one purpose, derived from SESSION_SECRET with HKDF (salt and info name the
 * purpose), so that one secret in the environment yields a key per use and none of them unlocks
 * another's data. Derived again when the secret changes (tests set their own).
 */
export function derivedKey(salt: string, info: string): Buffer {
  const secret = env().SESSION_SECRET
  const id = `${salt}\0${info}\0${secret}`
  let key = derived.get(id)
  if (!key) {
    key = Buffer.from(crypto.hkdfSync('sha256', secret, salt, info, 32))
    derived.set(id, key)
  }
  return key
}
