import { describe, expect, test } from 'vitest'
import { MODES, type TestPage, useBrowser } from './browser'
import { useServer } from './server'

const browser = useBrowser()

/** With JavaScript on, waits until React owns the page, so clicks reach its handlers. */
async function whenHydrated(page: TestPage, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return
  await page.waitForFunction(() => {
    const output = document.querySelector('[data-testid="oauth-output"]')
    return output !== null && Object.keys(output).some((key) => key.startsWith('__reactFiber'))
  })
}

/** Without JavaScript the form is submitted (`?test=…`); with it the page answers in place. */
function expectedSearch(javaScriptEnabled: boolean, test: string) {
  return javaScriptEnabled ? '' : `?test=${test}`
}

const PAGES = [
  { path: '/oauth-status', heading: 'Google OAuth Status', title: 'Google OAuth Status' },
  { path: '/oauth-test', heading: 'OAuth Test', title: 'OAuth Test' },
  { path: '/google-auth', heading: 'Sign in with Google', title: 'Google Sign-In' },
]

// The e2e server runs without any Google configuration.
describe.each(MODES)('OAuth debug pages with $name', ({ javaScriptEnabled }) => {
  test.each(PAGES)('$path answers 200 with its heading', async ({ path, heading, title }) => {
    const page = await browser.newPage({ javaScriptEnabled })
    const response = await page.goto(path)
    expect(response?.status()).toBe(200)
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
      .toBe(heading)
    expect(await page.title()).toBe(title)
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy()
    await page.done()
  })

  test('/oauth-status shows the client id as Missing, the lists, and a disabled test button', async () => {
    const page = await browser.newPage({ javaScriptEnabled })
    await page.goto('/oauth-status')
    expect(await page.getByText('Missing', { exact: true }).count()).toBe(1)
    expect(await page.getByText('Not Published', { exact: true }).count()).toBe(1)
    expect(await page.getByText('Pending', { exact: true }).count()).toBe(1)
    expect(await page.getByText(/^Last checked /).count()).toBe(1)
    expect(
      await page
        .getByText(`${browser.baseUrl()}/api/auth/google/callback`, { exact: true })
        .count(),
    ).toBe(1)
    expect(await page.getByRole('button', { name: 'Test Google OAuth' }).isDisabled()).toBe(true)
    expect(await page.getByText('Google sign-in is not configured on this server.').count()).toBe(1)
    expect(
      await page.getByRole('link', { name: 'Privacy Policy' }).first().getAttribute('href'),
    ).toBe('/privacy-policy')
    const consoleLink = page.getByRole('link', { name: /OAuth consent screen/ })
    expect(await consoleLink.getAttribute('href')).toBe(
      'https://console.cloud.google.com/apis/credentials/consent',
    )
    expect(await consoleLink.getAttribute('target')).toBe('_blank')
    expect(await consoleLink.getAttribute('rel')).toBe('noopener noreferrer')
    await page.done()
  })

  test('/oauth-test prints the server config in the output box', async () => {
    const page = await browser.newPage({ javaScriptEnabled })
    await page.goto('/oauth-test')
    await whenHydrated(page, javaScriptEnabled)
    await page.getByRole('button', { name: 'Test Server Config' }).click()
    const output = page.getByTestId('oauth-output')
    await expect.poll(() => output.textContent()).toContain('"configured": false')
    expect(await output.textContent()).toContain('"clientIdPreview": null')
    expect(await output.textContent()).not.toContain('secret"')
    expect(new URL(page.url()).search).toBe(expectedSearch(javaScriptEnabled, 'config'))
    await page.done()
  })

  test('/oauth-test refuses the popup and direct tests while Google is not configured', async () => {
    const page = await browser.newPage({ javaScriptEnabled })
    await page.goto('/oauth-test')
    await whenHydrated(page, javaScriptEnabled)
    const popups: unknown[] = []
    page.on('popup', (popup) => popups.push(popup))
    await page.getByRole('button', { name: 'Test Popup OAuth' }).click()
    const output = page.getByTestId('oauth-output')
    await expect
      .poll(() => output.textContent())
      .toContain('Google sign-in is not configured on this server.')
    expect(new URL(page.url()).search).toBe(expectedSearch(javaScriptEnabled, 'popup'))
    await page.getByRole('button', { name: 'Test Direct OAuth URL' }).click()
    await expect.poll(() => output.textContent()).toContain('OAuth URL: /api/auth/google')
    expect(await output.textContent()).toContain('Google sign-in is not configured on this server.')
    expect(new URL(page.url()).pathname).toBe('/oauth-test')
    expect(new URL(page.url()).search).toBe(expectedSearch(javaScriptEnabled, 'direct'))
    expect(popups).toHaveLength(0)
    await page.done()
  })

  test('/google-auth explains that Google is not configured and links to email sign-in', async () => {
    const page = await browser.newPage({ javaScriptEnabled })
    await page.goto('/google-auth')
    expect(await page.getByText('Google sign-in is not configured on this server.').count()).toBe(1)
    expect(await page.getByRole('button', { name: 'Sign in with Google' }).isDisabled()).toBe(true)
    expect(
      await page.getByRole('button', { name: 'Alternative Google sign-in' }).isDisabled(),
    ).toBe(true)
    expect(await page.getByRole('link', { name: 'Sign in with email' }).getAttribute('href')).toBe(
      '/login',
    )
    expect(await page.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/register',
    )
    await page.done()
  })
})

test('with JavaScript, /oauth-status refreshes the diagnostics every 30 s and the consent test every 60 s', async () => {
  const page = await browser.newPage({ javaScriptEnabled: true })
  await page.clock.install()
  const requested: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.startsWith('/api/oauth/')) requested.push(pathname)
  })
  await page.goto('/oauth-status')
  await page.waitForFunction(() =>
    Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__reactFiber')),
  )
  expect(requested).toEqual([])
  // A second of margin: the intervals start a moment after the clock was installed.
  await page.clock.runFor(31_000)
  await expect.poll(() => requested, { timeout: 10_000 }).toEqual(['/api/oauth/diagnostics'])
  await page.clock.runFor(30_000)
  await expect
    .poll(() => [...requested].sort(), { timeout: 10_000 })
    .toEqual(['/api/oauth/diagnostics', '/api/oauth/diagnostics', '/api/oauth/test-consent'])
  expect(await page.getByText('Missing', { exact: true }).count()).toBe(1)
  expect(await page.getByText(/^Last checked \d\d:\d\d:\d\d UTC$/).count()).toBe(1)
  await page.done()
})

describe('OAuth debug API', () => {
  test('answers JSON with security headers', async () => {
    for (const [path, expected] of [
      [
        '/api/auth/google/config',
        { configured: false, clientIdPreview: null, clientSecretSet: false },
      ],
      ['/api/oauth/test-consent', { configured: false, testUrl: null }],
      [
        '/api/oauth/diagnostics',
        {
          googleOAuth: {
            configured: false,
            consentScreen: 'Not Published',
            domainVerification: 'Pending',
          },
        },
      ],
    ] as const) {
      const response = await fetch(`${browser.baseUrl()}${path}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(await response.json()).toMatchObject(expected)
    }
  })
})

describe('with Google configured', () => {
  const SECRET = 'shh-e2e-secret'
  // Google's own address is replaced by a closed local port: nothing here may leave the machine.
  const server = useServer({
    env: () => ({
      GOOGLE_CLIENT_ID: 'id-123.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: SECRET,
      GOOGLE_AUTHORIZATION_URL: 'http://127.0.0.1:9/auth',
    }),
  })

  test('no page or API answer contains the client secret', async () => {
    for (const path of [
      '/oauth-status',
      '/oauth-test',
      '/oauth-test?test=config',
      '/oauth-test?test=direct',
      '/oauth-test?test=popup',
      '/google-auth',
      '/api/auth/google/config',
      '/api/oauth/diagnostics',
      '/api/oauth/test-consent',
    ]) {
      const response = await fetch(`${server.baseUrl}${path}`)
      expect(response.status).toBe(200)
      expect(await response.text()).not.toContain(SECRET)
    }
  })

  test.each(MODES)(
    'the pages offer the sign-in links with $name',
    async ({ javaScriptEnabled }) => {
      const page = await browser.newPage({ javaScriptEnabled })
      await page.goto(`${server.baseUrl}/oauth-status`)
      expect(await page.getByText('Configured', { exact: true }).count()).toBe(1)
      expect(await page.getByRole('link', { name: 'Test Google OAuth' }).getAttribute('href')).toBe(
        '/api/auth/google',
      )
      await page.goto(`${server.baseUrl}/google-auth`)
      expect(
        await page.getByRole('link', { name: 'Sign in with Google' }).getAttribute('href'),
      ).toBe('/api/auth/google')
      expect(
        await page.getByRole('link', { name: 'Alternative Google sign-in' }).getAttribute('href'),
      ).toBe('/api/auth/google-alternative')
      expect(await page.getByText('Google sign-in is not configured on this server.').count()).toBe(
        0,
      )
      await page.goto(`${server.baseUrl}/oauth-test`)
      await whenHydrated(page, javaScriptEnabled)
      await page.getByRole('button', { name: 'Test Server Config' }).click()
      await expect
        .poll(() => page.getByTestId('oauth-output').textContent())
        .toContain('"configured": true')
      await page.done()
    },
  )

  test('with JavaScript, the popup test opens the sign-in route in a popup and notices when it closes', async () => {
    const page = await browser.newPage({ javaScriptEnabled: true })
    await page.goto(`${server.baseUrl}/oauth-test`)
    await whenHydrated(page, true)
    const signInRequested = page
      .context()
      .waitForEvent('request', (request) => new URL(request.url()).pathname === '/api/auth/google')
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Test Popup OAuth' }).click(),
    ])
    await signInRequested
    const output = page.getByTestId('oauth-output')
    await expect.poll(() => output.textContent()).toContain('Waiting for it to close')
    await popup.close()
    await expect.poll(() => output.textContent(), { timeout: 5_000 }).toBe('Popup closed')
    expect(new URL(page.url()).pathname).toBe('/oauth-test')
    await page.done()
  })
})
