import { AuthorizationError } from 'remix-auth'
import { redirect } from '@remix-run/node'
import {
  getAuthenticator,
  isGoogleConfigured,
  oauthStateStorage,
  requireRecentSignIn,
  requireUser,
} from './auth.server'
import { GoogleConnectionError } from './google-connection.server'
import { mailSignInLink, SIGN_IN_LINK_HOURS, SIGN_IN_LINKS_PER_HOUR } from './google-link.server'
import { completeSignIn, takeoverToast } from './sign-in.server'
import { GOOGLE_DISCONNECTED_MESSAGE, GoogleSignInStop, removedByTakeover } from './users.server'
import { db } from '../platform/db.server'
import { redirectWithToast, type ToastInput } from '../platform/toast.server'

type From = 'login' | 'register' | 'connect'
const GOOGLE_SETTINGS = '/settings/google'
const back = (from: From) => (from === 'connect' ? GOOGLE_SETTINGS : `/${from}`)

const authError = (from: From, message?: string) => ({
  type: 'error' as const,
  title: from === 'connect' ? 'Google was not connected' : 'Authentication Error',
  description:
    message ??
    (from === 'register'
      ? 'Please try again or use email/password registration.'
      : from === 'connect'
        ? 'Please try again.'
        : 'Please try again or use email/password login.'),
})

function fromOf(value: unknown): From {
  return value === 'register' || value === 'connect' ? value : 'login'
}

/** Sends the visitor to Google (the strategy throws that redirect), or explains why not. */
export async function startGoogleSignIn(
  request: Request,
  strategy: 'google' | 'google-alternative',
) {
  const from = fromOf(new URL(request.url).searchParams.get('from'))
  // Connecting links Google to the account signed in here: only its owner, signed in within the
  // last 10 minutes (a new way in is a sensitive change), may start it.
  if (from === 'connect') await requireRecentSignIn(request, await requireUser(request))
  if (!isGoogleConfigured()) {
    return redirectWithToast(back(from), {
      type: 'error',
      title: 'Authentication Error',
      description: 'Google sign-in is not configured on this server.',
    })
  }
  try {
    await getAuthenticator().authenticate(strategy, request)
    return redirectWithToast(back(from), authError(from))
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    if (from === 'login') return thrown
    // Remember where the visitor started: an error is worded for registration, and a
    // connection comes back to the settings instead of signing in.
    const storage = oauthStateStorage()
    const session = await storage.getSession(
      thrown.headers.get('Set-Cookie')?.split(';')[0] ?? null,
    )
    session.set('from', from)
    const headers = new Headers(thrown.headers)
    headers.set('Set-Cookie', await storage.commitSession(session))
    return new Response(null, { status: thrown.status, headers })
  }
}

/** Google's answer on our own origin: a session for the matching or new user, or the error toast. */
export async function finishGoogleSignIn(request: Request) {
  const storage = oauthStateStorage()
  const state = await storage.getSession(request.headers.get('Cookie'))
  const from = fromOf(state.get('from'))
  // The state is single use: the cookie is cleared whatever the outcome.
  const headers = new Headers({ 'Set-Cookie': await storage.destroySession(state) })
  if (!isGoogleConfigured()) return redirectWithToast(back(from), authError(from), { headers })
  if (from === 'connect') return finishConnect(request, headers)
  try {
    const user = await getAuthenticator().authenticate('google', request)
    // Google is the first factor only: an account with two-factor on is asked its code next.
    const removed = removedByTakeover(user)
    const done = await completeSignIn(request, user, {
      method: 'google',
      headers,
      toast: removed?.length ? takeoverToast(removed) : undefined,
    })
    return redirect(done.location, { headers: done.headers })
  } catch (error) {
    if (error instanceof Response) throw error
    const cause = error instanceof AuthorizationError ? error.cause : error
    if (cause instanceof GoogleSignInStop) return stopped(cause, back(from), headers)
    const reason = error instanceof AuthorizationError ? error.message : String(error)
    console.warn('[google] sign-in failed:', reason)
    const told = reason === GOOGLE_DISCONNECTED_MESSAGE ? reason : undefined
    return redirectWithToast(back(from), authError(from, told), { headers })
  }
}

// Decision 109: what the visitor is told when the account Google found asks for more.
export const PASSKEY_ASKED: ToastInput = {
  type: 'message',
  title: 'Sign in with your passkey',
  description:
    'This account has a passkey, so Google alone does not sign in to it. Sign in with the passkey (or the password), then connect Google in Settings if you like.',
}
export const LINK_MAILED: ToastInput = {
  type: 'message',
  title: 'Check your mail',
  description: `This account has two-factor authentication on and has not verified its address, so we mailed it a link: open it in this browser within ${SIGN_IN_LINK_HOURS} hour, then enter the code from your authenticator app. Nothing on the account changes.`,
}
export const TOO_MANY_LINKS: ToastInput = {
  type: 'error',
  title: 'Too many sign-in links',
  description: `We already mailed ${SIGN_IN_LINKS_PER_HOUR} sign-in links to this address in the last hour. Use the newest one, or sign in with your password and code.`,
}

async function stopped(stop: GoogleSignInStop, location: string, headers: Headers) {
  if (stop.next.kind === 'passkey') return redirectWithToast(location, PASSKEY_ASKED, { headers })
  const mailed = await mailSignInLink(db(), stop.next.account, stop.next.google)
  if (!mailed.sent) return redirectWithToast(location, TOO_MANY_LINKS, { headers })
  headers.append('Set-Cookie', mailed.setCookie)
  return redirectWithToast(location, LINK_MAILED, { headers })
}

/** Google's answer to the settings' "connect": the Google account joins the signed-in one. */
async function finishConnect(request: Request, headers: Headers) {
  const user = await requireUser(request)
  try {
    await getAuthenticator().authenticate('google', request, {
      context: { connectUserId: user.id },
    })
  } catch (error) {
    if (error instanceof Response) throw error
    const cause = error instanceof AuthorizationError ? error.cause : error
    if (!(cause instanceof GoogleConnectionError)) console.warn('[google] connect failed:', error)
    const message = cause instanceof GoogleConnectionError ? cause.message : undefined
    return redirectWithToast(GOOGLE_SETTINGS, authError('connect', message), { headers })
  }
  return redirectWithToast(
    GOOGLE_SETTINGS,
    {
      type: 'success',
      title: 'Google connected',
      description: 'You can now sign in with Google as well.',
    },
    { headers },
  )
}
