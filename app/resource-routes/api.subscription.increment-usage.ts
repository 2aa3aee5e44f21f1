import type { ActionFunctionArgs } from '@remix-run/node'
import { jsonResponse, methodNotAllowed, requireMethod } from '~/lib/http.server'
import { requireApiUser } from '~/services/accounts/auth.server'
import { usageStats } from '~/services/registration/registration-usage.server'
import { db } from '~/services/platform/db.server'

/**
 * Kept for clients that call it before a free registration (SPEC §7), but it changes nothing:
 * the registration itself counts its unit, exactly once, and gives it back if it fails.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireApiUser(request)
  const { subscriptionTier, currentMonthUsage, monthlyLimit, remainingFree } = await usageStats(
    db(),
    user.id,
  )
  return jsonResponse({
    counted: false,
    subscriptionTier,
    currentMonthUsage,
    monthlyLimit,
    remainingFree,
  })
}

export const loader = methodNotAllowed
