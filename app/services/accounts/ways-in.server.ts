import { env } from '~/env.server'
import { isolate } from '~/lib/bidi'
import { type Executor, inTransaction } from '../platform/db.server'
import { enqueueMail } from '../platform/mail.server'
import { type GoogleAccountName, googleAccountLabel } from './google-account.server'
import { endUserSessions } from './session.server'

// Issue 38.2, decision 078: a Google sign-in proves an address, not who registered the unverified
// account that holds it. Usually that is the owner themselves, so nothing is removed silently: the
// address hears what went and the one taking over sees it. Issue 50.1, decision 109: an account
// with a second factor or a passkey is never taken over, by any path.

/**
 * Ends every way into an account except its address: sessions, passkeys, two-factor with its
 * recovery codes, and links still waiting (reset, verification, email change). For a deleted
 * account only: a Google takeover (takeOverUnverified) never meets a second factor or a passkey.
 */
export async function revokeWaysIn(trx: Executor, userId: string) {
  await endUserSessions(trx, userId)
  await trx.deleteFrom('passkeys').where('userId', '=', userId).execute()
  await trx.deleteFrom('twoFactorRecoveryCodes').where('userId', '=', userId).execute()
  await trx.deleteFrom('userTwoFactors').where('userId', '=', userId).execute()
  await trx.deleteFrom('passwordResetTokens').where('userId', '=', userId).execute()
  await trx.deleteFrom('emailVerificationTokens').where('userId', '=', userId).execute()
  await trx.deleteFrom('emailChangeTokens').where('userId', '=', userId).execute()
}

const count = async (
  database: Executor,
  table: 'sessions' | 'emailChangeTokens' | 'passwordResetTokens',
  userId: string,
) =>
  Number(
    (
      await database
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('userId', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  )

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** The ways in a takeover removes, in words, one line each; empty when there are none. */
export async function waysInOf(database: Executor, userId: string) {
  const user = await database
    .selectFrom('users')
    .select(['passwordHash', 'externalId'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  const [sessions, changes, resets] = await Promise.all([
    count(database, 'sessions', userId),
    count(database, 'emailChangeTokens', userId),
    count(database, 'passwordResetTokens', userId),
  ])
  const ways: string[] = []
  if (user.passwordHash) ways.push('the password')
  if (sessions)
    ways.push(`${plural(sessions, 'signed-in session', 'signed-in sessions')} (signed out)`)
  if (user.externalId) ways.push('another Google account connected to it')
  if (changes) ways.push('a pending change of the email address')
  if (resets) ways.push('password reset links not yet used')
  return ways
}

/** The account's second factor and passkeys: what no Google sign-in ever removes or skips. */
export async function guardsOf(database: Executor, userId: string) {
  const [twoFactor, passkey] = await Promise.all([
    database
      .selectFrom('userTwoFactors')
      .select('userId')
      .where('userId', '=', userId)
      .where('confirmedAt', 'is not', null)
      .executeTakeFirst(),
    database
      .selectFrom('passkeys')
      .select('userId')
      .where('userId', '=', userId)
      .executeTakeFirst(),
  ])
  return { twoFactor: Boolean(twoFactor), passkey: Boolean(passkey) }
}

interface Account {
  id: string
  email: string
  username: string
}

/**
 * The unverified account with neither a second factor nor a passkey becomes the Google
 * account's: verified, without a password, its sessions and waiting links gone. The address is
 * told what was removed, and the list is returned for the toast.
 *
 * Null when the account is no longer there to take over: its row is locked first and read again,
 * so of two takeovers at once one finishes and the other sees it verified; and null when it has a
 * second factor or a passkey by then (decision 109), which the caller answers as such.
 */
export async function takeOverUnverified(
  database: Executor,
  account: Account,
  google: { id: string } & GoogleAccountName,
) {
  return inTransaction(database, async (trx) => {
    const locked = await trx
      .selectFrom('users')
      .select('id')
      .where('id', '=', account.id)
      .where('emailVerified', '=', false)
      .where('deletedAt', 'is', null)
      .forUpdate()
      .executeTakeFirst()
    if (!locked) return null
    const guards = await guardsOf(trx, account.id)
    if (guards.twoFactor || guards.passkey) return null
    const removed = await waysInOf(trx, account.id)
    await endUserSessions(trx, account.id)
    // A key set up but never confirmed is no second factor, and its squatter knows it: the new
    // owner must not be offered it to confirm. Only that: one confirmed meanwhile stays.
    await trx
      .deleteFrom('userTwoFactors')
      .where('userId', '=', account.id)
      .where('confirmedAt', 'is', null)
      .execute()
    await trx.deleteFrom('passwordResetTokens').where('userId', '=', account.id).execute()
    await trx.deleteFrom('emailVerificationTokens').where('userId', '=', account.id).execute()
    await trx.deleteFrom('emailChangeTokens').where('userId', '=', account.id).execute()
    await trx
      .updateTable('users')
      .set({
        emailVerified: true,
        passwordHash: null,
        externalId: google.id,
        updatedAt: new Date(),
      })
      .where('id', '=', account.id)
      .execute()
    if (removed.length) await enqueueMail(trx, removedMail(account, google, removed))
    return removed
  })
}

function removedMail(account: Account, google: GoogleAccountName, removed: string[]) {
  const { APP_NAME, APP_URL, SUPPORT_EMAIL } = env()
  return {
    to: account.email,
    subject: `Ways into your ${APP_NAME} account were removed`,
    text:
      `Hello,\n\nThe ${APP_NAME} account registered with this address (username ${isolate(account.username)}) had never verified it. ` +
      `The Google account ${googleAccountLabel(google)}, which Google says holds this address, has just signed in to it, so only that Google account keeps a way in. Removed:\n\n` +
      removed.map((line) => `- ${line}\n`).join('') +
      `\nFrom now on, sign in with Google; you can set a password again at ${APP_URL}/forgot-password.\n\n` +
      `If you did not sign in with Google just now, write to ${SUPPORT_EMAIL}.\n`,
  }
}
