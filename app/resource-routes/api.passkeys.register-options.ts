import { jsonAction, jsonResponse, methodNotAllowed } from '~/lib/http.server'
import { EmptyBodySchema } from '~/lib/passkey-schemas'
import { requireApiUserSignedInRecently } from '~/services/accounts/auth.server'
import { startPasskeyRegistration } from '~/services/accounts/passkeys.server'
import { db } from '~/services/platform/db.server'

// Issue 28: the options for adding a passkey; the challenge stays on the server (decision 064).
export const action = jsonAction(
  { schema: EmptyBodySchema, authorize: requireApiUserSignedInRecently },
  async ({ auth: user }) => {
    const { options, setCookie } = await startPasskeyRegistration(db(), user)
    return jsonResponse(options, { headers: { 'Set-Cookie': setCookie } })
  },
)

export const loader = methodNotAllowed
