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
import { completeSignIn, takeoverToast } from './sign-in.server'
import { GOOGLE_DISCONNECTED_MESSAGE, removedByTakeover, TakeoverByLinkError } from './users.server'
import { redirectWithToast } from '../platform/toast.server'

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
    if (cause instanceof TakeoverByLinkError)
      return redirectWithToast(
        back(from),
        { type: 'message', title: 'Check your mail', description: cause.message },
        { headers },
      )
    const reason = error instanceof AuthorizationError ? error.message : String(error)
    console.warn('[google] sign-in failed:', reason)
    const told = reason === GOOGLE_DISCONNECTED_MESSAGE ? reason : undefined
    return redirectWithToast(back(from), authError(from, told), { headers })
  }
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
