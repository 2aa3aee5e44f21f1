import type { LoaderFunctionArgs } from '@remix-run/node'
import { jsonResponse } from '~/lib/http.server'
import { requireApiAdmin } from '~/services/accounts/auth.server'
import { pendingVerifications } from '~/services/accounts/email-verification.server'
import { db } from '~/services/platform/db.server'

/** SPEC §7: the codes waiting for the admin, with each user's email to match the sender. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request)
  return jsonResponse(await pendingVerifications(db()))
}
