import type { LoaderFunctionArgs } from '@remix-run/node'
import { jsonResponse } from '~/lib/http.server'
import { requireApiUser } from '~/services/auth.server'
import { canRegisterForFree } from '~/services/registration.server'
import { db } from '~/services/db.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request)
  return jsonResponse({ canRegisterForFree: await canRegisterForFree(db(), user.id) })
}
