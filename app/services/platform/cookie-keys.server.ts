import crypto from 'node:crypto'
import { env } from '~/env.server'

/**
 * Every signed cookie has its own key, derived from SESSION_SECRET with HKDF and the cookie's
 * purpose (issue 38, decision 077). Before, one key signed them all in one format, so
 * `GET /reset-password?token=<any string>` signed a visitor's string into a value the session
 * cookie accepted. A value signed for one purpose is now refused by every other.
 */
export type CookiePurpose =
  | 'session'
  | 'password-reset'
  | 'pending-two-factor'
  | 'passkey-ceremony'
  | 'sign-in-device'
  | 'google-state'
  | 'toast'

const derived = new Map<string, string>()

/** The key of one purpose under a given SESSION_SECRET (test set-ups sign their own cookies). */
export function cookieKeyFor(secret: string, purpose: CookiePurpose): string {
  const id = `${purpose}\0${secret}`
  let key = derived.get(id)
  if (!key) {
    key = Buffer.from(
      crypto.hkdfSync('sha256', secret, 'prooftrack cookies', `cookie: ${purpose}`, 32),
    ).toString('base64url')
    derived.set(id, key)
  }
  return key
}

/**
 * The secrets a cookie is signed and checked with: its purpose's key alone. The former shared
 * key is not accepted even by the session cookie: a reset cookie made before the upgrade from a
 * session id read off the old WAL would otherwise still sign in. Upgrading signs everyone out
 * once (decision 077).
 */
export function cookieSecrets(purpose: CookiePurpose): string[] {
  return [cookieKeyFor(env().SESSION_SECRET, purpose)]
}
