import { sql } from 'kysely'
import { db, type Executor } from './db.server'

export interface Limit {
  /** What is being limited, e.g. `login:account:ann`. */
  key: string
  max: number
  windowSeconds: number
  /**
   * Counts the window before too, so no span of `windowSeconds` holds more than `max` hits (a
   * fixed window alone lets 2 × max through back to back across its edge; decision 078).
   */
  sliding?: boolean
}

export const LIMITS = {
  // Sign-in (decision 016): keyed on the resolved account, so username and email share a count.
  loginPerAddress: (ip: string): Limit => ({
    key: `login:ip:${ip}`,
    max: 50,
    windowSeconds: 15 * 60,
  }),
  loginPerAccountAddress: (userId: string, ip: string): Limit => ({
    key: `login:account-ip:${userId}:${ip}`,
    max: 10,
    windowSeconds: 15 * 60,
  }),
  loginPerAccountDevice: (userId: string, device: string): Limit => ({
    key: `login:account-device:${userId}:${device}`,
    max: 10,
    windowSeconds: 15 * 60,
  }),
  loginPerAccountFromNewDevices: (userId: string): Limit => ({
    key: `login:account-new-devices:${userId}`,
    max: 30,
    windowSeconds: 15 * 60,
  }),
  loginUnknownAccountPerAddress: (ip: string): Limit => ({
    key: `login:unknown-account-ip:${ip}`,
    max: 10,
    windowSeconds: 15 * 60,
  }),
  // Issue 28: guesses at the password of a signed-in account (password change, re-auth).
  passwordCheckPerUser: (userId: string): Limit => ({
    key: `account:password-check:${userId}`,
    max: 10,
    windowSeconds: 15 * 60,
  }),
  // Issue 28: wrong two-factor codes (TOTP or recovery) of one account, wherever they are typed.
  twoFactorCodePerUser: (userId: string): Limit => ({
    key: `account:two-factor-code:${userId}`,
    max: 5,
    windowSeconds: 15 * 60,
    sliding: true,
  }),
  // Decision 087: the mail telling an account of wrong two-factor codes, once per 15 minutes.
  twoFactorAlertPerUser: (userId: string): Limit => ({
    key: `account:two-factor-alert:${userId}`,
    max: 1,
    windowSeconds: 15 * 60,
  }),
  // Decision 094: the mail telling an account that someone signed up with its address, once an hour.
  signUpWithTakenAddressPerUser: (userId: string): Limit => ({
    key: `account:taken-sign-up:${userId}`,
    max: 1,
    windowSeconds: 60 * 60,
  }),
  // Decision 109: links continuing a Google sign-in, mailed to one account; in any hour, 3.
  googleSignInLinkPerUser: (userId: string): Limit => ({
    key: `account:google-sign-in-link:${userId}`,
    max: 3,
    windowSeconds: 60 * 60,
    sliding: true,
  }),
  registerPerAddress: (ip: string): Limit => ({
    key: `register:ip:${ip}`,
    max: 20,
    windowSeconds: 60 * 60,
  }),
  resetPerAddress: (ip: string): Limit => ({
    key: `reset:ip:${ip}`,
    max: 10,
    windowSeconds: 60 * 60,
  }),
  resetPerEmailFromAddress: (email: string, ip: string): Limit => ({
    key: `reset:email-ip:${email.toLowerCase()}:${ip}`,
    max: 5,
    windowSeconds: 60 * 60,
  }),
  // Silent: past it requests are dropped with the usual answer (requestPasswordResetLimited).
  resetPerEmail: (email: string): Limit => ({
    key: `reset:email:${email.toLowerCase()}`,
    max: 30,
    windowSeconds: 60 * 60,
  }),
  contactPerAddress: (ip: string): Limit => ({
    key: `contact:ip:${ip}`,
    max: 10,
    windowSeconds: 60 * 60,
  }),
  // Anonymous endpoints (decision 018): generous for a person, small for a flood.
  analyticsPerAddress: (ip: string): Limit => ({
    key: `analytics:ip:${ip}`,
    max: 120,
    windowSeconds: 10 * 60,
  }),
  certificateVerifyPerAddress: (ip: string): Limit => ({
    key: `cert-verify:ip:${ip}`,
    max: 30,
    windowSeconds: 10 * 60,
  }),
  certificatePdfPerAddress: (ip: string): Limit => ({
    key: `cert-pdf:ip:${ip}`,
    max: 20,
    windowSeconds: 10 * 60,
  }),
  verificationPerUser: (userId: string): Limit => ({
    key: `verify:user:${userId}`,
    max: 10,
    windowSeconds: 60 * 60,
  }),
  verificationPerUserPerDay: (userId: string): Limit => ({
    key: `verify-day:user:${userId}`,
    max: 20,
    windowSeconds: 24 * 60 * 60,
  }),
  // Guesses at mailed codes: 5 per code (email-verification.server.ts), 15 a day (decision 017).
  verifyCodePerUserPerDay: (userId: string): Limit => ({
    key: `verify-code-day:user:${userId}`,
    max: 15,
    windowSeconds: 24 * 60 * 60,
  }),
}

export interface LimitResult {
  allowed: boolean
  retryAfterSeconds: number
  /** The most hits any of the limits now counts (the previous window's too when it slides). */
  hits?: number
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
      .onConflict((oc) =>
        oc.columns(['key', 'windowStart']).doUpdateSet({ hits: sql`rate_limits.hits + 1` }),
      )
      .returning('hits')
      .executeTakeFirstOrThrow()
    const before = limit.sliding
      ? ((
          await db()
            .selectFrom('rateLimits')
            .select('hits')
            .where('key', '=', limit.key.slice(0, 255))
            .where('windowStart', '=', new Date(windowStart.getTime() - windowMs))
            .executeTakeFirst()
        )?.hits ?? 0)
      : 0
    result.hits = Math.max(result.hits ?? 0, row.hits + before)
    if (row.hits + before > limit.max) {
      const retryAfterSeconds = Math.ceil((windowStart.getTime() + windowMs - now) / 1000)
      result = {
        ...result,
        allowed: false,
        retryAfterSeconds: Math.max(result.retryAfterSeconds, retryAfterSeconds),
      }
    }
  }
  // Ended windows are pruned on a schedule (housekeeping.server.ts).
  return result
}

/** Clears a limit, e.g. the failed sign-ins of an account once it signs in. */
export async function clear(limit: Limit) {
  await db().deleteFrom('rateLimits').where('key', '=', limit.key).execute()
}

/**
 * Forgets the limits that name an address (the password-reset counts) when its account goes
 * (decision 067). Each key is matched whole, or up to the separator after the address, never by
 * containing it: deleting ina@… must not clear the limits of gina@… (issue 38.7).
 */
export async function forgetAddressLimits(database: Executor, email: string) {
  const exact = LIMITS.resetPerEmail(email).key.slice(0, 255)
  // `reset:email-ip:<address>:` and then the client's address.
  const perClient = LIMITS.resetPerEmailFromAddress(email, '').key.slice(0, 255)
  await database
    .deleteFrom('rateLimits')
    .where((eb) =>
      eb.or([eb('key', '=', exact), eb(sql<boolean>`starts_with(key, ${perClient})`, '=', true)]),
    )
    .execute()
}

/** Takes back the hit just counted in the current window, e.g. a sign-in that was no guess after all. */
export async function forgive(limit: Limit) {
  const windowMs = limit.windowSeconds * 1000
  const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs)
  await db()
    .updateTable('rateLimits')
    .set({ hits: sql`greatest(rate_limits.hits - 1, 0)` })
    .where('key', '=', limit.key.slice(0, 255))
    .where('windowStart', '=', windowStart)
    .execute()
}

export function tooManyMessage(result: LimitResult) {
  return `Too many attempts. Please try again in ${waitText(result.retryAfterSeconds)}.`
}

// Daily windows would read '845 minutes': past two hours the wait is given in hours.
function waitText(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? '' : 's'}`
  return `${Math.ceil(minutes / 60)} hours`
}

/** For pages and downloads, where 'attempts' would be the wrong word. */
export function tooManyRequestsMessage(result: LimitResult) {
  const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60))
  return `Too many requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
}

/** The Retry-After header of a refused request, in whole seconds. */
export function retryAfterHeaders(result: LimitResult): Record<string, string> {
  return { 'Retry-After': String(Math.max(1, result.retryAfterSeconds)) }
}
