import { jsonAction, jsonError, jsonResponse, methodNotAllowed } from '~/lib/http.server'
import { clientIp } from '~/lib/client-address.server'
import { EmptyBodySchema } from '~/lib/passkey-schemas'
import { startPasskeySignIn } from '~/services/accounts/passkeys.server'
import { db } from '~/services/platform/db.server'
import { hit, LIMITS, tooManyMessage } from '~/services/platform/rate-limit.server'

// Issue 28: a usernameless sign-in's options. Each one is a sign-in attempt from the address,
// counted with the password form's (a challenge row is written per call).
export const action = jsonAction({ schema: EmptyBodySchema }, async ({ request }) => {
  const limited = await hit(LIMITS.loginPerAddress(clientIp(request) ?? 'unknown'))
  if (!limited.allowed) return jsonError(429, tooManyMessage(limited))
  const { options, setCookie } = await startPasskeySignIn(db())
  return jsonResponse(options, { headers: { 'Set-Cookie': setCookie } })
})

export const loader = methodNotAllowed
