import crypto from 'node:crypto'
import { createCookie } from '@remix-run/node'
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import { sql } from 'kysely'
import type { User } from '#db/schema'
import { env } from '~/env.server'
import { personalName } from '~/lib/display-name'
import { type Executor, inTransaction } from '../platform/db.server'
import { cookieSecrets } from '../platform/cookie-keys.server'

// Issue 28 (decision 064): passkeys (WebAuthn) added in settings and used to sign in alone.
// The server makes every challenge and keeps it (five minutes, one use); what the browser says
// the challenge was is only ever compared with ours, by the library, inside clientDataJSON.

const CHALLENGE_SECONDS = 5 * 60

export const PASSKEY_NOT_VERIFIED =
  'Your passkey could not be verified. Try again, or sign in with your password or Google.'
export const PASSKEY_UNKNOWN =
  'This passkey is not registered with your account here (it may have been removed). Sign in with your password or Google.'
export const PASSKEY_EXPIRED =
  'The passkey request expired or was already used. Start again with the passkey button.'
export const PASSKEY_ALREADY_ADDED = 'This passkey is already registered.'
export const LAST_WAY_IN =
  'This is your only way to sign in: set a password (or keep Google connected) before removing it.'

/** The relying party is the app's public address (APP_URL): its host name is the passkeys' scope. */
export function relyingParty() {
  const url = new URL(env().APP_URL)
  return { rpID: url.hostname, rpName: env().APP_NAME, origin: url.origin }
}

/**
 * The signed cookie naming the pending ceremony's challenge row. For a sign-in it is the only
 * binding there is (no session yet); a registration's row is also bound to the account.
 */
let cookie: ReturnType<typeof createCookie> | undefined
export function passkeyChallengeCookie() {
  cookie ??= createCookie('pt_passkey', {
    path: '/api/passkeys',
    httpOnly: true,
    sameSite: 'strict',
    secure: env().isProduction,
    secrets: cookieSecrets('passkey-ceremony'),
    maxAge: CHALLENGE_SECONDS,
  })
  return cookie
}

async function saveChallenge(
  database: Executor,
  challenge: string,
  purpose: 'register' | 'sign-in',
  userId: string | null,
) {
  const id = crypto.randomBytes(24).toString('base64url')
  // Old rows go as new ones come: the table never holds more than a few minutes of ceremonies.
  await database.deleteFrom('passkeyChallenges').where('expiresAt', '<', new Date()).execute()
  await database
    .insertInto('passkeyChallenges')
    .values({
      id,
      challenge,
      purpose,
      userId,
      expiresAt: new Date(Date.now() + CHALLENGE_SECONDS * 1000),
    })
    .execute()
  return passkeyChallengeCookie().serialize(id)
}

/** Takes (deletes) the challenge the cookie names: a second use, or a late one, finds nothing. */
async function takeChallenge(
  database: Executor,
  cookieHeader: string | null,
  purpose: 'register' | 'sign-in',
  userId: string | null,
) {
  const id: unknown = await passkeyChallengeCookie().parse(cookieHeader)
  if (typeof id !== 'string' || id.length === 0 || id.length > 64) return null
  let query = database
    .deleteFrom('passkeyChallenges')
    .where('id', '=', id)
    .where('purpose', '=', purpose)
    .where('expiresAt', '>', new Date())
  query = userId ? query.where('userId', '=', userId) : query.where('userId', 'is', null)
  const row = await query.returning('challenge').executeTakeFirst()
  return row?.challenge ?? null
}

/** The cookie that ends a ceremony (its row is already gone). */
export function clearChallengeCookie() {
  return passkeyChallengeCookie().serialize('', { maxAge: 0 })
}

const transportsOf = (value: string) =>
  value ? (value.split(',') as AuthenticatorTransport[]) : undefined

export interface PasskeyListing {
  id: number
  name: string
  createdAt: Date
  lastUsedAt: Date | null
}

/** The user's passkeys, the newest first. */
export function listPasskeys(database: Executor, userId: string): Promise<PasskeyListing[]> {
  return database
    .selectFrom('passkeys')
    .select(['id', 'name', 'createdAt', 'lastUsedAt'])
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

/**
 * Options for the browser's registration ceremony: a discoverable credential (sign-in needs no
 * username), user verification required, no attestation (we trust no vendor list), and the
 * user's passkeys excluded so one authenticator is not added twice.
 */
export async function startPasskeyRegistration(
  database: Executor,
  user: Pick<User, 'id' | 'username' | 'firstName' | 'lastName'>,
) {
  const { rpID, rpName } = relyingParty()
  const existing = await database
    .selectFrom('passkeys')
    .select(['credentialId', 'transports'])
    .where('userId', '=', user.id)
    .execute()
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: user.username,
    userDisplayName: personalName(user.firstName, user.lastName) || user.username,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({
      id: row.credentialId,
      transports: transportsOf(row.transports),
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  })
  const setCookie = await saveChallenge(database, options.challenge, 'register', user.id)
  return { options, setCookie }
}

/**
 * The library's reason for a refusal, for the log: it may quote what the browser sent, so it is
 * cut short and JSON-quoted (no control character reaches a terminal).
 */
const logText = (error: unknown) =>
  JSON.stringify((error instanceof Error ? error.message : String(error)).slice(0, 200))

export type PasskeyResult<T> = { ok: true; value: T } | { ok: false; message: string }

/** Checks the browser's registration answer against our challenge and keeps the passkey. */
export async function finishPasskeyRegistration(
  database: Executor,
  userId: string,
  cookieHeader: string | null,
  response: RegistrationResponseJSON,
  name: string,
): Promise<PasskeyResult<PasskeyListing>> {
  const expectedChallenge = await takeChallenge(database, cookieHeader, 'register', userId)
  if (!expectedChallenge) return { ok: false, message: PASSKEY_EXPIRED }
  const { rpID, origin } = relyingParty()
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    })
  } catch (error) {
    console.warn('[passkeys] registration refused:', logText(error))
    return { ok: false, message: PASSKEY_NOT_VERIFIED }
  }
  if (!verification.verified || !verification.registrationInfo)
    return { ok: false, message: PASSKEY_NOT_VERIFIED }
  const { credential } = verification.registrationInfo
  try {
    const row = await database
      .insertInto('passkeys')
      .values({
        userId,
        credentialId: credential.id,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: (credential.transports ?? []).join(','),
        name,
      })
      .returning(['id', 'name', 'createdAt', 'lastUsedAt'])
      .executeTakeFirstOrThrow()
    return { ok: true, value: row }
  } catch (error) {
    if (error instanceof Error && error.message.includes('passkeys_credential_id_key'))
      return { ok: false, message: PASSKEY_ALREADY_ADDED }
    throw error
  }
}

/** Options for a usernameless sign-in: no credentials listed, the browser offers its passkeys. */
export async function startPasskeySignIn(database: Executor) {
  const { rpID } = relyingParty()
  const options = await generateAuthenticationOptions({ rpID, userVerification: 'required' })
  const setCookie = await saveChallenge(database, options.challenge, 'sign-in', null)
  return { options, setCookie }
}

/**
 * Checks a sign-in answer: our challenge, our origin and RP ID, the user verified, the signature
 * by the stored key, and a counter that moved forward (when the authenticator keeps one). The
 * counter and last use are written only then. A deleted account's passkeys sign in to nothing.
 */
export async function finishPasskeySignIn(
  database: Executor,
  cookieHeader: string | null,
  response: AuthenticationResponseJSON,
): Promise<PasskeyResult<User>> {
  const expectedChallenge = await takeChallenge(database, cookieHeader, 'sign-in', null)
  if (!expectedChallenge) return { ok: false, message: PASSKEY_EXPIRED }
  const passkey = await database
    .selectFrom('passkeys')
    .innerJoin('users', 'users.id', 'passkeys.userId')
    .select([
      'passkeys.id',
      'passkeys.userId',
      'passkeys.credentialId',
      'passkeys.publicKey',
      'passkeys.counter',
      'passkeys.transports',
    ])
    .where('passkeys.credentialId', '=', response.id)
    .where('users.deletedAt', 'is', null)
    .executeTakeFirst()
  if (!passkey) return { ok: false, message: PASSKEY_UNKNOWN }
  // A discoverable credential names its account: it must be the one the passkey belongs to.
  const handle = response.response.userHandle
  if (handle && Buffer.from(handle, 'base64url').toString('utf8') !== passkey.userId)
    return { ok: false, message: PASSKEY_NOT_VERIFIED }
  const { rpID, origin } = relyingParty()
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: Number(passkey.counter),
        transports: transportsOf(passkey.transports),
      },
    })
  } catch (error) {
    console.warn('[passkeys] sign-in refused:', logText(error))
    return { ok: false, message: PASSKEY_NOT_VERIFIED }
  }
  if (!verification.verified) return { ok: false, message: PASSKEY_NOT_VERIFIED }
  const user = await inTransaction(database, async (trx) => {
    await trx
      .updateTable('passkeys')
      .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date() })
      .where('id', '=', passkey.id)
      .execute()
    return trx
      .selectFrom('users')
      .selectAll()
      .where('id', '=', passkey.userId)
      .executeTakeFirstOrThrow()
  })
  return { ok: true, value: user }
}

/** Renames one of the user's passkeys; false when they have none with that id. */
export async function renamePasskey(database: Executor, userId: string, id: number, name: string) {
  const result = await database
    .updateTable('passkeys')
    .set({ name })
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

/**
 * The ways an account can sign in: a password, Google, and each passkey. Another feature that
 * takes one away (Google's disconnect) asks this too, so no account is left with none.
 */
export async function waysIn(database: Executor, userId: string) {
  const row = await database
    .selectFrom('users')
    .select((eb) => [
      'passwordHash',
      'externalId',
      eb
        .selectFrom('passkeys')
        .select(sql<string>`count(*)`.as('n'))
        .whereRef('passkeys.userId', '=', 'users.id')
        .as('passkeys'),
    ])
    .where('id', '=', userId)
    .executeTakeFirst()
  return {
    password: Boolean(row?.passwordHash),
    google: Boolean(row?.externalId),
    passkeys: Number(row?.passkeys ?? 0),
  }
}

export type RemovePasskeyResult = 'removed' | 'not_found' | 'last_way_in'

/**
 * Removes one of the user's passkeys, unless it is the account's last way in. The user's row is
 * locked first, so two removals sent at once cannot each see the other passkey still there.
 */
export async function removePasskey(
  database: Executor,
  userId: string,
  id: number,
): Promise<RemovePasskeyResult> {
  return inTransaction(database, async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute()
    const mine = await trx
      .selectFrom('passkeys')
      .select('id')
      .where('id', '=', id)
      .where('userId', '=', userId)
      .executeTakeFirst()
    if (!mine) return 'not_found'
    const ways = await waysIn(trx, userId)
    if (!ways.password && !ways.google && ways.passkeys <= 1) return 'last_way_in'
    await trx.deleteFrom('passkeys').where('id', '=', id).where('userId', '=', userId).execute()
    return 'removed'
  })
}
