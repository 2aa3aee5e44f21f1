import { jsonAction, jsonError, jsonResponse, methodNotAllowed } from '~/lib/http.server'
import { PASSKEY_JSON_LIMIT, PasskeyRegisterSchema } from '~/lib/passkey-schemas'
import { describeBrowser } from '~/lib/user-agent'
import { requireApiUserSignedInRecently } from '~/services/accounts/auth.server'
import {
  clearChallengeCookie,
  finishPasskeyRegistration,
} from '~/services/accounts/passkeys.server'
import { db } from '~/services/platform/db.server'
import { createToastHeaders } from '~/services/platform/toast.server'

// Issue 28: the browser's answer to the registration ceremony, checked and kept (decision 064).
export const action = jsonAction(
  {
    schema: PasskeyRegisterSchema,
    authorize: requireApiUserSignedInRecently,
    maxBytes: PASSKEY_JSON_LIMIT,
  },
  async ({ request, data, auth: user }) => {
    const name = data.name ?? describeBrowser(request.headers.get('User-Agent'))
    const result = await finishPasskeyRegistration(
      db(),
      user.id,
      request.headers.get('Cookie'),
      data.response,
      name,
    )
    const headers = new Headers({ 'Set-Cookie': await clearChallengeCookie() })
    if (!result.ok) return jsonError(400, result.message)
    // One cookie each: read with get(), as the server's Headers may lack getSetCookie().
    const toast = await createToastHeaders({
      type: 'success',
      title: 'Passkey added',
      description: `You can now sign in with “${result.value.name}”.`,
    })
    headers.append('Set-Cookie', toast.get('Set-Cookie')!)
    return jsonResponse({ passkey: result.value }, { status: 201, headers })
  },
)

export const loader = methodNotAllowed
