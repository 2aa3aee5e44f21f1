import { jsonAction, jsonError, jsonResponse, methodNotAllowed } from '~/lib/http.server'
import { PASSKEY_JSON_LIMIT, PasskeyRegisterSchema } from '~/lib/passkey-schemas'
import { requestLocale } from '~/i18n/locale.server'
import { requireApiUserSignedInRecently } from '~/services/accounts/auth.server'
import { browserName } from '~/services/accounts/browser-name.server'
import {
  clearChallengeCookie,
  finishPasskeyRegistration,
} from '~/services/accounts/passkeys.server'
import { settingsText } from '~/services/accounts/settings-text.server'
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
    // The settings page's language: its hint named the passkey so (decision 120).
    const locale = requestLocale(request, user)
    const name = data.name ?? browserName(locale, request.headers.get('User-Agent'))
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
      title: settingsText(locale, 'settings.passkeys.addedToast.title'),
      description: settingsText(locale, 'settings.passkeys.addedToast.text', {
        name: result.value.name,
      }),
    })
    headers.append('Set-Cookie', toast.get('Set-Cookie')!)
    return jsonResponse({ passkey: result.value }, { status: 201, headers })
  },
)

export const loader = methodNotAllowed
