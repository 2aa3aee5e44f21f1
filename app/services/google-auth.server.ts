import { AuthorizationError } from 'remix-auth'
import { getAuthenticator, isGoogleConfigured } from './auth.server'
import { createUserSession } from './session.server'
import { createToastHeaders, redirectWithToast } from './toast.server'

const AUTH_ERROR = { type: 'error' as const, title: 'Authentication Error', description: 'Please try again or use email/password login.' }

/** Sends the visitor to Google (the strategy throws that redirect), or explains why not. */
export async function startGoogleSignIn(request: Request, strategy: 'google' | 'google-alternative') {
  if (!isGoogleConfigured()) {
    return redirectWithToast('/login', { type: 'error', title: 'Authentication Error', description: 'Google sign-in is not configured on this server.' })
  }
  return getAuthenticator().authenticate(strategy, request).then(
    () => redirectWithToast('/login', AUTH_ERROR),
    (thrown: unknown) => {
      if (thrown instanceof Response) return thrown
      throw thrown
    },
  )
}

/** Google's answer on our own origin: a session for the matching or new user, or the error toast. */
export async function finishGoogleSignIn(request: Request) {
  if (!isGoogleConfigured()) return redirectWithToast('/login', AUTH_ERROR)
  try {
    const user = await getAuthenticator().authenticate('google', request)
    const headers = await createToastHeaders({ type: 'success', title: 'Welcome back!', description: 'You have been logged in successfully.' })
    return await createUserSession(user.id, '/', headers)
  } catch (error) {
    if (error instanceof Response) throw error
    const reason = error instanceof AuthorizationError ? error.message : String(error)
    console.warn('[google] sign-in failed:', reason)
    return redirectWithToast('/login', AUTH_ERROR)
  }
}
