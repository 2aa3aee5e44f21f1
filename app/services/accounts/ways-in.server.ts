import { env } from '~/env.server'
import { isolate } from '~/lib/bidi'
import { type Executor, inTransaction } from '../platform/db.server'
import { enqueueMail } from '../platform/mail.server'
import { mailLocale, mailWords, paragraphs } from '../platform/mail-language.server'
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
  return englishWays(await waysInFacts(database, userId))
}

/** What a takeover removes, counted: the page says it in English, the mail in its language. */
async function waysInFacts(database: Executor, userId: string) {
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
  return {
    password: Boolean(user.passwordHash),
    sessions,
    google: Boolean(user.externalId),
    changes,
    resets,
  }
}
type WaysIn = Awaited<ReturnType<typeof waysInFacts>>

function englishWays(facts: WaysIn) {
  const ways: string[] = []
  if (facts.password) ways.push('the password')
  if (facts.sessions)
    ways.push(`${plural(facts.sessions, 'signed-in session', 'signed-in sessions')} (signed out)`)
  if (facts.google) ways.push('another Google account connected to it')
  if (facts.changes) ways.push('a pending change of the email address')
  if (facts.resets) ways.push('password reset links not yet used')
  return ways
}

/** The same lines in the mail's language. */
function mailWays(t: ReturnType<typeof mailWords>, facts: WaysIn) {
  return [
    facts.password && t('mails.removed.password'),
    facts.sessions > 0 && t('mails.removed.sessions', { count: facts.sessions }),
    facts.google && t('mails.removed.google'),
    facts.changes > 0 && t('mails.removed.change'),
    facts.resets > 0 && t('mails.removed.resets'),
  ].filter((line): line is string => Boolean(line))
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
  locale?: string | null
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
    const facts = await waysInFacts(trx, account.id)
    const removed = englishWays(facts)
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
    if (removed.length) await enqueueMail(trx, removedMail(account, google, facts))
    return removed
  })
}

function removedMail(account: Account, google: GoogleAccountName, facts: WaysIn) {
  const { APP_URL, SUPPORT_EMAIL } = env()
  const t = mailWords(mailLocale(account))
  return {
    to: account.email,
    subject: t('mails.removed.subject'),
    text: paragraphs(
      t('mails.hello'),
      t('mails.removed.text', {
        username: isolate(account.username),
        google: googleAccountLabel(google, undefined, t),
      }),
      mailWays(t, facts)
        .map((line) => `- ${line}`)
        .join('\n'),
      t('mails.removed.from', { resetLink: `${APP_URL}/forgot-password` }),
      t('mails.removed.notYou', { support: SUPPORT_EMAIL }),
    ),
  }
}
