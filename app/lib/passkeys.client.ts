// Issue 28 (decision 064): the browser's half of the passkey ceremonies. @simplewebauthn/browser
// is loaded only when a passkey button is pressed, so no page carries it in its bundle, and
// `.client` keeps this file out of the server build.

export type CeremonyResult = { ok: true; redirectTo?: string } | { ok: false; message: string }

const CANCELLED = 'The passkey request was cancelled or timed out. Try again when you are ready.'
const UNREACHABLE = 'We could not reach the server. Check your connection and try again.'

async function post(url: string, body: unknown) {
  const response = await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  const data = (await response.json().catch(() => null)) as Record<string, unknown> | null
  return { ok: response.ok, data }
}

const OUR_FAULT = 'Something went wrong on our side. Try again in a moment.'
const messageOf = (data: Record<string, unknown> | null) =>
  typeof data?.message === 'string' ? data.message : OUR_FAULT

function browserError(error: unknown, duplicate: string) {
  const name = (error as { name?: string; cause?: { name?: string } })?.name
  const cause = (error as { cause?: { name?: string } })?.cause?.name
  if (name === 'InvalidStateError' || cause === 'InvalidStateError') return duplicate
  if (name === 'NotAllowedError' || cause === 'NotAllowedError') return CANCELLED
  return error instanceof Error ? error.message : CANCELLED
}

/** Whether this browser can make and use passkeys at all. */
export function supportsPasskeys() {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function'
}

/** Adds a passkey to the signed-in account, named `name` (blank: the browser's name). */
export async function addPasskey(name: string): Promise<CeremonyResult> {
  try {
    const { startRegistration } = await import('@simplewebauthn/browser')
    const options = await post('/api/passkeys/register-options', {})
    if (!options.ok) return { ok: false, message: messageOf(options.data) }
    let response
    try {
      response = await startRegistration({ optionsJSON: options.data as never })
    } catch (error) {
      return {
        ok: false,
        message: browserError(error, 'This device already holds a passkey for your account.'),
      }
    }
    const saved = await post('/api/passkeys/register', { name, response })
    return saved.ok ? { ok: true } : { ok: false, message: messageOf(saved.data) }
  } catch {
    return { ok: false, message: UNREACHABLE }
  }
}

/** Signs in with a passkey the browser offers (no username asked); says where to go next. */
export async function signInWithPasskey(redirectTo: string): Promise<CeremonyResult> {
  try {
    const { startAuthentication } = await import('@simplewebauthn/browser')
    const options = await post('/api/passkeys/sign-in-options', {})
    if (!options.ok) return { ok: false, message: messageOf(options.data) }
    let response
    try {
      response = await startAuthentication({ optionsJSON: options.data as never })
    } catch (error) {
      return { ok: false, message: browserError(error, CANCELLED) }
    }
    const signedIn = await post('/api/passkeys/sign-in', { response, redirectTo })
    if (!signedIn.ok) return { ok: false, message: messageOf(signedIn.data) }
    const to = signedIn.data?.redirectTo
    return { ok: true, redirectTo: typeof to === 'string' ? to : '/' }
  } catch {
    return { ok: false, message: UNREACHABLE }
  }
}
