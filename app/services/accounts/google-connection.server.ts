import type { User } from '#db/schema'
import { env } from '~/env.server'
import { isolate } from '~/lib/bidi'
import { displayName } from '~/lib/display-name'
import { type Executor, inTransaction } from '../platform/db.server'
import { enqueueMail } from '../platform/mail.server'
import { type MailWords, mailLocale, mailWords, paragraphs } from '../platform/mail-language.server'
import { googleAccountLabel, googleAccountName } from './google-account.server'
import { waysIn } from './passkeys.server'
import type { GoogleProfile } from './users.server'

// Issue 28: Google connected to, and disconnected from, a signed-in account (decision 067).

export const GOOGLE_ALREADY_CONNECTED =
  'A Google account is already connected. Disconnect it first to connect another.'
export const GOOGLE_TAKEN = 'That Google account is connected to another ProofTrack account.'
export const GOOGLE_NOT_CONNECTED = 'No Google account is connected.'
export const SET_PASSWORD_FIRST =
  'Google is the only way into this account. Set a password first, then disconnect Google.'

export class GoogleConnectionError extends Error {}

/**
 * Links the Google account that just signed in at Google to the signed-in user. Its address may
 * differ from the account's: from now on that Google account signs in here (users.server.ts
 * looks for the connected account first). The owner is told by mail.
 */
export async function connectGoogle(database: Executor, userId: string, profile: GoogleProfile) {
  return inTransaction(database, async (trx) => {
    const user = await trx
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .where('deletedAt', 'is', null)
      .forUpdate()
      .executeTakeFirst()
    if (!user) throw new GoogleConnectionError('Sign in again to connect Google.')
    if (user.externalId === profile.id) return user
    if (user.externalId) throw new GoogleConnectionError(GOOGLE_ALREADY_CONNECTED)
    const other = await trx
      .selectFrom('users')
      .select('id')
      .where('externalId', '=', profile.id)
      .executeTakeFirst()
    if (other) throw new GoogleConnectionError(GOOGLE_TAKEN)
    const connected = await trx
      .updateTable('users')
      .set({ externalId: profile.id, googleDisconnectedAt: null, updatedAt: new Date() })
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow()
    await enqueueMail(
      trx,
      connectionMail(user, 'mails.googleChanged.connected', {
        google: (t: MailWords) => googleAccountLabel(googleAccountName(profile), profile.email, t),
      }),
    )
    return connected
  })
}

export type DisconnectResult = { ok: true } | { ok: false; message: string }

/**
 * Unlinks Google, unless it is the account's only way in: an account with neither a password nor
 * a passkey must set a password first (decision 067). The same address no longer links itself at
 * the next Google sign-in (googleDisconnectedAt), or disconnecting would undo itself.
 */
export async function disconnectGoogle(
  database: Executor,
  userId: string,
): Promise<DisconnectResult> {
  return inTransaction(database, async (trx) => {
    const user = await trx
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirstOrThrow()
    if (!user.externalId) return { ok: false, message: GOOGLE_NOT_CONNECTED }
    // A passkey is a way in too (decision 064): an account with one may go without Google.
    if (!user.passwordHash && (await waysIn(trx, userId)).passkeys === 0)
      return { ok: false, message: SET_PASSWORD_FIRST }
    await trx
      .updateTable('users')
      .set({ externalId: null, googleDisconnectedAt: new Date(), updatedAt: new Date() })
      .where('id', '=', userId)
      .execute()
    await enqueueMail(trx, connectionMail(user, 'mails.googleChanged.disconnected'))
    return { ok: true }
  })
}

function connectionMail(
  user: User,
  what: 'mails.googleChanged.connected' | 'mails.googleChanged.disconnected',
  values: { google?: (t: MailWords) => string } = {},
) {
  const { APP_URL, SUPPORT_EMAIL } = env()
  const t = mailWords(mailLocale(user))
  return {
    to: user.email,
    subject: t('mails.googleChanged.subject'),
    text: paragraphs(
      t('mails.greeting', { name: isolate(displayName(user)) }),
      t(what, { username: isolate(user.username), google: values.google?.(t) ?? '' }),
      t('mails.googleChanged.notYou', {
        passwordLink: `${APP_URL}/settings/password`,
        support: SUPPORT_EMAIL,
      }),
    ),
  }
}
