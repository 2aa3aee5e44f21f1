import { CONFIRM_PATH } from '~/lib/time-zone'
import { createCookieSessionStorage, redirect } from '@remix-run/node'
import { Authenticator, AuthorizationError } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import { GoogleStrategy } from 'remix-auth-google'
import { z } from 'zod'
import type { User } from '#db/schema'
import { env } from '~/env.server'
import { jsonError, jsonResponse } from '~/lib/http.server'
import { safeRedirect } from '~/lib/redirect'
import { getSignedIn, type SignedIn } from './session.server'
import { getOwnedSong, parseSongId } from '../songs/songs.server'
import { getOwnedSongWithStatuses } from '../co-writers/split-statuses.server'
import { isAdmin, signInWithGoogle, verifyLogin } from './users.server'
import { connectGoogle } from './google-connection.server'
import { db } from '../platform/db.server'
import { redirectWithToast } from '../platform/toast.server'
import { hasTwoFactor } from './two-factor.server'
import { cookieSecrets } from '../platform/cookie-keys.server'

// The sign-in route reads remix-auth's error through this module: a route importing the
// CommonJS package itself pulled Remix's server runtime into the browser bundle (decision 044).
export { AuthorizationError }

export const LOGIN_FAILED_MESSAGE = 'Invalid username/email or password'
/** SPEC §8: the server's fallback message, and the client's words when there is no message. */
export const LOGIN_FALLBACK = 'Login failed'
export const LOGIN_NO_MESSAGE = 'Please check your credentials and try again.'

/**
 * remix-auth runs the strategies; it never writes our session. Its own cookie only carries the
 * OAuth state across the trip to Google, so anonymous visitors create no session rows.
 */
let stateStorage:
  ReturnType<typeof createCookieSessionStorage<{ from: 'register' | 'connect' }>> | undefined
export function oauthStateStorage() {
  const e = env()
  stateStorage ??= createCookieSessionStorage({
    cookie: {
      name: 'pt_oauth',
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: e.isProduction,
      secrets: cookieSecrets('google-state'),
      maxAge: 10 * 60,
    },
  })
  return stateStorage
}

let authenticator: Authenticator<User> | undefined
export function getAuthenticator() {
  if (authenticator) return authenticator
  const e = env()
  authenticator = new Authenticator<User>(oauthStateStorage(), {
    sessionKey: 'oauth:user',
    throwOnError: true,
  })
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const usernameOrEmail = form.get('usernameOrEmail')
      const password = form.get('password')
      if (typeof usernameOrEmail !== 'string' || typeof password !== 'string')
        throw new AuthorizationError(LOGIN_FAILED_MESSAGE)
      const user = await verifyLogin(db(), usernameOrEmail, password)
      if (!user) throw new AuthorizationError(LOGIN_FAILED_MESSAGE)
      return user
    }),
    'form',
  )
  if (e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET) {
    for (const name of ['google', 'google-alternative']) {
      const strategy = new ConfigurableGoogleStrategy(
        {
          clientID: e.GOOGLE_CLIENT_ID,
          clientSecret: e.GOOGLE_CLIENT_SECRET,
          callbackURL: `${e.APP_URL}/api/auth/google/callback`,
          scope: ['openid', 'profile', 'email'],
          accessType: 'offline',
          prompt: 'select_account',
        },
        // The settings' "connect" flow names the signed-in account in the context (decision 067).
        async ({ profile, context }) => {
          const connectTo = context?.connectUserId
          return typeof connectTo === 'string'
            ? connectGoogle(db(), connectTo, googleProfile(profile._json))
            : signInWithGoogle(db(), googleProfile(profile._json))
        },
        {
          authorizationURL: e.GOOGLE_AUTHORIZATION_URL,
          tokenURL: e.GOOGLE_TOKEN_URL,
          userInfoURL: e.GOOGLE_USERINFO_URL,
        },
      )
      authenticator.use(strategy, name)
    }
  }
  return authenticator
}

type GoogleOptions = ConstructorParameters<typeof GoogleStrategy<User>>[0]
type GoogleVerify = ConstructorParameters<typeof GoogleStrategy<User>>[1]

/** Google's endpoints come from configuration, so tests and staging can use a local OAuth server. */
class ConfigurableGoogleStrategy extends GoogleStrategy<User> {
  private readonly endpoints: { userInfoURL: string }
  constructor(
    options: GoogleOptions,
    verify: GoogleVerify,
    endpoints: { authorizationURL: string; tokenURL: string; userInfoURL: string },
  ) {
    super(options, verify)
    this.authorizationURL = endpoints.authorizationURL
    this.tokenURL = endpoints.tokenURL
    this.endpoints = endpoints
  }

  async userProfile(accessToken: string) {
    const response = await fetch(this.endpoints.userInfoURL, {
      headers: { Authorization: `Bearer ${accessToken}` },
    })
    if (!response.ok) throw new Error(`Google userinfo answered ${response.status}`)
    const raw: unknown = await response.json()
    const info = GoogleUserInfo.parse(raw)
    return {
      provider: 'google',
      id: info.sub,
      displayName: info.name ?? '',
      name: { familyName: info.family_name ?? '', givenName: info.given_name ?? '' },
      emails: [{ value: info.email }],
      photos: [{ value: info.picture ?? '' }],
      _json: info,
    } as Awaited<ReturnType<GoogleStrategy<User>['userProfile']>>
  }
}

const GoogleUserInfo = z.object({
  sub: z.string().min(1),
  email: z.email(),
  email_verified: z.union([z.boolean(), z.literal('true'), z.literal('false')]).optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
  picture: z.url().optional(),
})

function googleProfile(raw: unknown) {
  const info = GoogleUserInfo.parse(raw)
  return {
    id: info.sub,
    email: info.email,
    emailVerified: info.email_verified === true || info.email_verified === 'true',
    givenName: info.given_name,
    familyName: info.family_name,
    displayName: info.name,
    picture: info.picture,
  }
}

export function isGoogleConfigured() {
  const e = env()
  return Boolean(e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET)
}

// Root and route loaders of one request ask for the same user at the same moment, but Remix
// hands each loader its own Request: lookups in flight are shared by session cookie, and
// forgotten as soon as they settle, so nothing is ever served stale.
const inFlight = new Map<string, Promise<SignedIn | null>>()

/** The signed-in user and whether a co-writer's decision waits to be told (the root loader's toast). */
export function getSignedInUser(request: Request) {
  const key = request.headers.get('Cookie') ?? ''
  if (!key.includes('pt_session=')) return getSignedIn(key)
  let pending = inFlight.get(key)
  if (!pending) {
    pending = getSignedIn(key).finally(() => inFlight.delete(key))
    inFlight.set(key, pending)
  }
  return pending
}

export async function getUser(request: Request): Promise<User | null> {
  return (await getSignedInUser(request))?.user ?? null
}

function loginRedirect(request: Request) {
  const url = new URL(request.url)
  const redirectTo = safeRedirect(`${url.pathname}${url.search}`)
  const search = redirectTo === '/' ? '' : `?${new URLSearchParams({ redirectTo })}`
  return redirect(`/login${search}`)
}

/** The signed-in user, or a redirect to sign in that brings them back here. */
export async function requireUser(request: Request) {
  const user = await getUser(request)
  if (!user) throw loginRedirect(request)
  return user
}

/** Pages for signed-out visitors (login, register) send a signed-in user home. */
export async function requireAnonymous(request: Request) {
  if (await getUser(request)) throw redirect('/')
}

const ADMIN_REQUIRED = 'Admin access required'
export const ADMIN_SECOND_FACTOR_REQUIRED =
  'The administrator must sign in with a second factor (two-factor authentication).'
export const TWO_FACTOR_SETTINGS = '/settings/two-factor'

/** Whether this request's session passed a second factor (a code or a passkey). */
async function passedSecondFactor(request: Request) {
  return Boolean((await getSignedInUser(request))?.session.secondFactorAt)
}

/**
 * Admin pages: visitors are sent to sign in; signed-in non-admins get 403; the admin's session
 * must have passed a second factor (issue 28), else they are sent to turn two-factor on, or,
 * when it is on, told to sign in again with the code.
 */
export async function requireAdmin(request: Request) {
  const user = await requireUser(request)
  if (!isAdmin(user)) throw new Response(ADMIN_REQUIRED, { status: 403 })
  await requireAdminSecondFactor(request, user)
  return user
}

/** For an admin page that answers others itself (Access Denied): only the second-factor rule. */
export async function requireAdminSecondFactor(request: Request, user: User) {
  if (await passedSecondFactor(request)) return
  const enrolled = await hasTwoFactor(db(), user.id)
  throw await redirectWithToast(`${TWO_FACTOR_SETTINGS}?required=admin`, {
    type: 'error',
    title: 'Second factor required',
    description: enrolled
      ? 'Admin pages need a session that passed two-factor: confirm with your authenticator code, or sign out and sign in again with it.'
      : 'Admin pages need two-factor authentication: turn it on here first.',
  })
}

/** JSON routes: the signed-in user, or a `{ message }` 401 (an API client is never redirected). */
export async function requireApiUser(request: Request) {
  return (await requireApiSignedIn(request)).user
}

/** requireApiUser, with the session's other facts: the owner's data version (decision 089). */
export async function requireApiSignedIn(request: Request) {
  const signedIn = await getSignedInUser(request)
  if (!signedIn) throw jsonError(401, 'Unauthorized')
  return signedIn
}

/** JSON routes for the admin: 401 for visitors, 403 for everyone else. */
export async function requireApiAdmin(request: Request) {
  const user = await requireApiUser(request)
  if (!isAdmin(user)) throw jsonError(403, ADMIN_REQUIRED)
  if (!(await passedSecondFactor(request))) throw jsonError(403, ADMIN_SECOND_FACTOR_REQUIRED)
  return user
}

/** Sensitive changes ask again when the session is older than this (issue 28: 10 minutes). */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000

/**
 * Sensitive changes (password, two-factor, deleting the account…) need a session that signed in
 * or proved its owner again within 10 minutes; else the person is sent to the confirm page, which
 * brings them back. A form's POST comes back to its page (its values cannot survive the trip).
 */
export async function requireRecentSignIn(request: Request, user: User) {
  if (await signedInRecently(request, user)) return
  const url = new URL(request.url)
  const back = request.method === 'GET' ? `${url.pathname}${url.search}` : url.pathname
  throw redirect(`${CONFIRM_PATH}?${new URLSearchParams({ redirectTo: safeRedirect(back) })}`)
}

/** JSON routes of sensitive changes (adding a passkey): 403 with where to confirm, no redirect. */
export async function requireApiRecentSignIn(request: Request, user: User) {
  if (!(await signedInRecently(request, user)))
    throw jsonResponse({ message: RECENT_SIGN_IN_REQUIRED, confirm: CONFIRM_PATH }, { status: 403 })
}

/** `authorize` of the JSON routes that add a passkey: signed in, and recently. */
export async function requireApiUserSignedInRecently(request: Request) {
  const user = await requireApiUser(request)
  await requireApiRecentSignIn(request, user)
  return user
}

export const RECENT_SIGN_IN_REQUIRED =
  'For your security, confirm it’s you (sign in again) before this change.'

async function signedInRecently(request: Request, user: User) {
  const signedIn = await getSignedInUser(request)
  if (!signedIn || signedIn.user.id !== user.id) return false
  const { createdAt, reauthenticatedAt } = signedIn.session
  const last = Math.max(
    new Date(createdAt).getTime(),
    reauthenticatedAt ? new Date(reauthenticatedAt).getTime() : 0,
  )
  return Date.now() - last <= RECENT_SIGN_IN_MS
}

/** One 404 for a song that is missing, malformed or someone else's: they must look the same. */
export function songNotFound() {
  return jsonError(404, 'Song not found')
}

/** The song id from a route parameter, or the song 404. */
export function requireSongId(param: string | undefined) {
  const id = parseSongId(param)
  if (id === null) throw songNotFound()
  return id
}

/** The user's own song with its contributions and registration, or the song 404. */
export async function requireSongOwner(userId: string, param: string | undefined) {
  const song = await getOwnedSong(db(), userId, requireSongId(param))
  if (!song) throw songNotFound()
  return song
}

/**
 * The user's own song with its slots' statuses, in one statement (issue 16), or the song 404:
 * for the pages that show where the co-writers' answers stand.
 */
export async function requireSongWithStatuses(userId: string, param: string | undefined) {
  const found = await getOwnedSongWithStatuses(db(), userId, requireSongId(param))
  if (!found) throw songNotFound()
  return found
}
