import crypto from 'node:crypto'
import { env } from '~/env.server'
import { db } from './db.server'
import { getMailer } from './mail.server'
import { setPassword, getUserByEmail } from './users.server'
import { endUserSessions } from './session.server'

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000
export const INVALID_RESET_MESSAGE = 'The password reset link is invalid or has expired.'

const digest = (token: string) => crypto.createHash('sha256').update(token).digest('hex')

/**
 * Mails a reset link when the account exists; says nothing either way, so the answer cannot
 * tell anyone whether an address has an account. Only the token's SHA-256 is stored.
 */
export async function requestPasswordReset(email: string) {
  const user = await getUserByEmail(email)
  if (!user) return
  const token = crypto.randomBytes(32).toString('base64url')
  await db()
    .insertInto('passwordResetTokens')
    .values({ userId: user.id, token: digest(token), expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) })
    .execute()
  const { APP_NAME, APP_URL } = env()
  const link = `${APP_URL}/reset-password?token=${encodeURIComponent(token)}`
  try {
    await getMailer().send({
      to: user.email,
      subject: `Reset your ${APP_NAME} password`,
      text: `Someone asked to reset the password of your ${APP_NAME} account.\n\nTo choose a new password, open this link within one hour:\n${link}\n\nIf it was not you, ignore this message: your password stays as it is.\n`,
    })
  } catch (error) {
    // Answering differently would reveal that the account exists; the outbox keeps the failure.
    console.warn('[password-reset] mail not delivered', error)
  }
}

/** Whether a reset link can still be used, so an expired one shows the invalid-link view at once. */
export async function isResetTokenUsable(token: string) {
  const row = await db()
    .selectFrom('passwordResetTokens')
    .select('id')
    .where('token', '=', digest(token))
    .where('used', '=', false)
    .where('expiresAt', '>', new Date())
    .executeTakeFirst()
  return Boolean(row)
}

/** Single use, within its hour: sets the password and ends every session of that user. */
export async function resetPassword(token: string, password: string) {
  const claimed = await db()
    .updateTable('passwordResetTokens')
    .set({ used: true })
    .where('token', '=', digest(token))
    .where('used', '=', false)
    .where('expiresAt', '>', new Date())
    .returning('userId')
    .executeTakeFirst()
  if (!claimed) return { ok: false as const, message: INVALID_RESET_MESSAGE }
  await setPassword(claimed.userId, password)
  await endUserSessions(claimed.userId)
  return { ok: true as const, userId: claimed.userId }
}

export const CHECK_EMAIL_MESSAGE = "If an account with that email exists, you'll receive a password reset link shortly."
