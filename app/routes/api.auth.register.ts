import type { ActionFunctionArgs } from '@remix-run/node'
import { jsonError, jsonResponse, parseJsonBody } from '~/lib/http.server'
import { RegisterSchema } from '~/lib/auth-schemas'
import { clientIp } from '~/services/analytics.server'
import { hit, LIMITS, tooManyMessage } from '~/services/rate-limit.server'
import { createLocalUser, FieldError, toPublicUser } from '~/services/users.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return jsonError(405, 'Method not allowed')
  const parsed = await parseJsonBody(request, RegisterSchema)
  if (!parsed.ok) return parsed.response
  const limited = await hit(LIMITS.registerPerAddress(clientIp(request) ?? 'unknown'))
  if (!limited.allowed) return jsonError(429, tooManyMessage(limited))
  try {
    const user = await createLocalUser(parsed.data)
    return jsonResponse(toPublicUser(user), { status: 201 })
  } catch (error) {
    if (error instanceof FieldError) return jsonError(409, error.message, { field: error.field })
    throw error
  }
}

export function loader() {
  return jsonError(405, 'Method not allowed')
}
