import type { LoaderFunctionArgs } from '@remix-run/node'
import { jsonError, jsonResponse } from '~/lib/http.server'
import { getUser } from '~/services/auth.server'
import { usageStats } from '~/services/registration.server'

/** Whether the plan has a free unit left this month, whatever the email status. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request)
  if (!user) return jsonError(401, 'Unauthorized')
  const stats = await usageStats(user.id)
  return jsonResponse({ qualifiesForFree: stats.remainingFree === -1 || stats.remainingFree > 0, requiresEmailVerification: !stats.emailVerified })
}
