import { jsonAction, jsonError, jsonResponse, methodNotAllowed } from '~/lib/http.server'
import { RegisterSchema } from '~/lib/auth-schemas'
import { clientIp, pageViewOf } from '~/lib/client-address.server'
import { recordUserAction } from '~/services/platform/analytics.server'
import { db } from '~/services/platform/db.server'
import { hit, LIMITS, tooManyMessage } from '~/services/platform/rate-limit.server'
import { createLocalUser, FieldError, REGISTERED } from '~/services/accounts/users.server'

export const action = jsonAction({ schema: RegisterSchema }, async ({ request, data }) => {
  const limited = await hit(LIMITS.registerPerAddress(clientIp(request) ?? 'unknown'))
  if (!limited.allowed) return jsonError(429, tooManyMessage(limited))
  try {
    // A taken address gets the same answer as a new account; its owner is told by mail, so the
    // answer names no account (decision 094) and carries none.
    const signUp = await createLocalUser(db(), data)
    if (signUp.kind === 'created')
      await recordUserAction(db(), pageViewOf(request), 'sign_up', signUp.user.id)
    return jsonResponse(
      { message: REGISTERED.title, description: REGISTERED.description },
      { status: 201 },
    )
  } catch (error) {
    if (error instanceof FieldError) return jsonError(409, error.message, { field: error.field })
    throw error
  }
})

export const loader = methodNotAllowed
