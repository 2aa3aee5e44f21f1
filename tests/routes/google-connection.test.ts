import crypto from 'node:crypto'
import { afterAll, describe, expect, test, vi } from 'vitest'
import { type GoogleAccount, startGoogleMock } from '../setup/google-oauth'

// Issue 28 (decision 067): Google connected from the settings and disconnected, against a local
// OAuth server standing in for Google, started before any app module loads.
const googleMock = await startGoogleMock()

const googleStart = await import('~/resource-routes/api.auth.google')
const googleCallback = await import('~/resource-routes/api.auth.google.callback')
const googleSettings = await import('~/routes/settings_.google')
const { getToast } = await import('~/services/platform/toast.server')
const { getSessionUser } = await import('~/services/accounts/session.server')
const { GOOGLE_TAKEN, SET_PASSWORD_FIRST } =
  await import('~/services/accounts/google-connection.server')
const { GOOGLE_DISCONNECTED_MESSAGE } = await import('~/services/accounts/users.server')
const { db } = await import('../setup/db')
const { args, cookieFrom, createUser, respond, sessionCookie } = await import('../setup/fixtures')
const { lastMailTo } = await import('../setup/mail')
const { isolate } = await import('~/lib/bidi')

afterAll(() => googleMock.stop())

function account(overrides: Partial<GoogleAccount> = {}): GoogleAccount {
  const id = crypto.randomBytes(4).toString('hex')
  return {
    sub: `google-${id}`,
    email: `g-${id}@gmail.example`,
    email_verified: true,
    name: '김 하늘',
    given_name: '하늘',
    family_name: '김',
    ...overrides,
  }
}

/** The whole trip: start (signed in or not), Google's consent, and our callback's answer. */
async function roundTrip(chosen: GoogleAccount, opts: { session?: string; from?: string } = {}) {
  const query = opts.from ? `?from=${opts.from}` : ''
  const sessionHeader: Record<string, string> = opts.session ? { Cookie: opts.session } : {}
  const started = await respond(() =>
    googleStart.loader(
      args(
        new Request(`http://localhost:3000/api/auth/google${query}`, { headers: sessionHeader }),
      ),
    ),
  )
  expect(started.status).toBe(302)
  const oauthCookie = cookieFrom(started, 'pt_oauth')!
  googleMock.choose(chosen)
  const answer = await fetch(new URL(started.headers.get('Location')!), { redirect: 'manual' })
  expect(answer.status).toBe(302)
  const cookies = [oauthCookie, opts.session].filter(Boolean).join('; ')
  return respond(() =>
    googleCallback.loader(
      args(new Request(answer.headers.get('Location')!, { headers: { Cookie: cookies } })),
    ),
  )
}

async function toastOf(response: Response) {
  return (await getToast(cookieFrom(response, 'pt_toast')!)).toast
}
const userRow = (id: string) =>
  db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

function disconnect(session: string) {
  return respond(() =>
    googleSettings.action(
      args(
        new Request('http://localhost/settings/google', {
          method: 'POST',
          headers: { Cookie: session, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ intent: 'disconnect' }),
        }),
      ),
    ),
  )
}

describe('connecting Google from the settings', () => {
  test('a signed-in account connects a Google account of another address, which then signs in to it; the owner is told', async () => {
    const user = await createUser({ emailVerified: true, firstName: 'نور' })
    const session = await sessionCookie(user.id)
    const google = account()
    const connected = await roundTrip(google, { session, from: 'connect' })
    expect(connected.status).toBe(302)
    expect(connected.headers.get('Location')).toBe('/settings/google')
    expect(await toastOf(connected)).toMatchObject({ type: 'success', title: 'Google connected' })
    // Connecting signs no one in anew: the browser keeps its own session.
    expect(cookieFrom(connected, 'pt_session')).toBeNull()
    expect((await userRow(user.id)).externalId).toBe(google.sub)
    const notice = await lastMailTo(user.email)
    expect(notice?.subject).toBe('Google sign-in changed on your ProofTrack account')
    // Named by what tells it from another Google account (decision 109), its address too.
    expect(notice?.text).toContain(
      `the Google account “${isolate('김 하늘')}” (ID ending ${google.sub.slice(-4)}, ${isolate(google.email)}) can now sign in to it`,
    )
    const page = await googleSettings.loader(
      args(new Request('http://localhost/settings/google', { headers: { Cookie: session } })),
    )
    expect((await page.json()).connected).toBe(true)

    // Signing in with that Google account, from a signed-out browser, opens this account.
    const signIn = await roundTrip(google)
    expect(signIn.status).toBe(302)
    const signedIn = await getSessionUser(cookieFrom(signIn, 'pt_session')!)
    expect(signedIn?.id).toBe(user.id)
  })

  test('a signed-out visitor cannot start a connection; a Google account already connected elsewhere is refused', async () => {
    const anonymous = await respond(() =>
      googleStart.loader(args(new Request('http://localhost:3000/api/auth/google?from=connect'))),
    )
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.get('Location')).toMatch(/^\/login\?redirectTo=/)

    const first = await createUser({ emailVerified: true })
    const second = await createUser({ emailVerified: true })
    const google = account()
    await roundTrip(google, { session: await sessionCookie(first.id), from: 'connect' })
    const refused = await roundTrip(google, {
      session: await sessionCookie(second.id),
      from: 'connect',
    })
    expect(refused.headers.get('Location')).toBe('/settings/google')
    expect(await toastOf(refused)).toMatchObject({ type: 'error', description: GOOGLE_TAKEN })
    expect((await userRow(second.id)).externalId).toBeNull()
    expect((await userRow(first.id)).externalId).toBe(google.sub)
  })
})

describe('disconnecting Google', () => {
  test('refused while Google is the only way in; allowed once a password is set, and the address does not link itself again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const google = account({ email: `only-${crypto.randomBytes(3).toString('hex')}@gmail.example` })
    // A Google-only account, made by signing up with Google.
    const signUp = await roundTrip(google)
    const userId = (await getSessionUser(cookieFrom(signUp, 'pt_session')!))!.id
    const session = await sessionCookie(userId)
    expect((await userRow(userId)).passwordHash).toBeNull()

    const refused = await disconnect(session)
    expect(refused.status).toBe(409)
    expect(JSON.stringify(await refused.json())).toContain(SET_PASSWORD_FIRST)
    expect((await userRow(userId)).externalId).toBe(google.sub)

    await db()
      .updateTable('users')
      .set({ passwordHash: (await createUser()).passwordHash })
      .where('id', '=', userId)
      .execute()
    const done = await disconnect(session)
    expect(done.status).toBe(302)
    expect(await toastOf(done)).toMatchObject({ title: 'Google disconnected' })
    const row = await userRow(userId)
    expect(row.externalId).toBeNull()
    expect(row.googleDisconnectedAt).not.toBeNull()
    expect((await lastMailTo(row.email))?.text).toContain('was disconnected')

    // The same Google account (same address) no longer signs in, and says why.
    const again = await roundTrip(google)
    expect(cookieFrom(again, 'pt_session')).toBeNull()
    expect(again.headers.get('Location')).toBe('/login')
    expect(await toastOf(again)).toMatchObject({ description: GOOGLE_DISCONNECTED_MESSAGE })
    expect((await userRow(userId)).externalId).toBeNull()

    // Connecting again from the settings works.
    const reconnected = await roundTrip(google, { session, from: 'connect' })
    expect(await toastOf(reconnected)).toMatchObject({ title: 'Google connected' })
    expect((await userRow(userId)).googleDisconnectedAt).toBeNull()
    const none = await disconnect(await sessionCookie((await createUser()).id))
    expect(none.status).toBe(409)
    warn.mockRestore()
  })

  test('a Google-only account with a passkey may disconnect Google: the passkey is its way in', async () => {
    const google = account({
      email: `keyed-${crypto.randomBytes(3).toString('hex')}@gmail.example`,
    })
    const signUp = await roundTrip(google)
    const userId = (await getSessionUser(cookieFrom(signUp, 'pt_session')!))!.id
    expect((await userRow(userId)).passwordHash).toBeNull()
    await db()
      .insertInto('passkeys')
      .values({
        userId,
        credentialId: crypto.randomBytes(16).toString('base64url'),
        publicKey: new Uint8Array(crypto.randomBytes(77)),
        counter: 0,
        name: '김민지의 iPhone',
      })
      .execute()
    const done = await disconnect(await sessionCookie(userId))
    expect(done.status).toBe(302)
    expect((await userRow(userId)).externalId).toBeNull()
  })
})
