import { jsonAction, jsonError, jsonResponse, methodNotAllowed } from '~/lib/http.server'
import { RegisterSchema } from '~/lib/auth-schemas'
import { clientIp, pageViewOf } from '~/lib/client-address.server'
import { recordUserAction } from '~/services/platform/analytics.server'
import { db } from '~/services/platform/db.server'
import { hit, LIMITS, tooManyMessage } from '~/services/platform/rate-limit.server'
import { createLocalUser, FieldError, toPublicUser } from '~/services/accounts/users.server'

export const action = jsonAction({ schema: RegisterSchema }, async ({ request, data }) => {
  const limited = await hit(LIMITS.registerPerAddress(clientIp(request) ?? 'unknown'))
  if (!limited.allowed) return jsonError(429, tooManyMessage(limited))
  try {
    const user = await createLocalUser(db(), data)
    await recordUserAction(db(), pageViewOf(request), 'sign_up', user.id)
    return jsonResponse(toPublicUser(user), { status: 201 })
  } catch (error) {
    if (error instanceof FieldError) return jsonError(409, error.message, { field: error.field })
    throw error
  }
})

export const loader = methodNotAllowed
