import crypto from 'node:crypto'
import { sql } from 'kysely'
import type { MutableResponse } from 'oauth2-mock-server'
import { afterAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { type GoogleAccount, startGoogleMock } from '../setup/google-oauth'

// A local OAuth server stands in for Google, started (and the variables set) before any app
// module loads: env() caches on its first call.
const googleMock = await startGoogleMock()
const { oauth, issuer: ISSUER, tokenRequests } = googleMock

const googleStart = await import('~/resource-routes/api.auth.google')
const googleAlternative = await import('~/resource-routes/api.auth.google-alternative')
const googleCallback = await import('~/resource-routes/api.auth.google.callback')
const login = await import('~/routes/login')
const twoFactorLogin = await import('~/routes/login_.two-factor')
const takeoverRoute = await import('~/routes/login_.google-takeover')
const { enrolTwoFactor, freshCode } = await import('../setup/two-factor')
const { getToast } = await import('~/services/platform/toast.server')
const { getSessionUser } = await import('~/services/accounts/session.server')
const { db } = await import('../setup/db')
const { args, cookieFrom, createUser, respond, sessionCookie } = await import('../setup/fixtures')
const { mailTo } = await import('../setup/mail')
const { isolate } = await import('~/lib/bidi')
const { startEnrolment } = await import('~/services/accounts/two-factor.server')
const registerOptions = await import('~/resource-routes/api.passkeys.register-options')
const registerPasskey = await import('~/resource-routes/api.passkeys.register')
const passkeyOptions = await import('~/resource-routes/api.passkeys.sign-in-options')
const passkeySignInRoute = await import('~/resource-routes/api.passkeys.sign-in')
const { softwareAuthenticator } = await import('../setup/software-authenticator')

afterAll(() => googleMock.stop())

beforeEach(() => googleMock.reset())

const USERNAME = /^[A-Za-z0-9_]{3,30}$/
/** How mails name a Google account (decision 109): its name, set apart, and the end of its id. */
const named = (name: string, sub: string) => `“${isolate(name)}” (ID ending ${sub.slice(-4)})`
const CALLBACK = 'http://localhost:3000/api/auth/google/callback'

function account(overrides: Partial<GoogleAccount> = {}): GoogleAccount {
  const id = crypto.randomBytes(4).toString('hex')
  return {
    sub: `google-${id}`,
    email: `g-${id}@gmail.example`,
    email_verified: true,
    name: 'Grace Hopper',
    given_name: 'Grace',
    family_name: 'Hopper',
    picture: 'https://images.example/grace.png',
    ...overrides,
  }
}

/** GET /api/auth/google (or the alternative): the redirect to the provider and the state cookie. */
async function start(route: typeof googleStart = googleStart, path = '/api/auth/google') {
  const response = await respond(() =>
    route.loader(args(new Request(`http://localhost:3000${path}`))),
  )
  return {
    response,
    authorizeUrl: new URL(response.headers.get('Location') ?? ''),
    oauthCookie: cookieFrom(response, 'pt_oauth'),
  }
}

/** The provider's consent step: the mock redirects back to our callback with code and state. */
async function authorize(authorizeUrl: URL, chosen: GoogleAccount) {
  googleMock.choose(chosen)
  const answer = await fetch(authorizeUrl, { redirect: 'manual' })
  expect(answer.status).toBe(302)
  return new URL(answer.headers.get('Location') ?? '')
}

function callback(url: URL | string, cookie: string | null) {
  return respond(() =>
    googleCallback.loader(args(new Request(url, { headers: cookie ? { Cookie: cookie } : {} }))),
  )
}

/** The whole round trip for one Google account, answering the callback's response. */
async function signInWith(chosen: GoogleAccount) {
  const { authorizeUrl, oauthCookie } = await start()
  return callback(await authorize(authorizeUrl, chosen), oauthCookie)
}

async function toastOf(response: Response) {
  const cookie = cookieFrom(response, 'pt_toast')
  expect(cookie).toBeTruthy()
  return (await getToast(cookie!)).toast
}

/** The user a pt_session cookie of this response signs in, read back as the next request would. */
async function signedInUser(response: Response) {
  const cookie = cookieFrom(response, 'pt_session')
  expect(cookie).toBeTruthy()
  return getSessionUser(cookie!)
}

async function expectAuthError(response: Response) {
  expect(response.status).toBe(302)
  expect(response.headers.get('Location')).toBe('/login')
  expect(cookieFrom(response, 'pt_session')).toBeNull()
  expect(await toastOf(response)).toMatchObject({
    type: 'error',
    title: 'Authentication Error',
    description: 'Please try again or use email/password login.',
  })
}

const usersWithEmail = (email: string) =>
  db()
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .execute()
const sessionsOf = (userId: string) =>
  db().selectFrom('sessions').select('sidHash').where('userId', '=', userId).execute()
const countRows = async (table: 'users' | 'sessions') =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select(({ fn }) => fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

const passkeyApi = (path: string, body: unknown, cookie = '') =>
  new Request(`http://localhost:3000${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify(body),
  })

/** A real passkey added from the settings of this session, as the browser's ceremony would. */
async function addPasskey(session: string, device: ReturnType<typeof softwareAuthenticator>) {
  const options = await respond(() =>
    registerOptions.action(args(passkeyApi('/api/passkeys/register-options', {}, session))),
  )
  const challenge = cookieFrom(options, 'pt_passkey')!
  const response = device.register(await options.json())
  return respond(() =>
    registerPasskey.action(
      args(passkeyApi('/api/passkeys/register', { response }, `${session}; ${challenge}`)),
    ),
  )
}

/** The passkey sign-in on /login: the device answers the server's challenge. */
async function passkeySignIn(device: ReturnType<typeof softwareAuthenticator>) {
  const options = await respond(() =>
    passkeyOptions.action(args(passkeyApi('/api/passkeys/sign-in-options', {}))),
  )
  const challenge = cookieFrom(options, 'pt_passkey')!
  const response = device.authenticate(await options.json())
  return respond(() =>
    passkeySignInRoute.action(args(passkeyApi('/api/passkeys/sign-in', { response }, challenge))),
  )
}

/** Sign-in failures are logged with console.warn (not console.error); quiet them and keep the reasons. */
function warnings() {
  const spy = vi.spyOn(console, 'warn').mockImplementation(() => {})
  return () => spy.mock.calls.map((call) => call.map(String).join(' '))
}

describe('starting Google sign-in', () => {
  test('GET /api/auth/google redirects to the provider with the spec parameters and sets the state cookie', async () => {
    const { response, authorizeUrl, oauthCookie } = await start()
    expect(response.status).toBe(302)
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${ISSUER}/authorize`)
    const params = authorizeUrl.searchParams
    expect(params.get('response_type')).toBe('code')
    expect(params.get('client_id')).toBe('prooftrack-test.apps.googleusercontent.com')
    expect(params.get('redirect_uri')).toBe(CALLBACK)
    expect(params.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['openid', 'profile', 'email']),
    )
    expect(params.get('access_type')).toBe('offline')
    expect(params.get('prompt')).toBe('select_account')
    expect(params.get('state')).toMatch(/^[\w-]{16,}$/)
    // The secret never travels through the browser.
    expect(authorizeUrl.href).not.toContain('google-test-secret')

    expect(oauthCookie).toBeTruthy()
    const setCookie =
      (response.headers.get('Set-Cookie') ?? '')
        .split(/, (?=\w+=)/)
        .find((c) => c.startsWith('pt_oauth=')) ?? ''
    expect(setCookie.split('; ')).toEqual(
      expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=600']),
    )
    // Only the OAuth state cookie: an anonymous visitor gets no session row.
    expect(cookieFrom(response, 'pt_session')).toBeNull()
  })

  test('each start gets its own state', async () => {
    const first = await start()
    const second = await start()
    expect(first.authorizeUrl.searchParams.get('state')).not.toBe(
      second.authorizeUrl.searchParams.get('state'),
    )
  })

  test('GET /api/auth/google-alternative starts the same flow, back to the same callback', async () => {
    const { response, authorizeUrl, oauthCookie } = await start(
      googleAlternative,
      '/api/auth/google-alternative',
    )
    expect(response.status).toBe(302)
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${ISSUER}/authorize`)
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(CALLBACK)
    expect(authorizeUrl.searchParams.get('prompt')).toBe('select_account')
    const chosen = account()
    const done = await callback(await authorize(authorizeUrl, chosen), oauthCookie)
    expect(done.headers.get('Location')).toBe('/')
    expect((await signedInUser(done))?.email).toBe(chosen.email)
  })

  test('the login page offers Google sign-in', async () => {
    const response = await login.loader(args(new Request('http://localhost:3000/login')))
    expect(await response.json()).toMatchObject({ googleConfigured: true })
  })
})

describe('the Google callback', () => {
  test('a new Google account gets a verified user, a database session and the first welcome toast', async () => {
    const chosen = account({
      name: "Zoë O'Brien-Smith",
      given_name: 'Zoë',
      family_name: "O'Brien-Smith",
    })
    const { authorizeUrl, oauthCookie } = await start()
    const callbackUrl = await authorize(authorizeUrl, chosen)
    expect(`${callbackUrl.origin}${callbackUrl.pathname}`).toBe(CALLBACK)
    expect(callbackUrl.searchParams.get('code')).toBeTruthy()
    expect(callbackUrl.searchParams.get('state')).toBe(authorizeUrl.searchParams.get('state'))

    const response = await callback(callbackUrl, oauthCookie)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/')
    // The account's very first sign-in: no "back" yet (decision 115).
    expect(await toastOf(response)).toMatchObject({
      type: 'success',
      title: 'Welcome!',
      description: 'You have been logged in successfully.',
    })

    // The code was exchanged server-side, with the secret and the same redirect URI.
    expect(tokenRequests).toEqual([
      expect.objectContaining({
        grant_type: 'authorization_code',
        code: callbackUrl.searchParams.get('code'),
        redirect_uri: CALLBACK,
        client_id: 'prooftrack-test.apps.googleusercontent.com',
        client_secret: 'google-test-secret',
      }),
    ])

    const [user, ...others] = await usersWithEmail(chosen.email)
    expect(others).toEqual([])
    expect(user).toMatchObject({
      email: chosen.email,
      authProvider: 'google',
      emailVerified: true,
      externalId: chosen.sub,
      firstName: 'Zoë',
      lastName: "O'Brien-Smith",
      profileImageUrl: chosen.picture,
      passwordHash: null,
    })
    expect(user!.username).toMatch(USERNAME)
    expect(user!.username).toBe('zoe_obriensmith')

    const sessions = await sessionsOf(user!.id)
    expect(sessions).toHaveLength(1)
    const setCookie =
      (response.headers.get('Set-Cookie') ?? '')
        .split(/, (?=\w+=)/)
        .find((c) => c.startsWith('pt_session=')) ?? ''
    expect(setCookie.split('; ')).toEqual(
      expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Lax']),
    )
    expect((await signedInUser(response))?.id).toBe(user!.id)
    // A sign-in like any other for the admin's Recent Activity (SPEC §7).
    expect(
      await db()
        .selectFrom('analyticsEvents')
        .select(['pagePath', 'metadata'])
        .where('eventType', '=', 'user_action')
        .where('userId', '=', user!.id)
        .execute(),
    ).toEqual([{ pagePath: '/api/auth/google/callback', metadata: { action: 'sign_in' } }])
  })

  test('a second Google sign-in with the same email signs into the same user', async () => {
    const chosen = account()
    const first = await signInWith(chosen)
    const [user] = await usersWithEmail(chosen.email)
    const usersBefore = await countRows('users')

    // Google may hand back the address in another case; it is the same account.
    const second = await signInWith({ ...chosen, email: chosen.email.toUpperCase() })
    expect(second.status).toBe(302)
    expect(second.headers.get('Location')).toBe('/')
    expect(await countRows('users')).toBe(usersBefore)
    expect((await signedInUser(second))?.id).toBe(user!.id)
    // A fresh session each time; the first one stays valid.
    expect(cookieFrom(second, 'pt_session')).not.toBe(cookieFrom(first, 'pt_session'))
    expect(await sessionsOf(user!.id)).toHaveLength(2)
    expect((await signedInUser(first))?.id).toBe(user!.id)
  })

  test('an account with two-factor on gets no session from Google alone: the code finishes it', async () => {
    const chosen = account({ name: '李 小龍', given_name: '小龍', family_name: '李' })
    await signInWith(chosen)
    const [user] = await usersWithEmail(chosen.email)
    await db().deleteFrom('sessions').where('userId', '=', user!.id).execute()
    const { secret } = await enrolTwoFactor(user!)

    const back = await signInWith(chosen)
    expect(back.status).toBe(302)
    expect(back.headers.get('Location')).toBe('/login/two-factor')
    expect(cookieFrom(back, 'pt_session')).toBeNull()
    expect(await sessionsOf(user!.id)).toEqual([])
    const pending = cookieFrom(back, 'pt_2fa')!
    const done = await respond(() =>
      twoFactorLogin.action(
        args(
          new Request('http://localhost:3000/login/two-factor', {
            method: 'POST',
            headers: { Cookie: pending },
            body: new URLSearchParams({ code: '' }),
          }),
        ),
      ),
    )
    expect(done.status).toBe(400)
    const code = await freshCode(user!.id, secret)
    const finished = await respond(() =>
      twoFactorLogin.action(
        args(
          new Request('http://localhost:3000/login/two-factor', {
            method: 'POST',
            headers: { Cookie: pending },
            body: new URLSearchParams({ code }),
          }),
        ),
      ),
    )
    expect(finished.headers.get('Location')).toBe('/')
    expect((await signedInUser(finished))?.id).toBe(user!.id)
    const [session] = await db()
      .selectFrom('sessions')
      .select('secondFactorAt')
      .where('userId', '=', user!.id)
      .execute()
    expect(session!.secondFactorAt).not.toBeNull()
  })

  test('an existing verified local account is linked: same user, Google id stored, password kept', async () => {
    const local = await createUser({ emailVerified: true })
    const oldCookie = await sessionCookie(local.id)
    const chosen = account({ email: local.email })

    const response = await signInWith(chosen)
    expect(response.headers.get('Location')).toBe('/')
    expect((await signedInUser(response))?.id).toBe(local.id)

    const [linked, ...others] = await usersWithEmail(local.email)
    expect(others).toEqual([])
    expect(linked).toMatchObject({
      id: local.id,
      username: local.username,
      externalId: chosen.sub,
      emailVerified: true,
      passwordHash: local.passwordHash,
      authProvider: 'local',
    })
    // Its other sessions are left alone.
    expect(await getSessionUser(oldCookie)).toMatchObject({ id: local.id })

    // A new way into an account with a password: its owner is told, once, through the mail queue.
    const [notice, ...more] = await mailTo(local.email)
    expect(more).toEqual([])
    expect(notice).toMatchObject({
      subject: 'Google sign-in was added to your ProofTrack account',
      status: 'queued',
    })
    expect(notice!.text).toContain(
      `was just signed into with the Google account ${named('Grace Hopper', chosen.sub)}`,
    )
    expect(notice!.text).toContain('http://localhost:3000/forgot-password')
    await signInWith(chosen)
    expect(await mailTo(local.email)).toHaveLength(1)

    // An account Google made has no password: linking it again tells nobody anything new.
    const made = account()
    await signInWith(made)
    await db()
      .updateTable('users')
      .set({ externalId: null })
      .where('email', '=', made.email)
      .execute()
    await signInWith(made)
    expect(await mailTo(made.email)).toEqual([])
  })

  test('an existing unverified local account becomes verified, loses its password and its earlier sessions', async () => {
    const squatter = await createUser({ emailVerified: false })
    // A key set up and never confirmed: no second factor, but the squatter has scanned it.
    await startEnrolment(db(), squatter.id)
    const oldCookie = await sessionCookie(squatter.id)
    const earlier = await sessionsOf(squatter.id)
    expect(earlier).toHaveLength(1)
    const chosen = account({ email: squatter.email })

    const response = await signInWith(chosen)
    expect(response.headers.get('Location')).toBe('/')
    expect((await signedInUser(response))?.id).toBe(squatter.id)

    const [linked, ...others] = await usersWithEmail(squatter.email)
    expect(others).toEqual([])
    expect(linked).toMatchObject({
      id: squatter.id,
      emailVerified: true,
      passwordHash: null,
      externalId: chosen.sub,
    })
    const now = await sessionsOf(squatter.id)
    expect(now).toHaveLength(1)
    expect(now.map((s) => s.sidHash)).not.toContain(earlier[0]!.sidHash)
    expect(await getSessionUser(oldCookie)).toBeNull()
    // Nothing goes silently (decision 078): the one taking over reads what went, the address too.
    expect(await toastOf(response)).toMatchObject({
      title: 'Signed in with Google',
      description: expect.stringContaining(
        'Removed: the password; 1 signed-in session (signed out).',
      ),
    })
    const [mail, ...more] = await mailTo(squatter.email)
    expect(more).toEqual([])
    expect(mail).toMatchObject({ subject: 'Ways into your ProofTrack account were removed' })
    // Named so the owner can tell it from their own: its name and the end of its id, never by
    // the address it shares with the account (issue 50.1 b).
    expect(mail!.text).toContain(
      `The Google account ${named('Grace Hopper', chosen.sub)}, which Google says holds this address`,
    )
    expect(mail!.text).not.toContain(chosen.sub)
    expect(mail!.text).toContain('- the password\n- 1 signed-in session (signed out)\n')
    expect(
      await db()
        .selectFrom('userTwoFactors')
        .select('userId')
        .where('userId', '=', squatter.id)
        .execute(),
    ).toEqual([])
  })

  test.each(['support@prooftrack.test', 'Support@ProofTrack.TEST'])(
    'the support email (%s) from Google is refused',
    async (email) => {
      const logged = warnings()
      const usersBefore = await countRows('users')
      // The next test's administrator may hold the address already, whichever runs first.
      const holdersBefore = await usersWithEmail(email)
      const response = await signInWith(account({ email }))
      await expectAuthError(response)
      expect(await usersWithEmail(email)).toEqual(holdersBefore)
      expect(await countRows('users')).toBe(usersBefore)
      expect(logged()).toEqual([expect.stringContaining('This email address is reserved.')])
    },
  )

  test('the support email is refused even when a verified admin account with it exists', async () => {
    const logged = warnings()
    const admin = await createUser({
      email: 'support@prooftrack.test',
      username: `admin_${crypto.randomBytes(3).toString('hex')}`,
      emailVerified: true,
    })
    const response = await signInWith(account({ email: admin.email }))
    await expectAuthError(response)
    expect(await sessionsOf(admin.id)).toEqual([])
    expect((await usersWithEmail(admin.email))[0]?.externalId).toBeNull()
    expect(logged()).toHaveLength(1)
  })

  test.each([
    { name: 'email_verified false', verified: { email_verified: false } },
    { name: 'email_verified missing', verified: { email_verified: undefined } },
  ])('an unverified Google email ($name) is refused', async ({ verified }) => {
    const logged = warnings()
    const chosen = account(verified)
    const response = await signInWith(chosen)
    await expectAuthError(response)
    expect(await usersWithEmail(chosen.email)).toEqual([])
    expect(logged()).toEqual([expect.stringContaining('not verified')])
  })

  test('an unverified Google email does not take over an existing account', async () => {
    const logged = warnings()
    const local = await createUser({ emailVerified: false })
    const oldCookie = await sessionCookie(local.id)
    const response = await signInWith(account({ email: local.email, email_verified: false }))
    await expectAuthError(response)
    const [unchanged] = await usersWithEmail(local.email)
    expect(unchanged).toMatchObject({
      emailVerified: false,
      passwordHash: local.passwordHash,
      externalId: null,
    })
    expect(await getSessionUser(oldCookie)).toMatchObject({ id: local.id })
    expect(logged()).toHaveLength(1)
  })

  test('a state that does not match the cookie is refused before the code is exchanged', async () => {
    const logged = warnings()
    const sessionsBefore = await countRows('sessions')
    const { authorizeUrl, oauthCookie } = await start()
    const callbackUrl = await authorize(authorizeUrl, account())
    callbackUrl.searchParams.set('state', crypto.randomUUID())
    await expectAuthError(await callback(callbackUrl, oauthCookie))

    // Another visitor's state cookie does not fit either.
    const other = await start()
    const original = await authorize(authorizeUrl, account())
    await expectAuthError(await callback(original, other.oauthCookie))

    expect(tokenRequests).toEqual([])
    expect(await countRows('sessions')).toBe(sessionsBefore)
    expect(logged()).toEqual([
      expect.stringContaining("State doesn't match."),
      expect.stringContaining("State doesn't match."),
    ])
  })

  test('a callback without the state cookie, or without a state, is refused', async () => {
    const logged = warnings()
    const sessionsBefore = await countRows('sessions')
    const { authorizeUrl, oauthCookie } = await start()
    const callbackUrl = await authorize(authorizeUrl, account())
    await expectAuthError(await callback(callbackUrl, null))

    const withoutState = new URL(callbackUrl)
    withoutState.searchParams.delete('state')
    await expectAuthError(await callback(withoutState, oauthCookie))

    // A tampered cookie is as good as none.
    await expectAuthError(await callback(callbackUrl, `${oauthCookie}x`))

    expect(tokenRequests).toEqual([])
    expect(await countRows('sessions')).toBe(sessionsBefore)
    expect(logged()).toEqual([
      expect.stringContaining('Missing state on session.'),
      expect.stringContaining('Missing state on URL.'),
      expect.stringContaining('Missing state on session.'),
    ])
  })

  test('the visitor declining at Google (an error instead of a code) lands on /login', async () => {
    const logged = warnings()
    const { authorizeUrl, oauthCookie } = await start()
    const denied = new URL(CALLBACK)
    denied.searchParams.set('error', 'access_denied')
    denied.searchParams.set('state', authorizeUrl.searchParams.get('state')!)
    await expectAuthError(await callback(denied, oauthCookie))
    expect(logged()).toEqual([expect.stringContaining('Missing code.')])
  })

  test('a failing token exchange or userinfo call lands on /login without a user', async () => {
    const logged = warnings()
    oauth.service.once('beforeResponse', (response: MutableResponse) => {
      Object.assign(response, { statusCode: 400, body: { error: 'invalid_grant' } })
    })
    const rejected = account()
    await expectAuthError(await signInWith(rejected))
    expect(await usersWithEmail(rejected.email)).toEqual([])

    oauth.service.once('beforeUserinfo', (response: MutableResponse) => {
      Object.assign(response, { statusCode: 500, body: { error: 'backend_error' } })
    })
    const unlucky = account()
    await expectAuthError(await signInWith(unlucky))
    expect(await usersWithEmail(unlucky.email)).toEqual([])
    expect(logged()).toEqual([
      expect.stringContaining('invalid_grant'),
      expect.stringContaining('userinfo answered 500'),
    ])
  })
})

describe('usernames for Google users', () => {
  test('two Google users with the same display name get different valid usernames', async () => {
    const first = account({ name: 'Jamie Rivera', given_name: 'Jamie', family_name: 'Rivera' })
    const second = account({ name: 'Jamie Rivera', given_name: 'Jamie', family_name: 'Rivera' })
    expect((await signInWith(first)).headers.get('Location')).toBe('/')
    expect((await signInWith(second)).headers.get('Location')).toBe('/')
    const [a] = await usersWithEmail(first.email)
    const [b] = await usersWithEmail(second.email)
    expect(a!.username).toMatch(USERNAME)
    expect(b!.username).toMatch(USERNAME)
    expect(a!.username.toLowerCase()).not.toBe(b!.username.toLowerCase())
    expect(a!.username).toMatch(/^jamie_rivera/)
    expect(b!.username).toMatch(/^jamie_rivera/)
  })

  test('a name taken by a local account in another case is not reused', async () => {
    await createUser({ username: 'Ada_Lovelace' })
    const chosen = account({ name: 'Ada Lovelace', given_name: 'Ada', family_name: 'Lovelace' })
    await signInWith(chosen)
    const [user] = await usersWithEmail(chosen.email)
    expect(user!.username).toMatch(USERNAME)
    expect(user!.username.toLowerCase()).not.toBe('ada_lovelace')
  })

  test.each([
    {
      label: 'a very long name',
      profile: { name: 'Maximilian Alexander Bartholomew Fitzgerald-Worthington III' },
    },
    {
      label: 'a two-letter name',
      profile: { name: 'Al', given_name: 'Al', family_name: undefined },
    },
    {
      label: 'a name without Latin letters',
      profile: { name: '李雷', given_name: '雷', family_name: '李' },
    },
    {
      label: 'no name at all',
      profile: { name: undefined, given_name: undefined, family_name: undefined },
    },
    {
      label: 'punctuation only',
      profile: { name: '!!! ???', given_name: undefined, family_name: undefined },
    },
  ])('$label still gives a valid username, twice', async ({ profile }) => {
    for (let i = 0; i < 2; i++) {
      const chosen = account(profile)
      expect((await signInWith(chosen)).headers.get('Location')).toBe('/')
      const [user] = await usersWithEmail(chosen.email)
      expect(user!.username).toMatch(USERNAME)
    }
  })
})

// Issue 50.1, decision 109: no Google sign-in ever removes a second factor or a passkey. An account
// that has one asks for it after Google; a mailed link signs in only the browser that asked.
describe('Google and an account with a second factor or a passkey', () => {
  const LINK = /http:\/\/localhost:3000\/login\/google-takeover\?token=\S+/
  const LINK_SUBJECT = 'Continue signing in to your ProofTrack account with Google'

  /** Everything that lets the registrant in, read from the database. */
  async function waysOf(userId: string) {
    const user = await db()
      .selectFrom('users')
      .select(['passwordHash', 'externalId', 'emailVerified'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    const twoFactor = await db()
      .selectFrom('userTwoFactors')
      .select('confirmedAt')
      .where('userId', '=', userId)
      .executeTakeFirst()
    const recoveryCodes = await db()
      .selectFrom('twoFactorRecoveryCodes')
      .select('id')
      .where('userId', '=', userId)
      .execute()
    const passkeys = await db()
      .selectFrom('passkeys')
      .select('credentialId')
      .where('userId', '=', userId)
      .execute()
    return {
      ...user,
      twoFactorOn: Boolean(twoFactor?.confirmedAt),
      recoveryCodes: recoveryCodes.length,
      passkeys: passkeys.map((row) => row.credentialId),
    }
  }

  const linkRequest = (link: URL, cookie: string | null, method: 'GET' | 'POST' = 'GET') =>
    new Request(method === 'GET' ? link : `${link.origin}${link.pathname}`, {
      method,
      headers: {
        ...(cookie ? { Cookie: cookie } : {}),
        ...(method === 'POST' ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
      },
      body:
        method === 'POST' ? new URLSearchParams({ token: link.searchParams.get('token')! }) : null,
    })
  // The page's state, without its messages (its i18n, decision 120).
  const openLink = async (link: URL, cookie: string | null) => {
    const response = await respond(() => takeoverRoute.loader(args(linkRequest(link, cookie))))
    const { i18n: _messages, ...state } = (await response.json()) as Record<string, unknown>
    return state
  }
  const postLink = (link: URL, cookie: string | null) =>
    respond(() => takeoverRoute.action(args(linkRequest(link, cookie, 'POST'))))

  function postCode(pending: string, code: string) {
    return respond(() =>
      twoFactorLogin.action(
        args(
          new Request('http://localhost:3000/login/two-factor', {
            method: 'POST',
            headers: { Cookie: pending },
            body: new URLSearchParams({ code }),
          }),
        ),
      ),
    )
  }

  test('an unverified account with two-factor: Google changes nothing, the mail names the Google account, and its link leads only to the code, only in the browser that asked', async () => {
    const registrant = await createUser({ emailVerified: false, firstName: 'さくら' })
    const { secret } = await enrolTwoFactor(registrant)
    const theirSession = await sessionCookie(registrant.id)
    const before = await waysOf(registrant.id)
    expect(before).toMatchObject({ twoFactorOn: true, recoveryCodes: 10 })
    const asker = account({ email: registrant.email, name: 'Mallory Mallet' })

    const response = await signInWith(asker)
    expect(response.headers.get('Location')).toBe('/login')
    expect(cookieFrom(response, 'pt_session')).toBeNull()
    expect(cookieFrom(response, 'pt_2fa')).toBeNull()
    expect(await toastOf(response)).toMatchObject({
      title: 'Check your mail',
      description: expect.stringContaining('open it in this browser'),
    })
    const browserCookie = cookieFrom(response, 'pt_google_link')
    expect(browserCookie).toBeTruthy()
    expect(await waysOf(registrant.id)).toEqual(before)
    expect(await getSessionUser(theirSession)).toMatchObject({ id: registrant.id })

    const [mail, ...more] = await mailTo(registrant.email)
    expect(more).toEqual([])
    expect(mail!.subject).toBe(LINK_SUBJECT)
    expect(mail!.text).toContain(
      `The Google account ${named('Mallory Mallet', asker.sub)} asked to sign in`,
    )
    expect(mail!.text).not.toContain(asker.sub)
    expect(mail!.text).toContain('Nothing on the account changes')
    const link = new URL(LINK.exec(mail!.text!)![0])
    expect(link.searchParams.get('token')).not.toContain(asker.sub)

    // Another browser (the owner clicking the genuine mail, case b): nothing to continue.
    expect(await openLink(link, null)).toEqual({ state: 'other-browser' })
    const elsewhere = await postLink(link, null)
    expect(elsewhere.headers.get('Location')).toBe('/login')
    expect(cookieFrom(elsewhere, 'pt_session')).toBeNull()
    expect(cookieFrom(elsewhere, 'pt_2fa')).toBeNull()
    expect(await toastOf(elsewhere)).toMatchObject({
      title: 'Open the link in the browser that asked',
    })
    // Another flow's browser cookie does not fit this link either.
    const other = await createUser({ emailVerified: false })
    await enrolTwoFactor(other)
    const otherCookie = cookieFrom(
      await signInWith(account({ email: other.email })),
      'pt_google_link',
    )
    expect(otherCookie).toBeTruthy()
    expect(await openLink(link, otherCookie)).toEqual({ state: 'other-browser' })
    expect(cookieFrom(await postLink(link, otherCookie), 'pt_2fa')).toBeNull()

    // The browser that asked: the page names the Google account, and continuing asks the code.
    expect(await openLink(link, browserCookie)).toMatchObject({
      state: 'ready',
      google: { name: 'Mallory Mallet', idEnding: asker.sub.slice(-4) },
      username: registrant.username,
    })
    const continued = await postLink(link, browserCookie)
    expect(continued.headers.get('Location')).toBe('/login/two-factor')
    expect(cookieFrom(continued, 'pt_session')).toBeNull()
    const pending = cookieFrom(continued, 'pt_2fa')!
    expect(pending).toBeTruthy()
    // The link's browser cookie is spent.
    expect(continued.headers.get('Set-Cookie')).toMatch(/pt_google_link=;[^,]*Max-Age=0/)
    expect((await postCode(pending, '000000')).status).toBe(400)
    expect(await sessionsOf(registrant.id)).toHaveLength(1)
    const finished = await postCode(pending, await freshCode(registrant.id, secret))
    expect(finished.headers.get('Location')).toBe('/')
    expect((await signedInUser(finished))?.id).toBe(registrant.id)

    // Still the registrant's: the password, two-factor and its codes; no Google account bound.
    expect(await waysOf(registrant.id)).toEqual(before)
    expect(await getSessionUser(theirSession)).toMatchObject({ id: registrant.id })
    // The next Google sign-in asks again: nothing was connected outside the settings.
    expect((await signInWith(asker)).headers.get('Location')).toBe('/login')
    expect(await waysOf(registrant.id)).toEqual(before)
  })

  test('a verified account with two-factor: Google by its address asks the code and connects nothing', async () => {
    const owner = await createUser({ emailVerified: true })
    const { secret } = await enrolTwoFactor(owner)
    const before = await waysOf(owner.id)
    const chosen = account({ email: owner.email })
    const back = await signInWith(chosen)
    expect(back.headers.get('Location')).toBe('/login/two-factor')
    expect(cookieFrom(back, 'pt_session')).toBeNull()
    const done = await postCode(cookieFrom(back, 'pt_2fa')!, await freshCode(owner.id, secret))
    expect((await signedInUser(done))?.id).toBe(owner.id)
    expect(await waysOf(owner.id)).toEqual(before)
    expect(before.externalId).toBeNull()
    expect(await mailTo(owner.email)).toEqual([])
  })

  test.each([
    { label: 'unverified', emailVerified: false },
    { label: 'verified', emailVerified: true },
  ])(
    'an $label account with a passkey: Google asks for the passkey, which stays and still signs in',
    async ({ emailVerified }) => {
      const user = await createUser({ emailVerified })
      const device = softwareAuthenticator({ origin: 'http://localhost:3000' })
      const added = await addPasskey(await sessionCookie(user.id), device)
      expect(added.status).toBe(201)
      await db().deleteFrom('sessions').where('userId', '=', user.id).execute()
      const before = await waysOf(user.id)
      expect(before.passkeys).toEqual([device.credentialId])

      const response = await signInWith(account({ email: user.email }))
      expect(response.headers.get('Location')).toBe('/login')
      expect(cookieFrom(response, 'pt_session')).toBeNull()
      expect(cookieFrom(response, 'pt_2fa')).toBeNull()
      expect(await toastOf(response)).toMatchObject({
        title: 'Sign in with your passkey',
        description: expect.stringContaining('connect Google in Settings'),
      })
      expect(await sessionsOf(user.id)).toEqual([])
      expect(await waysOf(user.id)).toEqual(before)
      expect(await mailTo(user.email)).toEqual([])

      // The passkey is what signs in.
      const signedIn = await passkeySignIn(device)
      expect(signedIn.status).toBe(200)
      expect(await sessionsOf(user.id)).toHaveLength(1)
      expect(await waysOf(user.id)).toMatchObject({ passkeys: [device.credentialId] })
    },
  )

  test('the fourth link mail in an hour is refused with a clear message; the third link still works in its browser', async () => {
    const registrant = await createUser({ emailVerified: false })
    const { secret } = await enrolTwoFactor(registrant)
    const asker = account({ email: registrant.email })
    const cookies: string[] = []
    for (let i = 0; i < 3; i++) {
      const response = await signInWith(asker)
      expect((await toastOf(response))?.title).toBe('Check your mail')
      cookies.push(cookieFrom(response, 'pt_google_link')!)
    }
    expect(await mailTo(registrant.email)).toHaveLength(3)

    // Eight sign-ins in all, as the review made: three mails, then five refusals.
    for (let i = 0; i < 5; i++) {
      const refused = await signInWith(asker)
      expect(refused.headers.get('Location')).toBe('/login')
      expect(cookieFrom(refused, 'pt_session')).toBeNull()
      // No new browser cookie: the last link keeps working where it was asked for.
      expect(cookieFrom(refused, 'pt_google_link')).toBeNull()
      expect(await toastOf(refused)).toMatchObject({
        type: 'error',
        title: 'Too many sign-in links',
        description: expect.stringMatching(
          /^We already mailed 3 sign-in links to this address in the last hour\. Use the newest one, or sign in with your password and code\.$/,
        ),
      })
    }
    const mails = await mailTo(registrant.email)
    expect(mails).toHaveLength(3)
    // Refusals are not counted: asking again does not push the wait further.
    const counted = await db()
      .selectFrom('rateLimits')
      .select('hits')
      .where('key', '=', `account:google-sign-in-link:${registrant.id}`)
      .execute()
    expect(counted.reduce((sum, row) => sum + row.hits, 0)).toBe(3)

    const newest = new URL(LINK.exec(mails[0]!.text!)![0])
    const continued = await postLink(newest, cookies[2]!)
    expect(continued.headers.get('Location')).toBe('/login/two-factor')
    const done = await postCode(
      cookieFrom(continued, 'pt_2fa')!,
      await freshCode(registrant.id, secret),
    )
    expect((await signedInUser(done))?.id).toBe(registrant.id)
    expect(await waysOf(registrant.id)).toMatchObject({ twoFactorOn: true, recoveryCodes: 10 })
  })

  test('a forged, expired or altered link continues nothing', async () => {
    const registrant = await createUser({ emailVerified: false })
    await enrolTwoFactor(registrant)
    const response = await signInWith(account({ email: registrant.email }))
    const cookie = cookieFrom(response, 'pt_google_link')!
    const link = new URL(LINK.exec((await mailTo(registrant.email))[0]!.text!)![0])
    const [payload] = link.searchParams.get('token')!.split('.')
    const forged = new URL(link)
    forged.searchParams.set('token', `${payload}.AAAA`)
    expect(await openLink(forged, cookie)).toEqual({ state: 'gone' })
    expect(cookieFrom(await postLink(forged, cookie), 'pt_2fa')).toBeNull()
    const garbage = new URL(link)
    garbage.searchParams.set('token', 'not-a-link')
    expect(await openLink(garbage, cookie)).toEqual({ state: 'gone' })

    // A code passed since (by the password and code, here) ends the link.
    await db()
      .updateTable('userTwoFactors')
      .set({ lastUsedStep: 1 })
      .where('userId', '=', registrant.id)
      .execute()
    expect(await openLink(link, cookie)).toEqual({ state: 'gone' })
    const gone = await postLink(link, cookie)
    expect(gone.headers.get('Location')).toBe('/login')
    expect(cookieFrom(gone, 'pt_2fa')).toBeNull()
    expect(await toastOf(gone)).toMatchObject({ title: 'This link no longer works' })
  })
})
