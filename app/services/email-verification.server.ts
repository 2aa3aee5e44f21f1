import crypto from 'node:crypto'
import { sql } from 'kysely'
import { env } from '~/env.server'
import { db } from './db.server'
import { getMailer } from './mail.server'

export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000
export const INVALID_CODE_MESSAGE = 'Invalid or expired verification code'
// Mailed codes are stored hashed with this prefix; the admin's list shows only displayed codes.
const MAILED = 'mail:'
const digest = (code: string) => `${MAILED}${crypto.createHash('sha256').update(code).digest('hex')}`
const sixDigits = () => String(crypto.randomInt(0, 1_000_000)).padStart(6, '0')

/**
 * The spec's flow: the user is shown a code and mails it to support from their own mailbox;
 * the admin matches the sender to the account and enters the code. When SMTP is configured a
 * second, different code is mailed to the user, which they can enter themselves — it proves the
 * mailbox because it is never shown on screen.
 */
export async function createVerificationCode(userId: string, email: string) {
  const expiresAt = new Date(Date.now() + VERIFICATION_TTL_MS)
  await db()
    .deleteFrom('emailVerificationTokens')
    .where((eb) => eb.or([eb('userId', '=', userId), eb('used', '=', true), eb('expiresAt', '<', new Date())]))
    .execute()
  const code = await insertUnique(userId, expiresAt, (candidate) => candidate)
  if (env().SMTP_URL) {
    const mailed = await insertUnique(userId, expiresAt, digest)
    const { APP_NAME, APP_URL } = env()
    await getMailer().send({
      to: email,
      subject: `Your ${APP_NAME} verification code`,
      text: `Your email verification code is ${mailed}.\n\nEnter it on ${APP_URL}/verify-email within 24 hours to verify your email address.\n`,
    })
  }
  return { code, expiresAt }
}

async function insertUnique(userId: string, expiresAt: Date, store: (code: string) => string) {
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = sixDigits()
    const inserted = await db()
      .insertInto('emailVerificationTokens')
      .values({ userId, token: store(code), expiresAt })
      .onConflict((oc) => oc.column('token').doNothing())
      .returning('id')
      .executeTakeFirst()
    if (inserted) return code
  }
  throw new Error('Could not generate a unique verification code')
}

/** The admin's verification: the displayed code marks its owner's email verified. */
export function verifyEmailByCode(code: string) {
  return claim(code)
}

/** A user entering the mailed code; it must be one of theirs. */
export function verifyOwnEmailByMailedCode(userId: string, code: string) {
  return claim(digest(code), userId)
}

// Marking the code used is the claim: under concurrent attempts only one update matches.
async function claim(token: string, userId?: string) {
  let query = db().updateTable('emailVerificationTokens').set({ used: true }).where('token', '=', token).where('used', '=', false).where('expiresAt', '>', new Date())
  if (userId) query = query.where('userId', '=', userId)
  const row = await query.returning('userId').executeTakeFirst()
  if (!row) return { ok: false as const, message: INVALID_CODE_MESSAGE }
  const user = await db().updateTable('users').set({ emailVerified: true, updatedAt: new Date() }).where('id', '=', row.userId).returning(['id', 'email']).executeTakeFirstOrThrow()
  return { ok: true as const, user }
}

export async function pendingVerifications() {
  return db()
    .selectFrom('emailVerificationTokens as t')
    .innerJoin('users as u', 'u.id', 't.userId')
    .select(['t.id', 't.token', 't.userId', 't.expiresAt', 'u.email'])
    .where('t.used', '=', false)
    .where('t.expiresAt', '>', new Date())
    .where('u.emailVerified', '=', false)
    .where(sql<boolean>`t.token not like ${`${MAILED}%`}`)
    .orderBy('t.createdAt', 'desc')
    .execute()
}
