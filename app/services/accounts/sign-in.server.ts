import { createCookie } from '@remix-run/node'
import { z } from 'zod'
import type { User } from '#db/schema'
import { env } from '~/env.server'
import { pageViewOf } from '~/lib/client-address.server'
import { safeRedirect } from '~/lib/redirect'
import { recordUserAction } from '../platform/analytics.server'
import { db } from '../platform/db.server'
import { createToastHeaders, type ToastInput } from '../platform/toast.server'
import { createUserSession } from './session.server'
import { countSignIn, signInToast } from './sign-ins.server'
import crypto from 'node:crypto'
import { hasTwoFactor, secondFactorStamp, twoFactorStatus } from './two-factor.server'
import { cookieSecrets } from '../platform/cookie-keys.server'

// Issue 28, decision 063: every way in (the form, the JSON API, Google, and later passkeys)
// ends here, so none can skip the second factor.

/** How the first factor was passed. A passkey is both factors at once (something held, unlocked). */
export type SignInMethod = 'password' | 'google' | 'passkey'
export const TWO_FACTOR_PATH = '/login/two-factor'
export const PENDING_MAX_AGE_SECONDS = 5 * 60
export const TWO_FACTOR_REQUIRED_MESSAGE =
  'Two-factor authentication is on for this account: send the code from your authenticator app (or a recovery code) as `code`.'

export type SignInResult = {
  /** True: a session was made. False: the second factor is still owed (TWO_FACTOR_PATH). */
  signedIn: boolean
  location: string
  headers: Headers
}

/**
 * Finishes a sign-in whose first factor has passed. An account with two-factor on, signing in
 * with a password or Google and no second factor yet, gets no session: a signed 5-minute cookie
 * names it and the way it came, and the browser goes to TWO_FACTOR_PATH. Otherwise the session
 * is made, marked with the second factor when one was passed (a code, or a passkey), and the
 * sign-in counted. `api`: no toast and no pending cookie (a JSON client answers the code in its
 * next request).
 */
export async function completeSignIn(
  request: Request,
  user: Pick<User, 'id'>,
  options: {
    method: SignInMethod
    redirectTo?: string | null
    /** A TOTP or recovery code was checked on the way here. */
    secondFactor?: 'totp' | 'recovery-code'
    headers?: Headers
    api?: boolean
    /** Said instead of "Welcome back!" or, the first time, "Welcome!" (e.g. what a takeover removed). */
    toast?: ToastInput
  },
): Promise<SignInResult> {
  const headers = options.headers ?? new Headers()
  const redirectTo = safeRedirect(options.redirectTo)
  const secondFactor = options.method === 'passkey' || Boolean(options.secondFactor)
  if (!secondFactor && (await hasTwoFactor(db(), user.id))) {
    if (!options.api)
      headers.append(
        'Set-Cookie',
        await pendingCookie().serialize({
          userId: user.id,
          method: options.method,
          redirectTo,
          issuedAt: Date.now(),
          nonce: crypto.randomBytes(12).toString('base64url'),
          stamp: await secondFactorStamp(db(), user.id),
        }),
      )
    return { signedIn: false, location: TWO_FACTOR_PATH, headers }
  }
  const signIns = await countSignIn(db(), user.id)
  if (!options.api) {
    const toast = await createToastHeaders(
      options.toast ??
        (options.secondFactor === 'recovery-code'
          ? await recoveryCodeToast(user.id)
          : signInToast(signIns)),
    )
    headers.append('Set-Cookie', toast.get('Set-Cookie') ?? '')
  }
  const response = await createUserSession(request, user.id, redirectTo, headers, { secondFactor })
  await recordUserAction(db(), pageViewOf(request), 'sign_in', user.id)
  return { signedIn: true, location: redirectTo, headers: response.headers }
}

/** What the one who took over an unverified account is told (decision 078). */
export function takeoverToast(removed: string[]): ToastInput {
  return {
    type: 'message',
    title: 'Signed in with Google',
    description: `This address had an unverified account; only your Google account signs in to it now. Removed: ${removed.join('; ')}.`,
  }
}

/** A recovery code is a last resort: say one was spent and how many remain (issue 39.19). */
async function recoveryCodeToast(userId: string) {
  const left = (await twoFactorStatus(db(), userId)).recoveryCodesLeft
  const count = `${left} recovery code${left === 1 ? '' : 's'} left`
  return {
    type: left <= 2 ? ('message' as const) : ('success' as const),
    title: 'Signed in with a recovery code',
    description:
      left <= 2
        ? `That code is now used up: ${count}. Make new ones in Settings, Two-factor authentication.`
        : `That code is now used up: ${count}.`,
  }
}

const PendingSignIn = z.object({
  userId: z.string().uuid(),
  method: z.enum(['password', 'google']),
  redirectTo: z.string().max(2048),
  issuedAt: z.number(),
  // Random, so two pending sign-ins never share a cookie; the stamp binds it to the account's state.
  nonce: z.string().max(64),
  stamp: z.string().max(64),
})
export type PendingSignIn = z.infer<typeof PendingSignIn>

// Signed, so no one can name another account in it; it grants nothing but the code page.
let cookie: ReturnType<typeof createCookie> | undefined
function pendingCookie() {
  const e = env()
  cookie ??= createCookie('pt_2fa', {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: e.isProduction,
    secrets: cookieSecrets('pending-two-factor'),
    maxAge: PENDING_MAX_AGE_SECONDS,
  })
  return cookie
}

/**
 * The sign-in waiting for its second factor, or null when there is none, its 5 minutes are over,
 * or the account moved on since (a code passed, by this cookie or any other, or a new password).
 */
export async function pendingSignIn(cookieHeader: string | null): Promise<PendingSignIn | null> {
  const parsed = PendingSignIn.safeParse(await pendingCookie().parse(cookieHeader))
  if (!parsed.success) return null
  // The cookie's Max-Age is the browser's to keep; the server checks the time itself.
  if (Date.now() - parsed.data.issuedAt > PENDING_MAX_AGE_SECONDS * 1000) return null
  if (parsed.data.stamp !== (await secondFactorStamp(db(), parsed.data.userId))) return null
  return parsed.data
}

export function forgetPendingSignIn() {
  return pendingCookie().serialize('', { maxAge: 0 })
}
