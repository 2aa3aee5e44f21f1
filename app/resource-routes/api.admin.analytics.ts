import type { LoaderFunctionArgs } from '@remix-run/node'
import { jsonResponse } from '~/lib/http.server'
import { adminAnalytics } from '~/services/admin/admin-analytics.server'
import { requireApiAdmin } from '~/services/accounts/auth.server'

/** SPEC §3 admin analytics. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request)
  return jsonResponse(await adminAnalytics())
}
