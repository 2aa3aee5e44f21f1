import type { LoaderFunctionArgs } from '@remix-run/node'
import { jsonError, jsonResponse } from '~/lib/http.server'
import { getUser } from '~/services/auth.server'
import { usageStats } from '~/services/registration.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request)
  if (!user) return jsonError(401, 'Unauthorized')
  const { subscriptionTier, currentMonthUsage, monthlyLimit, remainingFree } = await usageStats(user.id)
  return jsonResponse({ subscriptionTier, currentMonthUsage, monthlyLimit, remainingFree })
}
