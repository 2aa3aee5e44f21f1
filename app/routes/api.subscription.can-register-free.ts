import type { LoaderFunctionArgs } from '@remix-run/node'
import { jsonError, jsonResponse } from '~/lib/http.server'
import { getUser } from '~/services/auth.server'
import { canRegisterForFree } from '~/services/registration.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request)
  if (!user) return jsonError(401, 'Unauthorized')
  return jsonResponse({ canRegisterForFree: await canRegisterForFree(user.id) })
}
