import { isolate } from '~/lib/bidi'
import crypto from 'node:crypto'
import { sql } from 'kysely'
import type { User } from '#db/schema'
import { env } from '~/env.server'
import type { RegisterInput } from '~/lib/auth-schemas'
import { type Executor, inTransaction } from '../platform/db.server'
import { hit, LIMITS } from '../platform/rate-limit.server'
import { enqueueMail } from '../platform/mail.server'
import { mailLocale, mailWords, paragraphs } from '../platform/mail-language.server'
import { hashPassword, verifyPassword } from './password.server'
import { guardsOf, takeOverUnverified } from './ways-in.server'
import {
  type GoogleAccountName,
  googleAccountLabel,
  googleAccountName,
} from './google-account.server'
import { displayName } from '~/lib/display-name'

export const RESERVED_EMAIL_MESSAGE =
  'This email address is reserved. Please use a different email address.'

export const GOOGLE_DISCONNECTED_MESSAGE =
  'Google sign-in was disconnected from this account. Sign in with your password, then connect Google again from Settings.'

export class FieldError extends Error {
  constructor(
    public readonly field: string,
    message: string,
  ) {
    super(message)
  }
}

export function isSupportEmail(email: string) {
  return email.trim().toLowerCase() === env().SUPPORT_EMAIL.toLowerCase()
}

/** The administrator is the support account, and only once its email is verified. */
export function isAdmin(user: Pick<User, 'email' | 'emailVerified'> | null | undefined) {
  return Boolean(user && user.emailVerified && isSupportEmail(user.email))
}

export async function getUserById(database: Executor, id: string) {
  return database.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function getUserByEmail(database: Executor, email: string) {
  return database
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst()
}

export const USERNAME_TAKEN = 'Username is already taken'

/** SPEC §8's answer to a sign-up, the same whether the address was free or taken (decision 094). */
export const REGISTERED = {
  title: 'Registration successful',
  description: 'Please log in with your new account.',
}

/** What a sign-up did; the two kinds are answered alike (decision 094). */
export type SignUpResult = { kind: 'created'; user: User } | { kind: 'address-taken' }

/**
 * A new local account. A username must be free (people choose another, and usernames are shown
 * to co-writers anyway), but an address that already has an account is not said so: whoever
 * typed it gets the same answer as a new account, and the address is told by mail, where only
 * its owner reads it (decision 094). The password is hashed either way, so the answer takes
 * the same time.
 */
export async function createLocalUser(
  database: Executor,
  input: RegisterInput,
): Promise<SignUpResult> {
  if (isSupportEmail(input.email)) throw new FieldError('email', RESERVED_EMAIL_MESSAGE)
  const taken = await database
    .selectFrom('users')
    .select(['id', 'email', 'username', 'locale'])
    .where((eb) =>
      eb.or([
        eb(sql`lower(email)`, '=', input.email.toLowerCase()),
        eb(sql`lower(username)`, '=', input.username.toLowerCase()),
      ]),
    )
    .execute()
  if (taken.some((u) => u.username.toLowerCase() === input.username.toLowerCase()))
    throw new FieldError('username', USERNAME_TAKEN)
  const passwordHash = await hashPassword(input.password)
  const holder = taken.find((u) => u.email.toLowerCase() === input.email.toLowerCase())
  if (holder) return mailAddressHolder(database, holder)
  try {
    const user = await database
      .insertInto('users')
      .values({
        email: input.email.toLowerCase(),
        username: input.username,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        authProvider: 'local',
        timeZone: input.timeZone ?? null,
        updatedAt: new Date(),
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    return { kind: 'created', user }
  } catch (error) {
    // Two sign-ups racing for one name or address: the unique index decides.
    const message = error instanceof Error ? error.message : ''
    if (message.includes('users_username_key')) throw new FieldError('username', USERNAME_TAKEN)
    if (message.includes('users_email_key')) {
      const winner = await getUserByEmail(database, input.email)
      if (winner) return mailAddressHolder(database, winner)
    }
    throw error
  }
}

/** Tells an address's account that someone tried to sign up with it, at most once an hour. */
async function mailAddressHolder(
  database: Executor,
  holder: Pick<User, 'id' | 'email'> & { locale?: string | null },
): Promise<SignUpResult> {
  const limit = await hit(LIMITS.signUpWithTakenAddressPerUser(holder.id))
  if (limit.allowed) {
    const { APP_URL } = env()
    const t = mailWords(mailLocale(holder))
    await enqueueMail(database, {
      to: holder.email,
      subject: t('mails.addressTaken.subject'),
      text: paragraphs(
        t('mails.addressTaken.text'),
        `${t('mails.addressTaken.signIn')}\n${APP_URL}/login`,
        `${t('mails.addressTaken.forgot')}\n${APP_URL}/forgot-password`,
        t('mails.addressTaken.notYou'),
      ),
    })
  }
  return { kind: 'address-taken' }
}

// A sign-in name with an at-sign is an email, otherwise a username; both case-insensitive.
function byLogin(database: Executor, usernameOrEmail: string) {
  const login = usernameOrEmail.trim().toLowerCase()
  return database
    .selectFrom('users')
    .where((eb) =>
      login.includes('@')
        ? eb(sql`lower(email)`, '=', login)
        : eb(sql`lower(username)`, '=', login),
    )
}

/** Username or email (email case-insensitive) plus password; null when they do not match. */
export async function verifyLogin(database: Executor, usernameOrEmail: string, password: string) {
  const user = await byLogin(database, usernameOrEmail).selectAll().executeTakeFirst()
  const ok = await verifyPassword(user?.passwordHash ?? null, password)
  return ok && user ? user : null
}

/** The account a sign-in name names, whichever of the two it is; null when none. */
export async function findLoginAccountId(database: Executor, usernameOrEmail: string) {
  const row = await byLogin(database, usernameOrEmail).select('id').executeTakeFirst()
  return row?.id ?? null
}

export interface GoogleProfile {
  id: string
  email: string
  emailVerified: boolean
  givenName?: string
  familyName?: string
  displayName?: string
  picture?: string
}

export { revokeWaysIn } from './ways-in.server'

/**
 * A Google sign-in that signs no one in yet, because the account it found has a second factor
 * or a passkey (decision 109): the passkey is asked, or the mailbox first (a link that continues
 * to the code) when the account never verified its address. The caller tells the visitor.
 */
export class GoogleSignInStop extends Error {
  constructor(
    readonly next:
      | { kind: 'passkey' }
      | {
          kind: 'mailbox'
          account: Pick<User, 'id' | 'email' | 'username'>
          google: GoogleAccountName
        },
  ) {
    super(
      next.kind === 'passkey' ? 'the account asks for its passkey' : 'the mailbox is asked first',
    )
  }
}

// The taker of an unverified account sees what was removed (decision 078), on the next page.
const takenOver = new WeakMap<object, string[]>()
/** What a takeover by this sign-in removed, for its toast; null when it took over nothing. */
export function removedByTakeover(user: object) {
  return takenOver.get(user) ?? null
}

/**
 * A Google account signs into the user with the same email, or creates one. Google has proved
 * the address, so a matching account without a second factor or a passkey becomes verified — and
 * if it was not verified before, a password set by whoever registered that address first is
 * dropped and its sessions ended, so a squatter who registered someone else's email cannot keep
 * a way in. An account with a second factor or a passkey is never changed by it (decision 109):
 * it asks for the code, or the passkey, as after a password; Google is connected to it only
 * from the settings.
 */
export async function signInWithGoogle(database: Executor, profile: GoogleProfile): Promise<User> {
  const email = profile.email.trim().toLowerCase()
  if (!profile.emailVerified) throw new Error('Your Google account email is not verified.')
  // A connected Google account signs in to the account it was connected to, whatever either
  // address is now (decision 067: connecting from the settings, changing the email).
  const connected = await database
    .selectFrom('users')
    .selectAll()
    .where('externalId', '=', profile.id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst()
  if (connected) return connected
  if (isSupportEmail(email)) throw new Error(RESERVED_EMAIL_MESSAGE)
  const existing = await getUserByEmail(database, email)
  // The owner disconnected Google: the same address no longer links itself again.
  if (existing?.googleDisconnectedAt) throw new Error(GOOGLE_DISCONNECTED_MESSAGE)
  if (existing) {
    const google = googleAccountName(profile)
    const guards = await guardsOf(database, existing.id)
    if (guards.twoFactor) {
      // Google stands where the password would, and completeSignIn asks the code next. For an
      // unverified account the mailbox is asked first: Google vouches for the address, not for
      // whoever registered it, and its identity can outlive the mailbox (issue 50.1 b).
      if (!existing.emailVerified)
        throw new GoogleSignInStop({ kind: 'mailbox', account: existing, google })
      return existing
    }
    // A passkey signs in alone (decision 064); Google by address does not stand in for it.
    if (guards.passkey) throw new GoogleSignInStop({ kind: 'passkey' })
    if (!existing.emailVerified) {
      const removed = await takeOverUnverified(database, existing, { id: profile.id, ...google })
      // Null: another sign-in took it over meanwhile, or it gained a second factor; start again
      // from what the account is now.
      if (!removed) return signInWithGoogle(database, profile)
      const user = (await getUserById(database, existing.id))!
      takenOver.set(user, removed)
      return user
    } else if (!existing.externalId) {
      await inTransaction(database, async (trx) => {
        await trx
          .updateTable('users')
          .set({ externalId: profile.id, updatedAt: new Date() })
          .where('id', '=', existing.id)
          .execute()
        // A new way into an account that has a password: its owner hears of it (decision 017).
        if (existing.passwordHash) await enqueueMail(trx, googleLinkedMail(existing, google))
      })
    }
    return (await getUserById(database, existing.id))!
  }
  const username = await uniqueUsername(
    database,
    profile.displayName ||
      [profile.givenName, profile.familyName].filter(Boolean).join(' ') ||
      email.split('@')[0] ||
      'user',
  )
  return database
    .insertInto('users')
    .values({
      email,
      username,
      firstName: profile.givenName?.slice(0, 50) ?? null,
      lastName: profile.familyName?.slice(0, 50) ?? null,
      profileImageUrl: profile.picture ?? null,
      authProvider: 'google',
      externalId: profile.id,
      emailVerified: true,
      updatedAt: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

function googleLinkedMail(user: User, google: GoogleAccountName) {
  const { APP_URL, SUPPORT_EMAIL } = env()
  const t = mailWords(mailLocale(user))
  return {
    to: user.email,
    subject: t('mails.googleAdded.subject'),
    text: paragraphs(
      t('mails.greeting', { name: isolate(displayName(user)) }),
      t('mails.googleAdded.text', {
        username: isolate(user.username),
        google: googleAccountLabel(google, undefined, t),
      }),
      t('mails.googleAdded.ifYou'),
      t('mails.googleAdded.notYou', {
        resetLink: `${APP_URL}/forgot-password`,
        support: SUPPORT_EMAIL,
      }),
    ),
  }
}

async function uniqueUsername(database: Executor, source: string) {
  let base = source
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_ ]/g, '')
    .trim()
    .replace(/\s+/g, '_')
    .toLowerCase()
    .slice(0, 24)
  if (base.length < 3) base = `user_${base}`.slice(0, 24)
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = attempt === 0 ? base : `${base}_${crypto.randomInt(1000, 99999)}`
    const taken = await database
      .selectFrom('users')
      .select('id')
      .where(sql`lower(username)`, '=', candidate)
      .executeTakeFirst()
    if (!taken) return candidate
  }
  return `user_${crypto.randomBytes(6).toString('hex')}`
}

export async function setPassword(database: Executor, userId: string, password: string) {
  await database
    .updateTable('users')
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where('id', '=', userId)
    .execute()
}

/** What the browser may know about a user: never the password hash or payment ids. */
export function toPublicUser(user: User) {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    displayName: displayName(user),
    profileImageUrl: user.profileImageUrl,
    authProvider: user.authProvider,
    emailVerified: user.emailVerified,
    subscriptionTier: user.subscriptionTier,
    isAdmin: isAdmin(user),
    createdAt: user.createdAt.toISOString(),
  }
}
export type PublicUser = ReturnType<typeof toPublicUser>
