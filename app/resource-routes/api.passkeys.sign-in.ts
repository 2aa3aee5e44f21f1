import { jsonAction, jsonError, jsonResponse, methodNotAllowed } from '~/lib/http.server'
import { pageViewOf } from '~/lib/client-address.server'
import { PASSKEY_JSON_LIMIT, PasskeySignInSchema } from '~/lib/passkey-schemas'
import { safeRedirect } from '~/lib/redirect'
import { getUser } from '~/services/accounts/auth.server'
import {
  clearChallengeCookie,
  finishPasskeySignIn,
  startPasskeySession,
} from '~/services/accounts/passkeys.server'
import { recordUserAction } from '~/services/platform/analytics.server'
import { db } from '~/services/platform/db.server'
import { createToastHeaders } from '~/services/platform/toast.server'

// Issue 28: a passkey's answer signs its owner in (decision 064). The session is made by the
// same helper as the password form's, and the browser is told where to go.
export const action = jsonAction(
  { schema: PasskeySignInSchema, maxBytes: PASSKEY_JSON_LIMIT },
  async ({ request, data }) => {
    if (await getUser(request)) return jsonError(409, 'You are already signed in.')
    const headers = new Headers({ 'Set-Cookie': await clearChallengeCookie() })
    const result = await finishPasskeySignIn(db(), request.headers.get('Cookie'), data.response)
    if (!result.ok) return jsonResponse({ message: result.message }, { status: 401, headers })
    const redirectTo = safeRedirect(data.redirectTo)
    const toast = await createToastHeaders({
      type: 'success',
      title: 'Welcome back!',
      description: 'You signed in with your passkey.',
    })
    headers.append('Set-Cookie', toast.get('Set-Cookie')!)
    const session = await startPasskeySession(request, result.value.id, redirectTo, headers)
    await recordUserAction(db(), pageViewOf(request), 'sign_in', result.value.id)
    // The redirect's cookies travel in a JSON answer: the browser navigates itself once it is
    // read. Copying the headers keeps each Set-Cookie (the server's Headers may lack getSetCookie).
    const cookies = new Headers(session.headers)
    cookies.delete('Location')
    return jsonResponse({ redirectTo }, { headers: cookies })
  },
)

export const loader = methodNotAllowed
