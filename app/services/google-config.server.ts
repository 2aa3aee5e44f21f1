import { env } from '~/env.server'

/** What the Google sign-in set-up looks like, without ever revealing a secret. */
export function googleConfig() {
  const e = env()
  const configured = Boolean(e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET)
  return {
    configured,
    clientIdPreview: e.GOOGLE_CLIENT_ID ? maskClientId(e.GOOGLE_CLIENT_ID) : null,
    clientSecretSet: Boolean(e.GOOGLE_CLIENT_SECRET),
    callbackUrl: `${e.APP_URL}/api/auth/google/callback`,
    authorizedJavaScriptOrigins: [e.APP_URL],
    authorizedRedirectURIs: [`${e.APP_URL}/api/auth/google/callback`],
    scopes: ['openid', 'profile', 'email'],
    requiredAPIs: ['Google Identity Services (OAuth 2.0)', 'Google People API (profile and email)'],
    consentScreen: 'Not Published' as const,
    domainVerification: 'Pending' as const,
  }
}

function maskClientId(id: string) {
  // Client ids are public, but showing only the ends is enough to recognise one.
  return id.length <= 12 ? `${id.slice(0, 3)}…` : `${id.slice(0, 6)}…${id.slice(-20)}`
}
