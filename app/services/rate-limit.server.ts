import { sql } from 'kysely'
import { db } from './db.server'

export interface Limit {
  /** What is being limited, e.g. `login:account:ann`. */
  key: string
  max: number
  windowSeconds: number
}

export const LIMITS = {
  loginPerAccount: (account: string): Limit => ({ key: `login:account:${account.toLowerCase()}`, max: 10, windowSeconds: 15 * 60 }),
  loginPerAddress: (ip: string): Limit => ({ key: `login:ip:${ip}`, max: 50, windowSeconds: 15 * 60 }),
  registerPerAddress: (ip: string): Limit => ({ key: `register:ip:${ip}`, max: 20, windowSeconds: 60 * 60 }),
  resetPerAddress: (ip: string): Limit => ({ key: `reset:ip:${ip}`, max: 10, windowSeconds: 60 * 60 }),
  resetPerEmail: (email: string): Limit => ({ key: `reset:email:${email.toLowerCase()}`, max: 5, windowSeconds: 60 * 60 }),
  contactPerAddress: (ip: string): Limit => ({ key: `contact:ip:${ip}`, max: 10, windowSeconds: 60 * 60 }),
  verificationPerUser: (userId: string): Limit => ({ key: `verify:user:${userId}`, max: 10, windowSeconds: 60 * 60 }),
  verifyCodePerUser: (userId: string): Limit => ({ key: `verify-code:user:${userId}`, max: 10, windowSeconds: 60 * 60 }),
}

export interface LimitResult {
  allowed: boolean
  retryAfterSeconds: number
}

/**
 * Counts one hit against each limit in a fixed window, in PostgreSQL, atomically (an upsert),
 * so several app servers share the count. Returns the most restrictive outcome.
 */
export async function hit(...limits: Limit[]): Promise<LimitResult> {
  let result: LimitResult = { allowed: true, retryAfterSeconds: 0 }
  const now = Date.now()
  for (const limit of limits) {
    const windowMs = limit.windowSeconds * 1000
    const windowStart = new Date(Math.floor(now / windowMs) * windowMs)
    const row = await db()
      .insertInto('rateLimits')
      .values({ key: limit.key.slice(0, 255), windowStart, hits: 1 })
      .onConflict((oc) => oc.columns(['key', 'windowStart']).doUpdateSet({ hits: sql`rate_limits.hits + 1` }))
      .returning('hits')
      .executeTakeFirstOrThrow()
    if (row.hits > limit.max) {
      const retryAfterSeconds = Math.ceil((windowStart.getTime() + windowMs - now) / 1000)
      result = { allowed: false, retryAfterSeconds: Math.max(result.retryAfterSeconds, retryAfterSeconds) }
    }
  }
  // Old windows are dead weight; trimming now and then keeps the table small.
  if (Math.random() < 0.01) await db().deleteFrom('rateLimits').where('windowStart', '<', new Date(now - 24 * 3600 * 1000)).execute()
  return result
}

/** Clears a limit, e.g. the failed sign-ins of an account once it signs in. */
export async function clear(limit: Limit) {
  await db().deleteFrom('rateLimits').where('key', '=', limit.key).execute()
}

export function tooManyMessage(result: LimitResult) {
  const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60))
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
}
