import crypto from 'node:crypto'
import { z } from 'zod'
import { env } from '~/env.server'
import { isolate } from '~/lib/bidi'
import { type Executor, inTransaction } from '../platform/db.server'
import { enqueueMail } from '../platform/mail.server'
import { endUserSessions } from './session.server'
import { secondFactorStamp } from './two-factor.server'

// Issue 38.2, decision 078: a Google sign-in proves an address, not who registered the unverified
// account that holds it. Usually that is the owner themselves, so nothing is removed silently: the
// address hears what went, the one taking over sees it, and an account guarded by a second factor
// or a passkey is taken over only through a link mailed to the address.

/**
 * Ends every way into an account except its address: sessions, passkeys, two-factor with its
 * recovery codes, and links still waiting (reset, verification, email change). For a deleted
 * account, and for an unverified one taken over by the Google account of its address.
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
  table: 'sessions' | 'passkeys' | 'emailChangeTokens' | 'passwordResetTokens',
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

/** The ways in a takeover would remove, in words, one line each; empty when there are none. */
export async function waysInOf(database: Executor, userId: string) {
  const user = await database
    .selectFrom('users')
    .select(['passwordHash', 'externalId'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  const twoFactor = await database
    .selectFrom('userTwoFactors')
    .select('confirmedAt')
    .where('userId', '=', userId)
    .executeTakeFirst()
  const [sessions, passkeys, changes, resets] = await Promise.all([
    count(database, 'sessions', userId),
    count(database, 'passkeys', userId),
    count(database, 'emailChangeTokens', userId),
    count(database, 'passwordResetTokens', userId),
  ])
  const ways: string[] = []
  if (user.passwordHash) ways.push('the password')
  if (twoFactor?.confirmedAt) ways.push('two-factor authentication and its recovery codes')
  if (passkeys) ways.push(plural(passkeys, 'passkey', 'passkeys'))
  if (sessions)
    ways.push(`${plural(sessions, 'signed-in session', 'signed-in sessions')} (signed out)`)
  if (user.externalId) ways.push('another Google account connected to it')
  if (changes) ways.push('a pending change of the email address')
  if (resets) ways.push('password reset links not yet used')
  return ways
}

/** An account with a second factor or a passkey is never taken over by Google alone. */
export async function isGuarded(database: Executor, userId: string) {
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
  return Boolean(twoFactor || passkey)
}

interface Account {
  id: string
  email: string
  username: string
}

/**
 * The unverified account becomes the Google account's: verified, without a password, every other
 * way in gone. The address is told what was removed, and the list is returned for the page.
 *
 * Null when the account is no longer there to take over: its row is locked first and read again,
 * so of two takeovers at once (a link posted twice, two callbacks) one finishes and the other
 * sees it verified. `stamp`, from a mailed link, must still match the account's state under the
 * lock, so the link works once whatever the timing (decision 087).
 */
export async function takeOverUnverified(
  database: Executor,
  account: Account,
  google: { id: string; email: string },
  stamp?: string,
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
    if (stamp !== undefined && (await secondFactorStamp(trx, account.id)) !== stamp) return null
    const removed = await waysInOf(trx, account.id)
    await revokeWaysIn(trx, account.id)
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
    if (removed.length) await enqueueMail(trx, removedMail(account, google.email, removed))
    return removed
  })
}

function removedMail(account: Account, googleEmail: string, removed: string[]) {
  const { APP_NAME, APP_URL, SUPPORT_EMAIL } = env()
  return {
    to: account.email,
    subject: `Ways into your ${APP_NAME} account were removed`,
    text:
      `Hello,\n\nThe ${APP_NAME} account registered with this address (username ${isolate(account.username)}) had never verified it. ` +
      `The Google account ${googleEmail}, which holds this address, has just signed in to it, so only that Google account keeps a way in. Removed:\n\n` +
      removed.map((line) => `- ${line}\n`).join('') +
      `\nFrom now on, sign in with Google; you can set a password again at ${APP_URL}/forgot-password.\n\n` +
      `If you did not sign in with Google just now, write to ${SUPPORT_EMAIL}.\n`,
  }
}

/** How long the mailed link to finish a guarded takeover lasts. */
export const TAKEOVER_LINK_HOURS = 1
export const TAKEOVER_PATH = '/login/google-takeover'

// Its own key, derived for this purpose alone: no other signed value can pass for a link.
const linkKey = () =>
  Buffer.from(
    crypto.hkdfSync('sha256', env().SESSION_SECRET, 'prooftrack google takeover', 'link v1', 32),
  )
const mac = (payload: string) =>
  crypto.createHmac('sha256', linkKey()).update(payload).digest('base64url')

const TakeoverLink = z.object({
  userId: z.string().uuid(),
  googleId: z.string().max(255),
  googleEmail: z.string().max(320),
  expires: z.number(),
  /** The account's state when mailed: any sign-in with a code, new password or takeover ends it. */
  stamp: z.string().max(64),
})
type TakeoverLink = z.infer<typeof TakeoverLink>

/**
 * A guarded account: nothing changes yet. The address gets a link that finishes the takeover;
 * the link is signed, lasts an hour and works once (its stamp no longer matches afterwards).
 */
export async function mailTakeoverLink(
  database: Executor,
  account: Account,
  google: { id: string; email: string },
) {
  const link: TakeoverLink = {
    userId: account.id,
    googleId: google.id,
    googleEmail: google.email,
    expires: Date.now() + TAKEOVER_LINK_HOURS * 3_600_000,
    stamp: (await secondFactorStamp(database, account.id)) ?? '',
  }
  const payload = Buffer.from(JSON.stringify(link)).toString('base64url')
  const url = `${env().APP_URL}${TAKEOVER_PATH}?token=${payload}.${mac(payload)}`
  const removed = await waysInOf(database, account.id)
  const { APP_NAME } = env()
  await enqueueMail(database, {
    to: account.email,
    subject: `Finish signing in to your ${APP_NAME} account with Google`,
    text:
      `Hello,\n\nThe Google account ${google.email}, which holds this address, tried to sign in to the ${APP_NAME} account registered with it (username ${isolate(account.username)}). ` +
      `That account never verified this address, and it is protected by two-factor authentication or a passkey, so Google alone does not take it over.\n\n` +
      `To finish, open this link within ${TAKEOVER_LINK_HOURS} hour:\n${url}\n\nFinishing removes:\n\n` +
      removed.map((line) => `- ${line}\n`).join('') +
      `\nIf it was not you, ignore this mail: nothing changes.\n`,
  })
}

/** The link's account and Google account, or null when it is forged, expired or already used. */
export async function readTakeoverLink(database: Executor, token: string) {
  const [payload = '', signature = ''] = token.split('.')
  const expected = mac(payload)
  if (
    signature.length !== expected.length ||
    !crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
  )
    return null
  let parsed: ReturnType<typeof TakeoverLink.safeParse>
  try {
    parsed = TakeoverLink.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')))
  } catch {
    return null
  }
  if (!parsed.success || Date.now() > parsed.data.expires) return null
  const link = parsed.data
  const user = await database
    .selectFrom('users')
    .select(['id', 'email', 'username', 'emailVerified', 'deletedAt'])
    .where('id', '=', link.userId)
    .executeTakeFirst()
  if (!user || user.emailVerified || user.deletedAt) return null
  if ((await secondFactorStamp(database, user.id)) !== link.stamp) return null
  return {
    account: user,
    google: { id: link.googleId, email: link.googleEmail },
    stamp: link.stamp,
  }
}
