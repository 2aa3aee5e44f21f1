import type { LoaderFunctionArgs } from '@remix-run/node'
import { CheckoutSessionIdSchema } from '~/lib/payment-schema'
import { applySecurityHeaders } from '~/lib/security-headers.server'
import { requireSongOwner, requireUser } from '~/services/accounts/auth.server'
import { pageViewOf } from '~/lib/client-address.server'
import { recordUserAction } from '~/services/platform/analytics.server'
import { db } from '~/services/platform/db.server'
import { verifyCheckoutSession } from '~/services/payments/payments.server'
import { redirectWithToast } from '~/services/platform/toast.server'

/**
 * Stripe Checkout's success address. The session is fetched from Stripe and checked (paid,
 * $1.99, this user, this song) before it counts; then the registration card shows the payment
 * ready to use. Calling it again, or after the webhook, records nothing more.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const { id: songId } = await requireSongOwner(user.id, params.id)
  const card = `/songs/${songId}/register`
  const sessionId = CheckoutSessionIdSchema.safeParse(
    new URL(request.url).searchParams.get('session_id'),
  )
  const outcome = sessionId.success
    ? await verifyCheckoutSession(user.id, songId, sessionId.data)
    : { ok: false as const, status: 400, message: 'Payment not found' }
  if (outcome.ok && outcome.created)
    await recordUserAction(db(), pageViewOf(request), 'payment', user.id)
  const response = outcome.ok
    ? await redirectWithToast(card, {
        type: 'success',
        title: 'Payment Successful',
        description: 'You can now proceed with blockchain registration!',
      })
    : await redirectWithToast(card, {
        type: 'error',
        title: 'Payment Error',
        description: outcome.message,
      })
  applySecurityHeaders(response.headers)
  return response
}
