import crypto from 'node:crypto'
import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import * as apiLogin from '~/resource-routes/api.auth.login'
import * as apiLogout from '~/resource-routes/api.auth.logout'
import * as apiRegister from '~/resource-routes/api.auth.register'
import * as apiUser from '~/resource-routes/api.auth.user'
import * as login from '~/routes/login'
import * as register from '~/routes/register'
import * as verifyEmail from '~/routes/verify-email'
import { db } from '../setup/db'
import { mailTo } from '../setup/mail'
import {
  args,
  authedRequest,
  cookieFrom,
  createUser,
  formRequest,
  jsonRequest,
  PASSWORD,
  respond,
  sessionCookie,
} from '../setup/fixtures'

const registration = (overrides: Record<string, string> = {}) => ({
  firstName: 'Ann',
  lastName: 'Writer',
  username: `ann_${crypto.randomBytes(3).toString('hex')}`,
  email: `ann-${crypto.randomBytes(3).toString('hex')}@example.com`,
  password: 'Str0ngPass',
  ...overrides,
})

describe('register', () => {
  test('the spec rules and messages, next to each field', async () => {
    const response = await respond(() =>
      register.action(
        args(
          formRequest('http://localhost/register', {
            firstName: '',
            lastName: 'x'.repeat(51),
            username: 'no spaces!',
            email: 'nope',
            password: 'weakpassword',
          }),
        ),
      ),
    )
    expect(response.status).toBe(400)
    const { result } = await response.json()
    expect(result.error).toEqual({
      firstName: ['Enter your first name'],
      lastName: ['Last name must be at most 50 characters'],
      username: ['Username can only contain letters, numbers, and underscores'],
      email: ['Please enter a valid email address'],
      password: [
        'Password must contain at least one uppercase letter, one lowercase letter, and one number',
      ],
    })
    // The password is never echoed back into the form.
    expect(result.initialValue.password).toBeUndefined()
  })

  test('a good registration stores an argon2id hash and sends the user to sign in with a toast', async () => {
    const input = registration()
    const response = await respond(() =>
      register.action(args(formRequest('http://localhost/register', input))),
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/login')
    expect(cookieFrom(response, 'pt_toast')).toBeTruthy()
    const user = await db()
      .selectFrom('users')
      .selectAll()
      .where('username', '=', input.username)
      .executeTakeFirstOrThrow()
    expect(user.passwordHash).toMatch(/^\$argon2id\$/)
    expect(user.passwordHash).not.toContain(input.password)
    expect(user).toMatchObject({
      email: input.email,
      authProvider: 'local',
      emailVerified: false,
      firstName: 'Ann',
    })
  })

  test('a taken username (in any case) is refused with a clear message', async () => {
    const first = registration()
    await respond(() => register.action(args(formRequest('http://localhost/register', first))))
    const sameName = await respond(() =>
      register.action(
        args(
          formRequest(
            'http://localhost/register',
            registration({ username: first.username.toUpperCase() }),
          ),
        ),
      ),
    )
    expect(sameName.status).toBe(409)
    expect((await sameName.json()).result.error.username).toEqual(['Username is already taken'])
  })

  test('a taken address (in any case) is answered as a new account would be, and its owner is told by mail once an hour', async () => {
    const owner = await createUser({
      email: 'yuki.sato@example.jp',
      firstName: '佐藤',
      lastName: '由紀',
    })
    const signUp = (fields: Record<string, string>) =>
      respond(() => register.action(args(formRequest('http://localhost/register', fields))))
    const fresh = await signUp(registration({ firstName: 'Аня', lastName: 'Петрова' }))
    const taken = await signUp(
      registration({ email: 'Yuki.Sato@Example.JP', firstName: '由紀', lastName: '佐藤' }),
    )
    // Nothing in the answer tells the two apart: status, place and the toast's words.
    for (const answer of [fresh, taken]) {
      expect(answer.status).toBe(302)
      expect(answer.headers.get('Location')).toBe('/login')
    }
    const toastOf = (answer: Response) =>
      answer.headers
        .getSetCookie()
        .map((cookie) => cookie.split('=')[0])
        .sort()
    expect(toastOf(taken)).toEqual(toastOf(fresh))
    // No second account; the owner's address is told, where only its owner reads it.
    const holders = await db()
      .selectFrom('users')
      .select('id')
      .where(sql`lower(email)`, '=', 'yuki.sato@example.jp')
      .execute()
    expect(holders.map((row) => row.id)).toEqual([owner.id])
    const mails = await mailTo(owner.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe('Someone tried to create a ProofTrack account with your address')
    expect(mails[0]!.text).toContain('no new account was made')
    expect(mails[0]!.text).toContain('/forgot-password')
    // A second try within the hour is answered alike and mails nobody again.
    expect((await signUp(registration({ email: owner.email }))).status).toBe(302)
    expect(await mailTo(owner.email)).toHaveLength(1)
    // The API answers both alike too: no account in the body, nothing that differs.
    const api = (fields: Record<string, string>) =>
      apiRegister.action(args(jsonRequest('http://localhost/api/auth/register', fields)))
    const apiFresh = await api(registration())
    const apiTaken = await api(registration({ email: owner.email }))
    expect(apiTaken.status).toBe(apiFresh.status)
    expect(await apiTaken.json()).toEqual(await apiFresh.json())
  })

  test('nobody can register the support email, which would make them the admin', async () => {
    const response = await respond(() =>
      register.action(
        args(
          formRequest(
            'http://localhost/register',
            registration({ email: 'Support@ProofTrack.test' }),
          ),
        ),
      ),
    )
    expect(response.status).toBe(409)
    const body = await response.json()
    expect(body.result.error.email).toEqual([
      'This email address is reserved. Please use a different email address.',
    ])
    expect(body.toast).toMatchObject({ title: 'Registration failed' })
    const api = await apiRegister.action(
      args(
        jsonRequest(
          'http://localhost/api/auth/register',
          registration({ email: 'support@prooftrack.test' }),
        ),
      ),
    )
    expect(api.status).toBe(409)
    expect(await api.json()).toMatchObject({
      message: 'This email address is reserved. Please use a different email address.',
    })
  })
})

describe('sign in', () => {
  test('with username or email (any case) it starts a database session and lands on the dashboard', async () => {
    const user = await createUser({ email: 'casey@example.com', username: 'casey_w' })
    for (const usernameOrEmail of ['casey_w', 'CASEY@example.com']) {
      const response = await respond(() =>
        login.action(
          args(formRequest('http://localhost/login', { usernameOrEmail, password: PASSWORD })),
        ),
      )
      expect(response.status).toBe(302)
      expect(response.headers.get('Location')).toBe('/')
      const cookie =
        (response.headers.get('Set-Cookie') ?? '')
          .split(/, (?=\w+=)/)
          .find((c) => c.startsWith('pt_session=')) ?? ''
      expect(cookie.split('; ')).toEqual(
        expect.arrayContaining(['Max-Age=2592000', 'Path=/', 'HttpOnly', 'SameSite=Lax']),
      )
      expect(cookie).not.toContain('Secure') // tests run outside production
    }
    const sessions = await db()
      .selectFrom('sessions')
      .selectAll()
      .where('userId', '=', user.id)
      .execute()
    expect(sessions).toHaveLength(2)
    // The cookie carries only the random session id, never user data; the table only its hash.
    for (const session of sessions) expect(session.sidHash).toMatch(/^[0-9a-f]{64}$/)
  })

  test('a wrong password gets a clear message and a toast, and no session', async () => {
    const user = await createUser()
    const response = await respond(() =>
      login.action(
        args(
          formRequest('http://localhost/login', {
            usernameOrEmail: user.username,
            password: 'Wrong-password1',
          }),
        ),
      ),
    )
    expect(response.status).toBe(401)
    const body = await response.json()
    expect(body.result.error['']).toEqual(['Invalid username/email or password'])
    expect(body.toast).toMatchObject({
      title: 'Login failed',
      description: 'Invalid username/email or password',
    })
    expect(response.headers.get('Set-Cookie')).toBeNull()
    expect(
      await db().selectFrom('sessions').select('sidHash').where('userId', '=', user.id).execute(),
    ).toHaveLength(0)
  })

  test('empty fields get the schema messages', async () => {
    const response = await respond(() =>
      login.action(
        args(formRequest('http://localhost/login', { usernameOrEmail: '', password: '' })),
      ),
    )
    expect(response.status).toBe(400)
    expect((await response.json()).result.error).toEqual({
      usernameOrEmail: ['Enter your username or email address'],
      password: ['Enter your password'],
    })
  })

  test('redirectTo is followed only to same-origin paths', async () => {
    const user = await createUser()
    const go = async (redirectTo: string) =>
      (
        await respond(() =>
          login.action(
            args(
              formRequest('http://localhost/login', {
                usernameOrEmail: user.username,
                password: PASSWORD,
                redirectTo,
              }),
            ),
          ),
        )
      ).headers.get('Location')
    expect(await go('/verify-email')).toBe('/verify-email')
    expect(await go('//evil.example/x')).toBe('/')
    expect(await go('https://evil.example')).toBe('/')
    expect(await go('/\\evil.example')).toBe('/')
  })

  test('too many attempts on one account from one address are refused with 429 until the window passes', async () => {
    const user = await createUser()
    let last: Response | undefined
    for (let attempt = 0; attempt < 11; attempt++) {
      last = await respond(() =>
        login.action(
          args(
            formRequest('http://localhost/login', {
              usernameOrEmail: user.username,
              password: 'Wrong-password1',
            }),
          ),
        ),
      )
    }
    expect(last?.status).toBe(429)
    expect((await last!.json()).result.error['']).toEqual([
      expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/),
    ])
    // Even the right password waits at that address: the limit counts attempts, not only wrong ones.
    const right = await respond(() =>
      login.action(
        args(
          formRequest('http://localhost/login', {
            usernameOrEmail: user.username,
            password: PASSWORD,
          }),
        ),
      ),
    )
    expect(right.status).toBe(429)
  })

  describe('lockout (decision 016)', () => {
    const from = (address: string, cookie?: string | null) => ({
      'X-ProofTrack-Client-Address': address,
      ...(cookie ? { Cookie: cookie } : {}),
    })
    const attempt = (usernameOrEmail: string, password: string, headers: Record<string, string>) =>
      respond(() =>
        login.action(
          args(formRequest('http://localhost/login', { usernameOrEmail, password }, headers)),
        ),
      )

    test('an attacker at one address cannot lock the owner out at another', async () => {
      const user = await createUser()
      const statuses = []
      for (let i = 0; i < 15; i++)
        statuses.push((await attempt(user.username, `Wrong-${i}`, from('192.0.2.10'))).status)
      expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true)
      expect(statuses.slice(10).every((status) => status === 429)).toBe(true)
      const owner = await attempt(user.username, PASSWORD, from('192.0.2.20'))
      expect(owner.status).toBe(302)
      expect(cookieFrom(owner, 'pt_session')).toBeTruthy()
    })

    test('username and email share one count: ten guesses in all, not ten of each', async () => {
      const user = await createUser()
      for (let i = 0; i < 5; i++)
        expect((await attempt(user.username, `Wrong-${i}`, from('192.0.2.30'))).status).toBe(401)
      for (let i = 0; i < 5; i++)
        expect(
          (await attempt(user.email.toUpperCase(), `Wrong-${i}`, from('192.0.2.30'))).status,
        ).toBe(401)
      expect((await attempt(user.email, 'Wrong-x', from('192.0.2.30'))).status).toBe(429)
      // The JSON sign-in counts against the same account.
      const api = await apiLogin.action(
        args(
          jsonRequest(
            'http://localhost/api/auth/login',
            { usernameOrEmail: user.username, password: PASSWORD },
            from('192.0.2.30'),
          ),
        ),
      )
      expect(api.status).toBe(429)
    })

    test('guessing from many addresses closes the account to new browsers only: one that signed in before still gets in', async () => {
      const user = await createUser()
      const first = await attempt(user.username, PASSWORD, from('192.0.2.40'))
      expect(first.status).toBe(302)
      const device = cookieFrom(first, 'pt_device')
      expect(first.headers.get('Set-Cookie')).toMatch(
        /pt_device=[^;]+; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax/,
      )
      for (let address = 0; address < 4; address++) {
        for (let i = 0; i < 10; i++)
          await attempt(user.email, `Wrong-${i}`, from(`198.18.0.${address}`))
      }
      const stranger = await attempt(user.username, PASSWORD, from('192.0.2.41'))
      expect(stranger.status).toBe(429)
      expect((await stranger.json()).result.error['']).toEqual([
        expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/),
      ])
      const owner = await attempt(user.username, PASSWORD, from('192.0.2.41', device))
      expect(owner.status).toBe(302)
      // The device cookie is signed: a forged one counts as a new browser.
      const forged = device!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))
      expect((await attempt(user.username, PASSWORD, from('192.0.2.42', forged))).status).toBe(429)
    })

    test('right passwords are no guesses: sign-ins from many new browsers and one address use up neither ceiling', async () => {
      const user = await createUser()
      // More than the account's 30 for new browsers and the address's 50, all with the right password.
      for (let i = 0; i < 55; i++)
        expect((await attempt(user.username, PASSWORD, from('192.0.2.60'))).status).toBe(302)
      expect((await attempt(user.username, PASSWORD, from('192.0.2.61'))).status).toBe(302)
      // Guesses still count as before.
      for (let i = 0; i < 10; i++)
        expect((await attempt(user.username, `Wrong-${i}`, from('192.0.2.60'))).status).toBe(401)
      expect((await attempt(user.username, 'Wrong-x', from('192.0.2.60'))).status).toBe(429)
    })

    test("a name that matches no account spends the address's own count", async () => {
      for (let i = 0; i < 10; i++)
        expect((await attempt(`ghost_${i}`, 'Wrong-1', from('192.0.2.50'))).status).toBe(401)
      expect((await attempt('ghost_x', 'Wrong-1', from('192.0.2.50'))).status).toBe(429)
      const user = await createUser()
      expect((await attempt(user.username, PASSWORD, from('192.0.2.50'))).status).toBe(302)
    })
  })

  test('a signed-in user is sent home from the sign-in and register pages', async () => {
    const user = await createUser()
    for (const run of [login.loader, register.loader]) {
      const response = await respond(async () =>
        run(args(await authedRequest('http://localhost/login', user.id))),
      )
      expect(response.status).toBe(302)
      expect(response.headers.get('Location')).toBe('/')
    }
  })
})

describe('session API', () => {
  test('GET /api/auth/user: 401 signed out, the public user signed in', async () => {
    const signedOut = await respond(() =>
      apiUser.loader(args(new Request('http://localhost/api/auth/user'))),
    )
    expect(signedOut.status).toBe(401)
    expect(await signedOut.json()).toEqual({ message: 'Unauthorized' })
    const user = await createUser({ firstName: null, email: 'pat.lee@example.com' })
    const signedIn = await respond(async () =>
      apiUser.loader(args(await authedRequest('http://localhost/api/auth/user', user.id))),
    )
    const body = await signedIn.json()
    expect(body).toMatchObject({
      id: user.id,
      email: 'pat.lee@example.com',
      displayName: 'pat.lee',
      isAdmin: false,
      emailVerified: false,
    })
    expect(JSON.stringify(body)).not.toContain('argon2')
    expect(body.passwordHash).toBeUndefined()
  })

  test('sign-out deletes the session row and clears the cookie', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    expect(
      await db().selectFrom('sessions').select('sidHash').where('userId', '=', user.id).execute(),
    ).toHaveLength(1)
    const response = await respond(() =>
      apiLogout.loader(
        args(new Request('http://localhost/api/auth/logout', { headers: { Cookie: cookie } })),
      ),
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/')
    expect(response.headers.get('Set-Cookie')).toMatch(/pt_session=; .*Expires=Thu, 01 Jan 1970/)
    expect(
      await db().selectFrom('sessions').select('sidHash').where('userId', '=', user.id).execute(),
    ).toHaveLength(0)
    const after = await respond(() =>
      apiUser.loader(
        args(new Request('http://localhost/api/auth/user', { headers: { Cookie: cookie } })),
      ),
    )
    expect(after.status).toBe(401)
  })

  test('sign-out by GET works from our own pages and the address bar, never from another site', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const signOut = (headers: Record<string, string>) =>
      respond(() =>
        apiLogout.loader(
          args(
            new Request('http://localhost/api/auth/logout', {
              headers: { Cookie: cookie, ...headers },
            }),
          ),
        ),
      )
    const sessions = async () =>
      (await db().selectFrom('sessions').select('sidHash').where('userId', '=', user.id).execute())
        .length
    const crossSite: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate' },
      { 'Sec-Fetch-Site': 'same-site', 'Sec-Fetch-Mode': 'navigate' },
      // Browsers that send no Sec-Fetch-Site still name the page the link was on.
      { Referer: 'https://evil.example/page' },
      { Origin: 'https://evil.example' },
    ]
    for (const headers of crossSite) {
      const refused = await signOut(headers)
      expect(refused.status).toBe(302)
      expect(refused.headers.get('Location')).toBe('/')
      expect(refused.headers.get('Set-Cookie')).toMatch(/^pt_toast=/)
      expect(refused.headers.get('Set-Cookie')).not.toContain('pt_session=')
      expect(await sessions()).toBe(1)
    }
    const ours = await signOut({
      'Sec-Fetch-Site': 'same-origin',
      'Sec-Fetch-Mode': 'navigate',
      Referer: 'http://localhost:3000/songs',
    })
    expect(ours.headers.get('Set-Cookie')).toMatch(/pt_session=; /)
    expect(await sessions()).toBe(0)
    const again = await sessionCookie(user.id)
    const typed = await respond(() =>
      apiLogout.loader(
        args(
          new Request('http://localhost/api/auth/logout', {
            headers: { Cookie: again, 'Sec-Fetch-Site': 'none' },
          }),
        ),
      ),
    )
    expect(typed.headers.get('Set-Cookie')).toMatch(/pt_session=; /)
    expect(await sessions()).toBe(0)
  })

  test('a tampered or expired session cookie counts as signed out', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const tampered = cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))
    expect(
      (
        await respond(() =>
          apiUser.loader(
            args(new Request('http://localhost/api/auth/user', { headers: { Cookie: tampered } })),
          ),
        )
      ).status,
    ).toBe(401)
    await db()
      .updateTable('sessions')
      .set({ expire: new Date(Date.now() - 1000) })
      .where('userId', '=', user.id)
      .execute()
    expect(
      (
        await respond(() =>
          apiUser.loader(
            args(new Request('http://localhost/api/auth/user', { headers: { Cookie: cookie } })),
          ),
        )
      ).status,
    ).toBe(401)
  })

  test('POST /api/auth/login answers JSON and sets the session cookie', async () => {
    const user = await createUser()
    const ok = await apiLogin.action(
      args(
        jsonRequest('http://localhost/api/auth/login', {
          usernameOrEmail: user.email,
          password: PASSWORD,
        }),
      ),
    )
    expect(ok.status).toBe(200)
    expect(await ok.json()).toMatchObject({ id: user.id, username: user.username })
    expect(cookieFrom(ok, 'pt_session')).toBeTruthy()
    const bad = await apiLogin.action(
      args(
        jsonRequest('http://localhost/api/auth/login', {
          usernameOrEmail: user.email,
          password: 'nope',
        }),
      ),
    )
    expect(bad.status).toBe(401)
    expect(await bad.json()).toEqual({ message: 'Invalid username/email or password' })
    const invalid = await apiLogin.action(
      args(jsonRequest('http://localhost/api/auth/login', { usernameOrEmail: '' })),
    )
    expect(invalid.status).toBe(400)
  })

  test('POST /api/auth/register answers 201 with the spec message, 400 with the spec message', async () => {
    const created = await apiRegister.action(
      args(
        jsonRequest('http://localhost/api/auth/register', registration({ username: 'json_user' })),
      ),
    )
    expect(created.status).toBe(201)
    expect(await created.json()).toEqual({
      message: 'Registration successful',
      description: 'Please log in with your new account.',
    })
    const stored = await db()
      .selectFrom('users')
      .select(['username', 'authProvider'])
      .where('username', '=', 'json_user')
      .executeTakeFirstOrThrow()
    expect(stored).toEqual({ username: 'json_user', authProvider: 'local' })
    const weak = await apiRegister.action(
      args(jsonRequest('http://localhost/api/auth/register', registration({ password: 'short' }))),
    )
    expect(weak.status).toBe(400)
    expect((await weak.json()).message).toBe('Password must be at least 8 characters')
  })
})

describe('pages that need a user', () => {
  test('send a visitor to sign in, with the way back', async () => {
    const response = await respond(() =>
      verifyEmail.loader(args(new Request('http://localhost/verify-email'))),
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/login?redirectTo=%2Fverify-email')
  })
})
