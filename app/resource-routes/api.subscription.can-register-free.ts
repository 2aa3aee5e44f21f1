import type { LoaderFunctionArgs } from '@remix-run/node'
import { jsonResponse } from '~/lib/http.server'
import { requireApiUser } from '~/services/accounts/auth.server'
import { canRegisterForFree } from '~/services/registration/registration-usage.server'
import { db } from '~/services/platform/db.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request)
  return jsonResponse({ canRegisterForFree: await canRegisterForFree(db(), user.id) })
}
