import type { LoaderFunctionArgs } from '@remix-run/node'
import { jsonResponse } from '~/lib/http.server'
import { requireApiUser } from '~/services/accounts/auth.server'
import { toPublicUser } from '~/services/accounts/users.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request)
  return jsonResponse(toPublicUser(user))
}
