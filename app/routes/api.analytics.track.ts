import type { ActionFunctionArgs } from '@remix-run/node'
import { jsonError, jsonResponse, readJson } from '~/lib/http.server'
import { TrackEventSchema } from '~/lib/analytics-schema'
import { clientIp, recordEvent } from '~/services/analytics.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return jsonError(405, 'Method not allowed')
  const body = await readJson(request)
  if (!body.ok) return jsonError(400, 'Expected a JSON body')
  const parsed = TrackEventSchema.safeParse(body.data)
  if (!parsed.success) return jsonError(400, parsed.error.issues[0]?.message ?? 'Invalid event')
  try {
    await recordEvent(parsed.data, { ipAddress: clientIp(request), userAgent: request.headers.get('User-Agent') })
  } catch (error) {
    // Analytics never breaks the page that sent it: the event is dropped, the caller is told so.
    console.warn('[analytics] event not recorded', error)
    return jsonResponse({ recorded: false }, { status: 202 })
  }
  return jsonResponse({ recorded: true }, { status: 201 })
}

export function loader() {
  return jsonError(405, 'Method not allowed')
}
