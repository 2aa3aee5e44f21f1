import type { ActionFunctionArgs } from '@remix-run/node'
import { jsonError, jsonResponse } from '~/lib/http.server'
import { getUser } from '~/services/auth.server'
import { usageStats } from '~/services/registration.server'

/**
 * Kept for clients that call it before a free registration (SPEC §7), but it changes nothing:
 * the registration itself counts its unit, exactly once, and gives it back if it fails.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return jsonError(405, 'Method not allowed')
  const user = await getUser(request)
  if (!user) return jsonError(401, 'Unauthorized')
  const { subscriptionTier, currentMonthUsage, monthlyLimit, remainingFree } = await usageStats(user.id)
  return jsonResponse({ counted: false, subscriptionTier, currentMonthUsage, monthlyLimit, remainingFree })
}

export function loader() {
  return jsonError(405, 'Method not allowed')
}
