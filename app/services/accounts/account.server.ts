import { sql } from 'kysely'
import type { User } from '#db/schema'
import { env } from '~/env.server'
import type { PasswordChangeInput, ProfileInput } from '~/lib/account-schemas'
import { locksSong } from '~/lib/song-lock'
import { type Executor, inTransaction } from '../platform/db.server'
import { enqueueMail } from '../platform/mail.server'
import { mailLocale, mailWords, paragraphs } from '../platform/mail-language.server'
import { hashPassword, verifyPassword } from './password.server'
import { forgetAddressLimits, hit, LIMITS, type LimitResult } from '../platform/rate-limit.server'
import { endUserSessions } from './session.server'
import { displayName } from '~/lib/display-name'
import { FieldError, revokeWaysIn, USERNAME_TAKEN } from './users.server'

// Issue 28: what a signed-in person can change about their own account, and its deletion.

export const USERNAME_MISMATCH = 'Type your username exactly as it is shown'
export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct'

/**
 * First and last name, username, and the account's own PRO and PRO number (a field left empty
 * clears it); the username stays unique whatever its case.
 */
export async function updateProfile(database: Executor, userId: string, input: ProfileInput) {
  const clash = await database
    .selectFrom('users')
    .select('id')
    .where(sql`lower(username)`, '=', input.username.toLowerCase())
    .where('id', '!=', userId)
    .executeTakeFirst()
  if (clash) throw new FieldError('username', USERNAME_TAKEN)
  try {
    await database
      .updateTable('users')
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        username: input.username,
        pro: input.pro ?? null,
        proNumber: input.proNumber ?? null,
        updatedAt: new Date(),
      })
      .where('id', '=', userId)
      .execute()
  } catch (error) {
    // Two people racing for one name: the unique index decides.
    if (error instanceof Error && error.message.includes('users_username_key'))
      throw new FieldError('username', USERNAME_TAKEN)
    throw error
  }
}

export type PasswordChangeResult =
  | { ok: true }
  | { ok: false; field: 'currentPassword'; message: string }
  | { ok: false; limited: LimitResult }

/**
 * A new password, proved by the current one when the account has one (a Google-only account
 * sets its first). Every other session ends and the owner is told by mail, in one transaction.
 * Guesses at the current password count against the account, as sign-in's do.
 */
export async function changePassword(
  database: Executor,
  user: Pick<User, 'id' | 'email' | 'firstName' | 'passwordHash'> & { locale?: string | null },
  input: PasswordChangeInput,
  currentSid: string | null,
): Promise<PasswordChangeResult> {
  if (user.passwordHash) {
    const limited = await hit(LIMITS.passwordCheckPerUser(user.id))
    if (!limited.allowed) return { ok: false, limited }
    if (!(await verifyPassword(user.passwordHash, input.currentPassword ?? '')))
      return { ok: false, field: 'currentPassword', message: WRONG_CURRENT_PASSWORD }
  }
  const passwordHash = await hashPassword(input.newPassword)
  const { APP_URL, SUPPORT_EMAIL } = env()
  const t = mailWords(mailLocale(user))
  await inTransaction(database, async (trx) => {
    await trx
      .updateTable('users')
      .set({ passwordHash, updatedAt: new Date() })
      .where('id', '=', user.id)
      .execute()
    await endUserSessions(trx, user.id, currentSid ?? undefined)
    await enqueueMail(trx, {
      to: user.email,
      subject: t(user.passwordHash ? 'mails.passwordChanged.subject' : 'mails.passwordSet.subject'),
      text: paragraphs(
        t('mails.greeting', { name: displayName(user) }),
        t(user.passwordHash ? 'mails.passwordChanged.text' : 'mails.passwordSet.text'),
        t('mails.passwordChanged.notYou', {
          resetLink: `${APP_URL}/forgot-password`,
          support: SUPPORT_EMAIL,
        }),
      ),
    })
  })
  return { ok: true }
}

/** The owner's songs that can still be deleted: no registration holds them. */
export async function deletableSongs(database: Executor, userId: string) {
  const rows = await database
    .selectFrom('songs')
    .leftJoin('blockchainRegistrations as r', 'r.songId', 'songs.id')
    .select(['songs.id', 'songs.title', 'songs.createdAt', 'r.status as registrationStatus'])
    .where('songs.userId', '=', userId)
    .orderBy('songs.createdAt', 'desc')
    .execute()
  return rows
    .filter((row) => !locksSong(row.registrationStatus ? { status: row.registrationStatus } : null))
    .map(({ id, title, createdAt }) => ({ id, title, createdAt }))
}

export const SONG_REGISTERED_CANNOT_DELETE =
  'This song has been registered (or its registration is under way): its record stays and cannot be deleted.'
export const SONG_HAS_CREDIT =
  'A paid registration for this song has not been used yet. Register the song, or write to support about a refund, before deleting it.'

export type DeleteSongResult =
  | { ok: true; title: string }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'locked' | 'credit'; message: string }

/**
 * Deletes an unregistered song of its owner: its contributions, invitations and recordings' hashes
 * go with it (ON DELETE CASCADE), and so do failed registration attempts, which anchored nothing.
 * The song's row lock is taken first, so a registration claiming it at the same moment either
 * sees it gone or holds it. A paid, unused credit for the song keeps it: deleting would lose it.
 */
export async function deleteUnregisteredSong(
  database: Executor,
  userId: string,
  songId: number,
): Promise<DeleteSongResult> {
  return inTransaction(database, async (trx) => {
    const song = await trx
      .selectFrom('songs')
      .select(['id', 'title'])
      .where('id', '=', songId)
      .where('userId', '=', userId)
      .forUpdate()
      .executeTakeFirst()
    if (!song) return { ok: false, reason: 'not_found' } as const
    const registration = await trx
      .selectFrom('blockchainRegistrations')
      .select('status')
      .where('songId', '=', songId)
      .executeTakeFirst()
    if (locksSong(registration))
      return { ok: false, reason: 'locked', message: SONG_REGISTERED_CANNOT_DELETE } as const
    const credit = await trx
      .selectFrom('paymentHistory')
      .select('id')
      .where('songId', '=', songId)
      .where('status', '=', 'succeeded')
      .where('consumedAt', 'is', null)
      .where('voidedAt', 'is', null)
      .executeTakeFirst()
    if (credit) return { ok: false, reason: 'credit', message: SONG_HAS_CREDIT } as const
    await trx.deleteFrom('blockchainRegistrations').where('songId', '=', songId).execute()
    await trx.deleteFrom('songs').where('id', '=', songId).execute()
    return { ok: true, title: song.title } as const
  })
}

/** The address a deleted account's row keeps: unique, never deliverable, never a sign-in name. */
export const tombstoneEmail = (userId: string) => `deleted-${userId}@deleted.invalid`

/**
 * Deletes an account (decision 061). Personal data goes: names, email, password, Google link,
 * sessions, tokens, the unregistered songs (with their invitations and recordings), the pending
 * invitations of registered songs, contact messages, the usage counts, the mail kept for the
 * address (the final mail's own address is blanked once sent), and the person's link to
 * analytics rows. What stays, because it is a permanent public
 * record or the law asks for it: registered songs and their certificates, under the names written
 * on them, and payments. The users row stays as an empty tombstone those rows still point at. A
 * final mail confirms, to the address the account had.
 */
export async function deleteAccount(database: Executor, user: User) {
  const { SUPPORT_EMAIL } = env()
  // Its language is read before the row is blanked: the last mail is in the person's own.
  const t = mailWords(mailLocale(user))
  const oldEmail = user.email
  await inTransaction(database, async (trx) => {
    const songs = await deletableSongs(trx, user.id)
    const songIds = songs.map((song) => song.id)
    if (songIds.length > 0) {
      await trx.deleteFrom('blockchainRegistrations').where('songId', 'in', songIds).execute()
      await trx.deleteFrom('songs').where('id', 'in', songIds).execute()
    }
    await trx
      .deleteFrom('splitInvitations')
      .where('decision', 'is', null)
      .where('songId', 'in', (eb) =>
        eb.selectFrom('songs').select('id').where('userId', '=', user.id),
      )
      .execute()
    await revokeWaysIn(trx, user.id)
    await trx.deleteFrom('monthlyUsage').where('userId', '=', user.id).execute()
    await trx.deleteFrom('contactMessages').where('userId', '=', user.id).execute()
    await trx
      .deleteFrom('passwordResetRequests')
      .where('email', '=', oldEmail.toLowerCase())
      .execute()
    await trx
      .deleteFrom('mailOutbox')
      .where(sql`lower(to_address)`, '=', oldEmail.toLowerCase())
      .execute()
    await forgetAddressLimits(trx, oldEmail)
    await trx
      .updateTable('analyticsEvents')
      .set({ userId: null, sessionId: null, ipAddress: null, userAgent: null })
      .where('userId', '=', user.id)
      .execute()
    await trx
      .updateTable('users')
      .set({
        email: tombstoneEmail(user.id),
        username: `deleted_${user.id.replaceAll('-', '').slice(0, 20)}`,
        passwordHash: null,
        firstName: null,
        lastName: null,
        profileImageUrl: null,
        externalId: null,
        emailVerified: false,
        stripeCustomerId: null,
        stripeSubscriptionId: null,
        timeZone: null,
        googleDisconnectedAt: null,
        deletedAt: new Date(),
        updatedAt: new Date(),
      })
      .where('id', '=', user.id)
      .execute()
    await enqueueMail(trx, {
      to: oldEmail,
      // Its address is blanked once it has gone: the last trace of the person (decision 067).
      forgetRecipient: true,
      subject: t('mails.deleted.subject'),
      text: paragraphs(
        t('mails.greeting', { name: displayName(user) }),
        t('mails.deleted.text', { username: user.username }),
        t('mails.deleted.registered'),
        t('mails.deleted.questions', { support: SUPPORT_EMAIL }),
      ),
    })
  })
}
