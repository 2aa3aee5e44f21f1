import crypto from 'node:crypto'
import { createCookie } from '@remix-run/node'
import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database } from '#db/schema'
import { env } from '~/env.server'
import { type Executor, inTransaction } from '../platform/db.server'
import { beforeEachMailPass, enqueueMail, wakeMailWorker } from '../platform/mail.server'
import { mailLocale, mailWords, paragraphs } from '../platform/mail-language.server'
import { hashPassword } from './password.server'
import { hit, LIMITS, type LimitResult } from '../platform/rate-limit.server'
import { cookieSecrets } from '../platform/cookie-keys.server'

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000
export const INVALID_RESET_MESSAGE = 'The password reset link is invalid or has expired.'
const MAX_TOKEN_LENGTH = 200

const digest = (token: string) => crypto.createHash('sha256').update(token).digest('hex')

/**
 * Queues the request and returns: the same single insert whether or not the address has an
 * account, so neither the answer nor its timing can tell (decision 015). The mail worker
 * resolves it moments later (processResetRequests).
 */
export async function requestPasswordReset(database: Executor, email: string) {
  await database
    .insertInto('passwordResetRequests')
    .values({ email: email.trim().toLowerCase() })
    .execute()
  wakeMailWorker()
}

/**
 * A reset request under its limits (decision 016): an address may ask 10 times an hour and 5
 * times for one mailbox, and is told when it is over. One mailbox gets at most 30 links an hour
 * however many addresses ask; past that the request is dropped with the same answer, so a
 * stranger can neither flood the owner's inbox nor, by using up a shared count, stop the owner
 * asking from their own address.
 */
export async function requestPasswordResetLimited(
  database: Executor,
  email: string,
  address: string,
): Promise<LimitResult> {
  const visible = await hit(
    LIMITS.resetPerAddress(address),
    LIMITS.resetPerEmailFromAddress(email, address),
  )
  if (!visible.allowed) return visible
  if ((await hit(LIMITS.resetPerEmail(email))).allowed) await requestPasswordReset(database, email)
  return visible
}

/**
 * Turns queued reset requests into links and mails, one per transaction: the request is taken
 * (SKIP LOCKED, so several workers never take one twice) and, when the account exists, a token
 * is stored (only its SHA-256) and the mail queued with it. An unknown address leaves nothing.
 */
export async function processResetRequests(database: Kysely<Database>) {
  let handled = 0
  for (;;) {
    const more = await database.transaction().execute(async (trx) => {
      const request = await trx
        .deleteFrom('passwordResetRequests')
        .where('id', '=', (eb) =>
          eb
            .selectFrom('passwordResetRequests')
            .select('id')
            .orderBy('id')
            .limit(1)
            .forUpdate()
            .skipLocked(),
        )
        .returning('email')
        .executeTakeFirst()
      if (!request) return false
      const user = await trx
        .selectFrom('users')
        .select(['id', 'email', 'locale'])
        .where(sql`lower(email)`, '=', request.email)
        .executeTakeFirst()
      if (user) await issueResetLink(trx, user)
      return true
    })
    if (!more) return handled
    handled++
  }
}
beforeEachMailPass('password reset requests', processResetRequests)

async function issueResetLink(
  trx: Transaction<Database>,
  user: { id: string; email: string; locale: string | null },
) {
  const token = crypto.randomBytes(32).toString('base64url')
  const { APP_URL } = env()
  const t = mailWords(mailLocale(user))
  const link = `${APP_URL}/reset-password?token=${encodeURIComponent(token)}`
  await trx
    .insertInto('passwordResetTokens')
    .values({
      userId: user.id,
      token: digest(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    })
    .execute()
  await enqueueMail(trx, {
    to: user.email,
    subject: t('mails.reset.subject'),
    text: paragraphs(
      t('mails.reset.asked'),
      `${t('mails.reset.open')}\n${link}`,
      t('mails.reset.ignore'),
    ),
  })
}

/** Whether a reset link can still be used, so an expired one shows the invalid-link view at once. */
export async function isResetTokenUsable(database: Executor, token: string) {
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return false
  const row = await database
    .selectFrom('passwordResetTokens')
    .select('id')
    .where('token', '=', digest(token))
    .where('used', '=', false)
    .where('expiresAt', '>', new Date())
    .executeTakeFirst()
  return Boolean(row)
}

/**
 * Single use, within its hour. In one transaction: the token is claimed, the password set,
 * every other outstanding link of that user ended and every session signed out — so a second
 * link mailed earlier (perhaps to a mailbox someone else read) cannot undo the reset.
 */
export async function resetPassword(database: Executor, token: string, password: string) {
  // The slow hash runs outside the transaction, and only for a link that is live right now.
  if (!(await isResetTokenUsable(database, token)))
    return { ok: false as const, message: INVALID_RESET_MESSAGE }
  const passwordHash = await hashPassword(password)
  const userId = await inTransaction(database, async (trx) => {
    const claimed = await trx
      .updateTable('passwordResetTokens')
      .set({ used: true })
      .where('token', '=', digest(token))
      .where('used', '=', false)
      .where('expiresAt', '>', new Date())
      .returning('userId')
      .executeTakeFirst()
    if (!claimed) return null
    await trx
      .updateTable('users')
      .set({ passwordHash, updatedAt: new Date() })
      .where('id', '=', claimed.userId)
      .execute()
    await trx
      .updateTable('passwordResetTokens')
      .set({ used: true })
      .where('userId', '=', claimed.userId)
      .where('used', '=', false)
      .execute()
    await trx.deleteFrom('sessions').where('userId', '=', claimed.userId).execute()
    return claimed.userId
  })
  if (!userId) return { ok: false as const, message: INVALID_RESET_MESSAGE }
  return { ok: true as const, userId }
}

/**
 * The link's token leaves the address bar at once: GET /reset-password?token=… keeps it in this
 * HttpOnly cookie and redirects to /reset-password, so no later request line, Referer, browser
 * history entry or page view holds it (decision 015).
 */
let cookie: ReturnType<typeof createCookie> | undefined
function resetTokenCookie() {
  const e = env()
  cookie ??= createCookie('pt_reset', {
    path: '/reset-password',
    httpOnly: true,
    sameSite: 'lax',
    secure: e.isProduction,
    secrets: cookieSecrets('password-reset'),
    maxAge: RESET_TOKEN_TTL_MS / 1000,
  })
  return cookie
}

/** The Set-Cookie value that keeps a link's token (an oversized one is not kept). */
export function keepResetToken(token: string) {
  const kept = token.length > 0 && token.length <= MAX_TOKEN_LENGTH ? token : ''
  return resetTokenCookie().serialize(kept, kept ? {} : { maxAge: 0 })
}

export async function keptResetToken(cookieHeader: string | null) {
  const value: unknown = await resetTokenCookie().parse(cookieHeader)
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_TOKEN_LENGTH
    ? value
    : null
}

export function forgetResetToken() {
  return resetTokenCookie().serialize('', { maxAge: 0 })
}
