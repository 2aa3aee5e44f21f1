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

afterAll(() => googleMock.stop())

beforeEach(() => googleMock.reset())

const USERNAME = /^[A-Za-z0-9_]{3,30}$/
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
  test('a new Google account gets a verified user, a database session and the welcome toast', async () => {
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
    expect(await toastOf(response)).toMatchObject({
      type: 'success',
      title: 'Welcome back!',
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
    expect(notice!.text).toContain(`was just signed into with the Google account ${chosen.email}`)
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
    expect(mail!.text).toContain(`The Google account ${chosen.email}`)
    expect(mail!.text).toContain('- the password\n- 1 signed-in session (signed out)\n')
  })

  test('an unverified account with two-factor and a passkey is not taken over by Google alone: a mailed link finishes it, once', async () => {
    const registrant = await createUser({ emailVerified: false, firstName: 'さくら' })
    await enrolTwoFactor(registrant)
    const theirCookie = await sessionCookie(registrant.id)
    const attackersGoogle = crypto.randomBytes(8).toString('hex')
    await db()
      .updateTable('users')
      .set({ externalId: attackersGoogle })
      .where('id', '=', registrant.id)
      .execute()
    await db()
      .insertInto('passkeys')
      .values({
        userId: registrant.id,
        credentialId: crypto.randomBytes(16).toString('base64url'),
        publicKey: new Uint8Array(crypto.randomBytes(77)),
        counter: 0,
        name: 'मेरी चाबी',
      })
      .execute()
    await db()
      .insertInto('emailChangeTokens')
      .values({
        userId: registrant.id,
        newEmail: 'elsewhere@example.com',
        tokenHash: crypto.randomBytes(32).toString('hex'),
        expiresAt: new Date(Date.now() + 3_600_000),
      })
      .execute()
    const owner = account({ email: registrant.email })

    const response = await signInWith(owner)
    expect(response.headers.get('Location')).toBe('/login')
    expect(cookieFrom(response, 'pt_session')).toBeNull()
    expect(await toastOf(response)).toMatchObject({
      title: 'Check your mail',
      description: expect.stringContaining('We mailed a link to its address'),
    })
    // Nothing changed yet: the registrant still signs in, with password and code.
    const [kept] = await usersWithEmail(registrant.email)
    expect(kept).toMatchObject({
      emailVerified: false,
      passwordHash: registrant.passwordHash,
      externalId: attackersGoogle,
    })
    expect(await getSessionUser(theirCookie)).toMatchObject({ id: registrant.id })
    const [mail] = await mailTo(registrant.email)
    expect(mail!.subject).toBe('Finish signing in to your ProofTrack account with Google')
    const link = new URL(
      /http:\/\/localhost:3000\/login\/google-takeover\?token=\S+/.exec(mail!.text!)![0],
    )
    for (const way of [
      'the password',
      'two-factor authentication and its recovery codes',
      '1 passkey',
      '1 signed-in session (signed out)',
      'another Google account connected to it',
      'a pending change of the email address',
    ])
      expect(mail!.text).toContain(`- ${way}\n`)

    // Opening the link changes nothing; it shows what finishing removes.
    const page = await respond(() => takeoverRoute.loader(args(new Request(link))))
    const shown = await page.json()
    expect(shown.googleEmail).toBe(owner.email)
    expect(shown.removed).toContain('1 passkey')
    expect(await sessionsOf(registrant.id)).toHaveLength(1)

    const finish = (token: string) =>
      respond(() =>
        takeoverRoute.action(
          args(
            new Request('http://localhost:3000/login/google-takeover', {
              method: 'POST',
              headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
              body: new URLSearchParams({ token }),
            }),
          ),
        ),
      )
    const forged = await finish(`${link.searchParams.get('token')!.split('.')[0]}.AAAA`)
    expect(forged.headers.get('Location')).toBe('/login')
    expect(cookieFrom(forged, 'pt_session')).toBeNull()

    // The same link posted twice at once (a double click, or a copy of it): one finishes.
    const both = await Promise.all([
      finish(link.searchParams.get('token')!),
      finish(link.searchParams.get('token')!),
    ])
    const done = both.find((answer) => answer.headers.get('Location') === '/')!
    expect(both.map((answer) => answer.headers.get('Location')).sort()).toEqual(['/', '/login'])
    expect(both.filter((answer) => cookieFrom(answer, 'pt_session'))).toHaveLength(1)
    expect(await sessionsOf(registrant.id)).toHaveLength(1)
    expect(
      (await mailTo(registrant.email)).filter(
        (sent) => sent.subject === 'Ways into your ProofTrack account were removed',
      ),
    ).toHaveLength(1)
    expect((await signedInUser(done))?.id).toBe(registrant.id)
    expect((await toastOf(done))?.description).toContain('1 passkey')
    const [linked] = await usersWithEmail(registrant.email)
    expect(linked).toMatchObject({ emailVerified: true, passwordHash: null, externalId: owner.sub })
    expect(await getSessionUser(theirCookie)).toBeNull()
    for (const table of [
      'passkeys',
      'userTwoFactors',
      'twoFactorRecoveryCodes',
      'emailChangeTokens',
    ] as const)
      expect(
        await db().selectFrom(table).select('userId').where('userId', '=', registrant.id).execute(),
        table,
      ).toEqual([])
    expect((await mailTo(registrant.email))[0]!.subject).toBe(
      'Ways into your ProofTrack account were removed',
    )
    // Once: the same link again signs nobody in.
    const again = await finish(link.searchParams.get('token')!)
    expect(again.headers.get('Location')).toBe('/login')
    expect(cookieFrom(again, 'pt_session')).toBeNull()
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
