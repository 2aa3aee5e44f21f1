import { jsonAction, jsonError, jsonResponse, methodNotAllowed } from '~/lib/http.server'
import { PASSKEY_JSON_LIMIT, PasskeySignInSchema } from '~/lib/passkey-schemas'
import { getUser } from '~/services/accounts/auth.server'
import { clearChallengeCookie, finishPasskeySignIn } from '~/services/accounts/passkeys.server'
import { completeSignIn } from '~/services/accounts/sign-in.server'
import { db } from '~/services/platform/db.server'

// Issue 28: a passkey's answer signs its owner in (decision 064). The session is made by the
// one completeSignIn every way in uses, and the browser is told where to go.
export const action = jsonAction(
  { schema: PasskeySignInSchema, maxBytes: PASSKEY_JSON_LIMIT },
  async ({ request, data }) => {
    if (await getUser(request)) return jsonError(409, 'You are already signed in.')
    const headers = new Headers({ 'Set-Cookie': await clearChallengeCookie() })
    const result = await finishPasskeySignIn(db(), request.headers.get('Cookie'), data.response)
    if (!result.ok) return jsonResponse({ message: result.message }, { status: 401, headers })
    // A passkey is both factors (decision 064): the session is marked with the second factor.
    const done = await completeSignIn(request, result.value, {
      method: 'passkey',
      redirectTo: data.redirectTo,
      headers,
    })
    // The redirect's cookies travel in a JSON answer: the browser navigates itself once it is
    // read. Copying the headers keeps each Set-Cookie (the server's Headers may lack getSetCookie).
    const cookies = new Headers(done.headers)
    cookies.delete('Location')
    return jsonResponse({ redirectTo: done.location }, { headers: cookies })
  },
)

export const loader = methodNotAllowed
