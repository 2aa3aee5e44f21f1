import crypto from 'node:crypto'
import { sql } from 'kysely'
import type { User } from '#db/schema'
import { env } from '~/env.server'
import { isolate } from '~/lib/bidi'
import { sha256Hex } from '~/lib/digest.server'
import { displayName } from '~/lib/display-name'
import { type Executor, inTransaction } from '../platform/db.server'
import { enqueueMail } from '../platform/mail.server'
import { mailLocale, mailWords, paragraphs } from '../platform/mail-language.server'
import { hit, type Limit, type LimitResult } from '../platform/rate-limit.server'
import { isSupportEmail, RESERVED_EMAIL_MESSAGE } from './users.server'

// Issue 28: a new address is proved by a link mailed to it, opened by the signed-in owner
// (decision 067). The old address hears of the request and of the change.

export const EMAIL_CHANGE_TTL_MS = 60 * 60 * 1000
export const EMAIL_CHANGE_PATH = '/settings/email'
export const SAME_ADDRESS = 'This is already your email address.'
export const INVALID_CHANGE_LINK =
  'This link is invalid or has expired, or it belongs to another account. Ask for a new one from the email settings.'
export const ADDRESS_NOW_TAKEN =
  'Another account now uses this address, so it cannot become yours. Choose another address.'
const MAX_TOKEN_LENGTH = 200

/** Links an account may ask for in a day; a mailbox gets at most 3 a day whoever asks. */
const perAccount = (userId: string): Limit => ({
  key: `email-change:user:${userId}`,
  max: 5,
  windowSeconds: 24 * 60 * 60,
})
// The address is hashed: a rate-limit key must not keep a typed address in clear.
const perAddress = (email: string): Limit => ({
  key: `email-change:address:${sha256Hex(email)}`,
  max: 3,
  windowSeconds: 24 * 60 * 60,
})

export type EmailChangeRequest =
  | { ok: true; newEmail: string }
  | { ok: false; message: string }
  | { ok: false; limited: LimitResult }

/**
 * Asks for a change to `typed`. The answer is the same whether the address is free or another
 * account's: a stranger must not learn which addresses have accounts (decision 067). A free
 * address gets the link; an address with an account gets a note that nothing changed, so an
 * owner who typed their other account's address finds out why no link came.
 */
export async function requestEmailChange(
  database: Executor,
  user: Pick<User, 'id' | 'email' | 'emailVerified' | 'firstName'> & { locale?: string | null },
  typed: string,
): Promise<EmailChangeRequest> {
  const newEmail = typed.trim().toLowerCase()
  if (newEmail === user.email.toLowerCase()) return { ok: false, message: SAME_ADDRESS }
  if (isSupportEmail(newEmail)) return { ok: false, message: RESERVED_EMAIL_MESSAGE }
  const limited = await hit(perAccount(user.id), perAddress(newEmail))
  if (!limited.allowed) return { ok: false, limited }
  const { APP_URL, SUPPORT_EMAIL } = env()
  const holder = await database
    .selectFrom('users')
    .select(['id', 'locale'])
    .where(sql`lower(email)`, '=', newEmail)
    .executeTakeFirst()
  // The requester's language for the mails they caused; the other account's for its own.
  const t = mailWords(mailLocale(user))
  const token = crypto.randomBytes(32).toString('base64url')
  await inTransaction(database, async (trx) => {
    // A new request replaces the earlier one: only the latest link works.
    await trx.deleteFrom('emailChangeTokens').where('userId', '=', user.id).execute()
    if (holder) {
      const theirs = mailWords(mailLocale(holder))
      await enqueueMail(trx, {
        to: newEmail,
        subject: theirs('mails.emailTaken.subject'),
        text: paragraphs(
          theirs('mails.emailTaken.text'),
          theirs('mails.emailTaken.ifYou', { support: SUPPORT_EMAIL }),
        ),
      })
      return
    }
    await trx
      .insertInto('emailChangeTokens')
      .values({
        userId: user.id,
        newEmail,
        tokenHash: sha256Hex(token),
        expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_MS),
      })
      .execute()
    // No text the requester typed goes into this mail (not even their name): an account that
    // has not proved its own address may still send it, to fix a typo (decision 067).
    await enqueueMail(trx, {
      to: newEmail,
      subject: t('mails.emailConfirm.subject'),
      text: paragraphs(
        t('mails.emailConfirm.asked'),
        `${t('mails.emailConfirm.open')}\n${APP_URL}${EMAIL_CHANGE_PATH}?token=${encodeURIComponent(token)}`,
        t('mails.emailConfirm.ignore'),
      ),
    })
    // The old address hears of the request only when it was proved: an unproved one is most
    // often the typo being fixed, someone else's mailbox. It hears of the change itself anyway.
    if (user.emailVerified)
      await enqueueMail(trx, {
        to: user.email,
        subject: t('mails.emailAsked.subject'),
        text: paragraphs(
          t('mails.greeting', { name: isolate(displayName(user)) }),
          t('mails.emailAsked.text', { email: newEmail }),
          t('mails.emailAsked.notYou', {
            passwordLink: `${APP_URL}/settings/password`,
            sessionsLink: `${APP_URL}/settings/sessions`,
            support: SUPPORT_EMAIL,
          }),
        ),
      })
  })
  return { ok: true, newEmail }
}

function liveToken(database: Executor, userId: string, token: string) {
  return database
    .selectFrom('emailChangeTokens')
    .where('tokenHash', '=', sha256Hex(token))
    .where('userId', '=', userId)
    .where('expiresAt', '>', new Date())
}

/** The address a link would set, when the link is live and this user's; null otherwise. */
export async function pendingChangeFor(database: Executor, userId: string, token: string) {
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null
  const row = await liveToken(database, userId, token).select('newEmail').executeTakeFirst()
  return row?.newEmail ?? null
}

/**
 * The link opened by the signed-in owner: in one transaction the token is spent (deleting it is
 * the claim, so a second use finds nothing), the address changes and counts as verified (the
 * link proved the mailbox), links and codes mailed to the old address end, and the old address
 * is told.
 */
export async function confirmEmailChange(
  database: Executor,
  user: Pick<User, 'id' | 'email' | 'firstName'> & { locale?: string | null },
  token: string,
) {
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH)
    return { ok: false as const, message: INVALID_CHANGE_LINK }
  const { SUPPORT_EMAIL } = env()
  const t = mailWords(mailLocale(user))
  try {
    return await inTransaction(database, async (trx) => {
      const claimed = await trx
        .deleteFrom('emailChangeTokens')
        .where('tokenHash', '=', sha256Hex(token))
        .where('userId', '=', user.id)
        .where('expiresAt', '>', new Date())
        .returning('newEmail')
        .executeTakeFirst()
      if (!claimed) return { ok: false as const, message: INVALID_CHANGE_LINK }
      const taken = await trx
        .selectFrom('users')
        .select('id')
        .where(sql`lower(email)`, '=', claimed.newEmail)
        .executeTakeFirst()
      if (taken || isSupportEmail(claimed.newEmail))
        return { ok: false as const, message: ADDRESS_NOW_TAKEN }
      await trx
        .updateTable('users')
        .set({ email: claimed.newEmail, emailVerified: true, updatedAt: new Date() })
        .where('id', '=', user.id)
        .execute()
      await trx
        .updateTable('passwordResetTokens')
        .set({ used: true })
        .where('userId', '=', user.id)
        .execute()
      await trx.deleteFrom('emailVerificationTokens').where('userId', '=', user.id).execute()
      await enqueueMail(trx, {
        to: user.email,
        subject: t('mails.emailChanged.subject'),
        text: paragraphs(
          t('mails.greeting', { name: isolate(displayName(user)) }),
          t('mails.emailChanged.text', { email: claimed.newEmail }),
          t('mails.emailChanged.notYou', { support: SUPPORT_EMAIL }),
        ),
      })
      return { ok: true as const, newEmail: claimed.newEmail }
    })
  } catch (error) {
    // Two accounts racing for one address: the unique index decides.
    if (error instanceof Error && error.message.includes('users_email_key'))
      return { ok: false as const, message: ADDRESS_NOW_TAKEN }
    throw error
  }
}
