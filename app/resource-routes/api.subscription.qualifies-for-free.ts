import type { LoaderFunctionArgs } from '@remix-run/node'
import { jsonResponse } from '~/lib/http.server'
import { requireApiUser } from '~/services/accounts/auth.server'
import { usageStats } from '~/services/registration/registration-usage.server'
import { db } from '~/services/platform/db.server'

/** Whether the plan has a free unit left this month, whatever the email status. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request)
  const stats = await usageStats(db(), user.id)
  return jsonResponse({
    qualifiesForFree: stats.remainingFree === -1 || stats.remainingFree > 0,
    requiresEmailVerification: !stats.emailVerified,
  })
}
