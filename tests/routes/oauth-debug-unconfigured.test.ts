import { describe, expect, test, vi } from 'vitest'

// env() caches on its first call, so the variables go before anything reads it.
vi.hoisted(() => {
  delete process.env.GOOGLE_CLIENT_ID
  delete process.env.GOOGLE_CLIENT_SECRET
})

const { loader: configLoader } = await import('~/resource-routes/api.auth.google.config')
const { loader: diagnosticsLoader } = await import('~/resource-routes/api.oauth.diagnostics')
const { loader: consentLoader } = await import('~/resource-routes/api.oauth.test-consent')
const { loader: oauthTestLoader } = await import('~/routes/oauth-test')
const { loader: oauthStatusLoader } = await import('~/routes/oauth-status')
const { loader: googleAuthLoader } = await import('~/routes/google-auth')

const request = (path: string) => ({
  request: new Request(`http://localhost${path}`),
  params: {},
  context: {},
})

describe('OAuth debug routes without Google configured', () => {
  test('the API says so: configured false, no client id, no test URL', async () => {
    expect(await configLoader().json()).toMatchObject({
      configured: false,
      clientIdPreview: null,
      clientSecretSet: false,
    })
    expect(await diagnosticsLoader().json()).toMatchObject({
      googleOAuth: { configured: false, clientIdPreview: null },
    })
    expect(await consentLoader().json()).toEqual({ configured: false, testUrl: null })
  })

  test('the pages say so too, and the direct test explains it', async () => {
    expect(await oauthStatusLoader().json()).toMatchObject({
      diagnostics: { googleOAuth: { configured: false } },
      consent: { configured: false, testUrl: null },
    })
    expect(await (await googleAuthLoader(request('/google-auth'))).json()).toMatchObject({
      configured: false,
    })
    const config = await oauthTestLoader(request('/oauth-test?test=config')).json()
    expect(config.output).toContain('"configured": false')
    const direct = await oauthTestLoader(request('/oauth-test?test=direct')).json()
    expect(direct.output).toContain('Google sign-in is not configured on this server.')
  })
})
