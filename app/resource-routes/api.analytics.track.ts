import type { ActionFunctionArgs } from '@remix-run/node'
import {
  jsonError,
  jsonResponse,
  methodNotAllowed,
  readJson,
  requireMethod,
} from '~/lib/http.server'
import { TrackEventSchema } from '~/lib/analytics-schema'
import { clientIp } from '~/lib/client-address.server'
import { recordEvent } from '~/services/platform/analytics.server'
import { getUser } from '~/services/accounts/auth.server'
import { hit, LIMITS } from '~/services/platform/rate-limit.server'

// Analytics never breaks the page that sent it: a dropped event is a 202, not an error.
const dropped = () => jsonResponse({ recorded: false }, { status: 202 })

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const body = await readJson(request)
  if (!body.ok) return body.response
  const parsed = TrackEventSchema.safeParse(body.data)
  if (!parsed.success) return jsonError(400, parsed.error.issues[0]?.message ?? 'Invalid event')
  try {
    // Over the limit the event is dropped silently: a flood stores nothing, a browser sees nothing.
    const limited = await hit(LIMITS.analyticsPerAddress(clientIp(request) ?? 'unknown'))
    if (!limited.allowed) return dropped()
    const user = await getUser(request)
    await recordEvent(parsed.data, {
      userId: user?.id ?? null,
      ipAddress: clientIp(request),
      userAgent: request.headers.get('User-Agent'),
    })
  } catch (error) {
    console.warn('[analytics] event not recorded', error)
    return dropped()
  }
  return jsonResponse({ recorded: true }, { status: 201 })
}

export const loader = methodNotAllowed
