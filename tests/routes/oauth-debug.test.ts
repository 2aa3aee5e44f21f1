import { describe, expect, test, vi } from 'vitest'

// env() caches on its first call, so Google must be configured before anything reads it.
vi.hoisted(() => {
  process.env.GOOGLE_CLIENT_ID = 'id-123.apps.googleusercontent.com'
  process.env.GOOGLE_CLIENT_SECRET = 'shh-secret'
})

const { loader: configLoader } = await import('~/resource-routes/api.auth.google.config')
const { loader: diagnosticsLoader } = await import('~/resource-routes/api.oauth.diagnostics')
const { loader: consentLoader } = await import('~/resource-routes/api.oauth.test-consent')
const { loader: oauthTestLoader } = await import('~/routes/oauth-test')
const { loader: oauthStatusLoader } = await import('~/routes/oauth-status')
const { loader: googleAuthLoader } = await import('~/routes/google-auth')

const SECRET = 'shh-secret'

/** Reads a response once, checking on the way that the secret is nowhere in it. */
async function body(response: Response) {
  const text = await response.text()
  expect(text).not.toContain(SECRET)
  return JSON.parse(text)
}

function args(path: string) {
  return { request: new Request(`http://localhost${path}`), params: {}, context: {} }
}

describe('OAuth debug API with Google configured', () => {
  test('GET /api/auth/google/config describes the set-up without the secret', async () => {
    const response = configLoader()
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('application/json')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await body(response)).toEqual({
      configured: true,
      clientIdPreview: expect.stringMatching(/^id-123…/),
      clientSecretSet: true,
      callbackUrl: 'http://localhost:3000/api/auth/google/callback',
      scopes: ['openid', 'profile', 'email'],
    })
  })

  test('GET /api/oauth/diagnostics lists what the Google Cloud Console must match', async () => {
    const response = diagnosticsLoader()
    expect(response.status).toBe(200)
    const data = await body(response)
    expect(data).toEqual({
      googleOAuth: {
        configured: true,
        clientIdPreview: expect.stringMatching(/^id-123…/),
        requiredAPIs: expect.arrayContaining([expect.any(String)]),
        credentialsConfiguration: {
          authorizedJavaScriptOrigins: ['http://localhost:3000'],
          authorizedRedirectURIs: ['http://localhost:3000/api/auth/google/callback'],
        },
        consentScreen: 'Not Published',
        domainVerification: 'Pending',
      },
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/),
    })
    expect(Number.isNaN(Date.parse(data.timestamp))).toBe(false)
  })

  test('GET /api/oauth/test-consent points at the sign-in route', async () => {
    const response = consentLoader()
    expect(response.status).toBe(200)
    expect(await body(response)).toEqual({ configured: true, testUrl: '/api/auth/google' })
  })
})

describe('OAuth debug pages with Google configured', () => {
  test('/oauth-test runs each test on the server', async () => {
    expect(await body(oauthTestLoader(args('/oauth-test')))).toEqual({
      configured: true,
      test: null,
      output: null,
    })

    const config = await body(oauthTestLoader(args('/oauth-test?test=config')))
    expect(config).toMatchObject({ configured: true, test: 'config' })
    expect(config.output).toContain('"configured": true')
    expect(JSON.parse(config.output)).toEqual(await body(configLoader()))

    expect(await body(oauthTestLoader(args('/oauth-test?test=direct')))).toMatchObject({
      test: 'direct',
      output: expect.stringContaining('/api/auth/google'),
    })
    expect(await body(oauthTestLoader(args('/oauth-test?test=popup')))).toMatchObject({
      test: 'popup',
      output: expect.stringContaining('JavaScript'),
    })
  })

  test('/oauth-test ignores an unknown test', async () => {
    expect(await body(oauthTestLoader(args('/oauth-test?test=secret')))).toEqual({
      configured: true,
      test: null,
      output: null,
    })
  })

  test('/oauth-status and /google-auth get the configured state, never the secret', async () => {
    expect(await body(oauthStatusLoader())).toMatchObject({
      diagnostics: {
        googleOAuth: {
          configured: true,
          consentScreen: 'Not Published',
          domainVerification: 'Pending',
        },
      },
      consent: { configured: true, testUrl: '/api/auth/google' },
    })
    expect(await body(await googleAuthLoader(args('/google-auth')))).toMatchObject({
      configured: true,
    })
  })
})
