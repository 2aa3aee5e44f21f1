import crypto from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import {
  type MutableRedirectUri,
  type MutableResponse,
  OAuth2Server,
  type TokenRequestIncomingMessage,
} from 'oauth2-mock-server'
import { generateSync } from 'otplib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MODES, type TestPage, useBrowser } from './browser'
import { expectSoon, newSignedInUser } from './flows'
import { mailTo } from './mailbox'
import { useServer } from './server'

/** What the mock's userinfo endpoint answers for the Google account that signs in. */
interface GoogleAccount {
  sub: string
  email: string
  email_verified: boolean
  name: string
  given_name: string
  family_name: string
}

const browser = useBrowser()

// A local OAuth server stands in for Google; a second app server is configured to use it. The
// mock answers userinfo with the account chosen for that flow: code → access token → account.
const oauth = new OAuth2Server()
let chosenAccount: GoogleAccount | undefined
const accountByCode = new Map<string, GoogleAccount>()
const accountByToken = new Map<string, GoogleAccount>()

beforeAll(async () => {
  await oauth.issuer.keys.generate('RS256')
  await oauth.start(0, '127.0.0.1')
  oauth.service.on('beforeAuthorizeRedirect', ({ url }: MutableRedirectUri) => {
    const code = url.searchParams.get('code')
    if (code && chosenAccount) accountByCode.set(code, chosenAccount)
  })
  oauth.service.on(
    'beforeResponse',
    (response: MutableResponse, req: TokenRequestIncomingMessage) => {
      const account = req.body.code ? accountByCode.get(req.body.code) : undefined
      if (account && response.body !== '' && typeof response.body.access_token === 'string')
        accountByToken.set(response.body.access_token, account)
    },
  )
  oauth.service.on('beforeUserinfo', (response: MutableResponse, req: IncomingMessage) => {
    const account = accountByToken.get((req.headers.authorization ?? '').replace(/^Bearer /, ''))
    if (account) response.body = { ...account }
    else Object.assign(response, { statusCode: 401, body: { error: 'invalid_token' } })
  })
})
afterAll(async () => {
  if (oauth.listening) await oauth.stop()
})

const server = useServer({
  env: () => {
    const issuer = oauth.issuer.url!
    return {
      GOOGLE_CLIENT_ID: 'prooftrack-e2e.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'google-e2e-secret',
      GOOGLE_AUTHORIZATION_URL: `${issuer}/authorize`,
      GOOGLE_TOKEN_URL: `${issuer}/token`,
      GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
    }
  },
})

function account(givenName: string, overrides: Partial<GoogleAccount> = {}): GoogleAccount {
  const id = crypto.randomBytes(4).toString('hex')
  return {
    sub: `google-${id}`,
    email: `${givenName.toLowerCase()}-${id}@gmail.example`,
    email_verified: true,
    name: `${givenName} Lovelace`,
    given_name: givenName,
    family_name: 'Lovelace',
    ...overrides,
  }
}

/** Opens our own server's /login (absolute URLs: the browser's default base is the shared server) and picks Google. */
async function continueWithGoogle(page: TestPage, chosen: GoogleAccount) {
  chosenAccount = chosen
  const response = await page.goto(`${server.baseUrl}/login`)
  expect(response?.status()).toBe(200)
  const google = page.getByRole('link', { name: 'Continue with Google' })
  expect(await google.getAttribute('href')).toBe('/api/auth/google')
  const visited: string[] = []
  page.on('request', (request) => {
    if (request.isNavigationRequest()) visited.push(request.url())
  })
  // Redirects make no documents: the next load is the page at the end of the round trip.
  const loaded = page.waitForEvent('load')
  await google.click()
  await loaded
  return visited
}

const STEP = 30
const stepNow = () => Math.floor(Date.now() / 1000 / STEP)
/** The authenticator app's code for a time step (otplib, the key the settings page shows). */
const code = (secret: string, step: number) =>
  generateSync({ algorithm: 'sha1', digits: 6, period: STEP, secret, epoch: step * STEP })

/** Turns two-factor on from the settings, as its owner does; returns the key and its step. */
async function turnOnTwoFactor(page: TestPage) {
  await page.goto(`${server.baseUrl}/settings/two-factor`)
  await page.getByRole('button', { name: 'Set Up Two-Factor' }).click()
  await expectSoon(page, () => page.getByTestId('two-factor-key').count(), 1)
  const secret = (await page.getByTestId('two-factor-key').innerText()).replace(/\s/g, '')
  const step = stepNow()
  await page.getByLabel('Code from your app').fill(code(secret, step))
  await page.getByRole('button', { name: 'Turn On Two-Factor' }).click()
  await expectSoon(page, () => page.getByTestId('recovery-codes').locator('li').count(), 10)
  return { secret, step }
}

describe.each(MODES)('Google sign-in with $name', ({ javaScriptEnabled }) => {
  test('Continue with Google goes through the provider and back, signed in on the dashboard; sign-out ends it', async () => {
    const page = await browser.newPage({ javaScriptEnabled })
    const chosen = account(javaScriptEnabled ? 'Grace' : 'Hedy')
    const visited = await continueWithGoogle(page, chosen)

    expect(page.url()).toBe(`${server.baseUrl}/`)
    // The trip went start → provider → callback → home.
    const paths = visited.map((url) => new URL(url).pathname)
    expect(paths).toEqual(['/api/auth/google', '/authorize', '/api/auth/google/callback', '/'])
    expect(new URL(visited[1]!).origin).toBe(oauth.issuer.url)

    const header = page.locator('header').first()
    await expect.poll(() => header.getByRole('link', { name: 'Sign Out' }).count()).toBe(1)
    expect(await header.getByRole('link', { name: 'Sign In' }).count()).toBe(0)
    expect(await header.getByText(chosen.given_name, { exact: true }).count()).toBe(1)
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
      .toBe(`Welcome, ${chosen.given_name}`)
    // A new account's first sign-in: no "back" yet (decision 115).
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('Welcome!')

    // The session belongs to a new, verified Google user.
    const me = await page.request.get(`${server.baseUrl}/api/auth/user`)
    expect(me.status()).toBe(200)
    expect(await me.json()).toMatchObject({
      email: chosen.email,
      authProvider: 'google',
      emailVerified: true,
      firstName: chosen.given_name,
      lastName: 'Lovelace',
    })
    const cookies = await page.context().cookies(server.baseUrl)
    expect(cookies.find((cookie) => cookie.name === 'pt_session')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    })

    await page.goto(`${server.baseUrl}/api/auth/logout`)
    expect(page.url()).toBe(`${server.baseUrl}/`)
    await expect.poll(() => header.getByRole('link', { name: 'Sign In' }).count()).toBe(1)
    expect(await header.getByRole('link', { name: 'Sign Out' }).count()).toBe(0)
    expect(await page.getByText(`Welcome, ${chosen.given_name}`).count()).toBe(0)
    expect((await page.request.get(`${server.baseUrl}/api/auth/user`)).status()).toBe(401)
    await page.done()
  })

  test('signing in again with Google later lands on the same account', async () => {
    const chosen = account(javaScriptEnabled ? 'Ada' : 'Mary')
    const first = await browser.newPage({ javaScriptEnabled })
    await continueWithGoogle(first, chosen)
    const firstUser = await (await first.request.get(`${server.baseUrl}/api/auth/user`)).json()
    await first.done()

    const second = await browser.newPage({ javaScriptEnabled })
    await continueWithGoogle(second, chosen)
    expect(second.url()).toBe(`${server.baseUrl}/`)
    const secondUser = await (await second.request.get(`${server.baseUrl}/api/auth/user`)).json()
    expect(secondUser).toMatchObject({
      id: firstUser.id,
      username: firstUser.username,
      email: chosen.email,
    })
    await second.done()
  })

  test('a refused Google account (the support email) comes back to /login with the error toast', async () => {
    const page = await browser.newPage({ javaScriptEnabled })
    await continueWithGoogle(page, account('Support', { email: 'support@prooftrack.test' }))
    expect(page.url()).toBe(`${server.baseUrl}/login`)
    const toast = page.getByTestId('toast')
    await expect.poll(() => toast.textContent()).toContain('Authentication Error')
    expect(await toast.textContent()).toContain('Please try again or use email/password login.')
    expect(
      await page.locator('header').first().getByRole('link', { name: 'Sign In' }).count(),
    ).toBe(1)
    expect((await page.request.get(`${server.baseUrl}/api/auth/user`)).status()).toBe(401)
    await page.done()
  })

  // Issue 50.1, decision 109: Google never removes a second factor; the mailed link continues the
  // sign-in only in the browser that chose Google, and only as far as the code.
  test('an unverified account with two-factor: the mailed link works only in the browser that asked, and asks the code', async () => {
    const page = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    const owner = await newSignedInUser(page, javaScriptEnabled ? 'Imani' : 'Tomasz')
    const { secret, step } = await turnOnTwoFactor(page)
    await page.goto(`${server.baseUrl}/api/auth/logout`)

    const asker = account('Mallory', { email: owner.email })
    await continueWithGoogle(page, asker)
    expect(page.url()).toBe(`${server.baseUrl}/login`)
    await expectSoon(
      page,
      (timeout) => page.getByTestId('toast').innerText({ timeout }),
      expect.stringContaining('Check your mail'),
    )
    const mail = await mailTo(server.dataDir, owner.email, {
      subject: 'Continue signing in to your ProofTrack account with Google',
    })
    // Named by what tells it apart from the owner's own Google account: its name and id's end.
    expect(mail.text).toContain('Mallory Lovelace')
    expect(mail.text).toContain(`(ID ending ${asker.sub.slice(-4)})`)
    const link = /http:\/\/127\.0\.0\.1:\d+\/login\/google-takeover\?token=\S+/.exec(
      mail.text ?? '',
    )![0]

    // The owner's mail opened in another browser continues nothing.
    const other = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    await other.goto(link)
    await expectSoon(
      other,
      (timeout) => other.getByRole('heading', { level: 1 }).innerText({ timeout }),
      'Open the link in the browser that asked',
    )
    expect(await other.getByRole('button', { name: 'Continue' }).count()).toBe(0)
    expect((await other.request.get(`${server.baseUrl}/api/auth/user`)).status()).toBe(401)
    await other.done()

    // The browser that asked: the page names the Google account; continuing asks the code.
    await page.goto(link)
    await expectSoon(
      page,
      (timeout) => page.getByRole('heading', { level: 1 }).innerText({ timeout }),
      'Continue signing in with Google',
    )
    expect(await page.getByText('Mallory Lovelace').count()).toBe(1)
    expect(await page.getByTestId('google-id-ending').innerText()).toBe(asker.sub.slice(-4))
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.waitForURL((url) => url.pathname === '/login/two-factor')
    expect((await page.request.get(`${server.baseUrl}/api/auth/user`)).status()).toBe(401)
    await page.getByLabel('Authentication code').fill(code(secret, Math.max(stepNow(), step + 1)))
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    const me = await page.request.get(`${server.baseUrl}/api/auth/user`)
    expect(await me.json()).toMatchObject({ email: owner.email, emailVerified: false })

    // Two-factor is still on, and Google was connected to nothing.
    await page.goto(`${server.baseUrl}/settings`)
    await expectSoon(
      page,
      (timeout) =>
        page.getByRole('link', { name: /^Two-factor authentication/ }).innerText({ timeout }),
      expect.stringContaining('On'),
    )
    await page.goto(`${server.baseUrl}/settings/google`)
    await expectSoon(
      page,
      (timeout) => page.getByTestId('google-status').innerText({ timeout }),
      'No Google account is connected.',
    )
    await page.done()
  })
})
