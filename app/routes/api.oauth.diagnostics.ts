import { jsonResponse } from '~/lib/http.server'
import { googleConfig } from '~/services/google-config.server'

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

export function loader() {
  return jsonResponse(oauthDiagnostics())
}
