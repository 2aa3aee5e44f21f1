import { jsonResponse } from '~/lib/http.server'
import { publicGoogleConfig } from '~/services/accounts/google-config.server'

export function loader() {
  return jsonResponse(publicGoogleConfig())
}
