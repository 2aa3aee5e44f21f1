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

/** What the debug pages may show about Google sign-in: whether it is set up, never the secret. */
export function publicGoogleConfig() {
  const { configured, clientIdPreview, clientSecretSet, callbackUrl, scopes } = googleConfig()
  return { configured, clientIdPreview, clientSecretSet, callbackUrl, scopes }
}
export type PublicGoogleConfig = ReturnType<typeof publicGoogleConfig>

/** Everything the Google Cloud Console must match, as /oauth-status lists it (SPEC §3). */
export function oauthDiagnostics() {
  const google = googleConfig()
  return {
    googleOAuth: {
      configured: google.configured,
      clientIdPreview: google.clientIdPreview,
      requiredAPIs: google.requiredAPIs,
      credentialsConfiguration: {
        authorizedJavaScriptOrigins: google.authorizedJavaScriptOrigins,
        authorizedRedirectURIs: google.authorizedRedirectURIs,
      },
      consentScreen: google.consentScreen,
      domainVerification: google.domainVerification,
    },
    timestamp: new Date().toISOString(),
  }
}
export type OAuthDiagnostics = ReturnType<typeof oauthDiagnostics>

const GOOGLE_SIGN_IN_URL = '/api/auth/google'

/** Whether the consent screen can be tried from here: only when Google sign-in is configured. */
export function consentTest() {
  const { configured } = googleConfig()
  return { configured, testUrl: configured ? GOOGLE_SIGN_IN_URL : null }
}
export type ConsentTest = ReturnType<typeof consentTest>

function maskClientId(id: string) {
  // Client ids are public, but showing only the ends is enough to recognise one.
  return id.length <= 12 ? `${id.slice(0, 3)}…` : `${id.slice(0, 6)}…${id.slice(-20)}`
}
