import { jsonResponse } from '~/lib/http.server'
import { oauthDiagnostics } from '~/services/accounts/google-config.server'

export function loader() {
  return jsonResponse(oauthDiagnostics())
}
