import type { LoaderFunctionArgs } from '@remix-run/node'
import { jsonResponse } from '~/lib/http.server'
import { adminStats } from '~/services/admin/admin-analytics.server'
import { requireApiAdmin } from '~/services/accounts/auth.server'

/** SPEC §7: the four totals (the spec's client fetches them without showing them). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request)
  return jsonResponse(await adminStats())
}
