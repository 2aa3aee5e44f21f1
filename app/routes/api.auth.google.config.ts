import { jsonResponse } from '~/lib/http.server'
import { googleConfig } from '~/services/google-config.server'

/** What the debug pages may show about Google sign-in: whether it is set up, never the secret. */
export function publicGoogleConfig() {
  const { configured, clientIdPreview, clientSecretSet, callbackUrl, scopes } = googleConfig()
  return { configured, clientIdPreview, clientSecretSet, callbackUrl, scopes }
}
export type PublicGoogleConfig = ReturnType<typeof publicGoogleConfig>

export function loader() {
  return jsonResponse(publicGoogleConfig())
}
