import { jsonResponse } from '~/lib/http.server'
import { consentTest } from '~/services/accounts/google-config.server'

export function loader() {
  return jsonResponse(consentTest())
}
