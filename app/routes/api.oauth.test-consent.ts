import { jsonResponse } from '~/lib/http.server'
import { googleConfig } from '~/services/google-config.server'

const GOOGLE_SIGN_IN_URL = '/api/auth/google'

/** Whether the consent screen can be tried from here: only when Google sign-in is configured. */
export function consentTest() {
  const { configured } = googleConfig()
  return { configured, testUrl: configured ? GOOGLE_SIGN_IN_URL : null }
}
export type ConsentTest = ReturnType<typeof consentTest>

export function loader() {
  return jsonResponse(consentTest())
}
