import { AuthorizationError } from 'remix-auth'
import { redirect } from '@remix-run/node'
import { getAuthenticator, isGoogleConfigured, oauthStateStorage } from './auth.server'
import { completeSignIn } from './sign-in.server'
import { redirectWithToast } from '../platform/toast.server'

const authError = (from: 'login' | 'register') => ({
  type: 'error' as const,
  title: 'Authentication Error',
  description:
    from === 'register'
      ? 'Please try again or use email/password registration.'
      : 'Please try again or use email/password login.',
})

/** Sends the visitor to Google (the strategy throws that redirect), or explains why not. */
export async function startGoogleSignIn(
  request: Request,
  strategy: 'google' | 'google-alternative',
) {
  const from = new URL(request.url).searchParams.get('from') === 'register' ? 'register' : 'login'
  if (!isGoogleConfigured()) {
    return redirectWithToast(`/${from}`, {
      type: 'error',
      title: 'Authentication Error',
      description: 'Google sign-in is not configured on this server.',
    })
  }
  try {
    await getAuthenticator().authenticate(strategy, request)
    return redirectWithToast(`/${from}`, authError(from))
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    if (from !== 'register') return thrown
    // Remember where the visitor started, so an error is worded for registration.
    const storage = oauthStateStorage()
    const session = await storage.getSession(
      thrown.headers.get('Set-Cookie')?.split(';')[0] ?? null,
    )
    session.set('from', 'register')
    const headers = new Headers(thrown.headers)
    headers.set('Set-Cookie', await storage.commitSession(session))
    return new Response(null, { status: thrown.status, headers })
  }
}

/** Google's answer on our own origin: a session for the matching or new user, or the error toast. */
export async function finishGoogleSignIn(request: Request) {
  const storage = oauthStateStorage()
  const state = await storage.getSession(request.headers.get('Cookie'))
  const from = state.get('from') === 'register' ? 'register' : 'login'
  // The state is single use: the cookie is cleared whatever the outcome.
  const headers = new Headers({ 'Set-Cookie': await storage.destroySession(state) })
  if (!isGoogleConfigured()) return redirectWithToast(`/${from}`, authError(from), { headers })
  try {
    const user = await getAuthenticator().authenticate('google', request)
    // Google is the first factor only: an account with two-factor on is asked its code next.
    const done = await completeSignIn(request, user, { method: 'google', headers })
    return redirect(done.location, { headers: done.headers })
  } catch (error) {
    if (error instanceof Response) throw error
    const reason = error instanceof AuthorizationError ? error.message : String(error)
    console.warn('[google] sign-in failed:', reason)
    return redirectWithToast(`/${from}`, authError(from), { headers })
  }
}
