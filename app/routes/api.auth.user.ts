import type { LoaderFunctionArgs } from '@remix-run/node'
import { jsonError, jsonResponse } from '~/lib/http.server'
import { getUser } from '~/services/auth.server'
import { toPublicUser } from '~/services/users.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request)
  if (!user) return jsonError(401, 'Unauthorized')
  return jsonResponse(toPublicUser(user))
}
