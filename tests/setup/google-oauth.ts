import type { IncomingMessage } from 'node:http'
import {
  type MutableRedirectUri,
  type MutableResponse,
  OAuth2Server,
  type TokenRequestIncomingMessage,
} from 'oauth2-mock-server'

/** What the mock's userinfo endpoint answers for the Google account that signs in. */
export interface GoogleAccount {
  sub: string
  email: string
  email_verified?: boolean
  name?: string
  given_name?: string
  family_name?: string
  picture?: string
}

/**
 * A local OAuth server standing in for Google, with the GOOGLE_* variables pointed at it. env()
 * caches on its first call, so a test file awaits this before it imports any app module. The
 * mock answers userinfo with the account chosen for that very flow: code (at /authorize) →
 * access token (at /token) → account (at /userinfo).
 */
export async function startGoogleMock() {
  const oauth = new OAuth2Server()
  await oauth.issuer.keys.generate('RS256')
  await oauth.start(0, '127.0.0.1')
  const issuer = oauth.issuer.url!
  Object.assign(process.env, {
    GOOGLE_CLIENT_ID: 'prooftrack-test.apps.googleusercontent.com',
    GOOGLE_CLIENT_SECRET: 'google-test-secret',
    GOOGLE_AUTHORIZATION_URL: `${issuer}/authorize`,
    GOOGLE_TOKEN_URL: `${issuer}/token`,
    GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
  })
  let chosen: GoogleAccount | undefined
  const accountByCode = new Map<string, GoogleAccount>()
  const accountByToken = new Map<string, GoogleAccount>()
  /** The bodies of the token requests our server made, in order. */
  const tokenRequests: TokenRequestIncomingMessage['body'][] = []
  oauth.service.on('beforeAuthorizeRedirect', ({ url }: MutableRedirectUri) => {
    const code = url.searchParams.get('code')
    if (code && chosen) accountByCode.set(code, chosen)
  })
  oauth.service.on(
    'beforeResponse',
    (response: MutableResponse, req: TokenRequestIncomingMessage) => {
      tokenRequests.push({ ...req.body })
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
  return {
    oauth,
    issuer,
    tokenRequests,
    /** The account the next consent picks; undefined: none. */
    choose(account: GoogleAccount | undefined) {
      chosen = account
    },
    reset() {
      chosen = undefined
      tokenRequests.length = 0
    },
    stop: () => oauth.stop(),
  }
}
