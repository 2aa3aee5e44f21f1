import type { ActionFunctionArgs } from '@remix-run/node'
import { jsonError, jsonResponse, parseJsonBody } from '~/lib/http.server'
import { hit, LIMITS, tooManyMessage } from '~/services/rate-limit.server'
import { ContactSchema } from '~/lib/contact-schema'
import { clientIp } from '~/services/analytics.server'
import { submitContactMessage } from '~/services/contact.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return jsonError(405, 'Method not allowed')
  const parsed = await parseJsonBody(request, ContactSchema)
  if (!parsed.ok) return parsed.response
  const limited = await hit(LIMITS.contactPerAddress(clientIp(request) ?? 'unknown'))
  if (!limited.allowed) return jsonError(429, tooManyMessage(limited))
  await submitContactMessage(parsed.data, { ipAddress: clientIp(request) })
  return jsonResponse({ message: 'Message sent successfully!' }, { status: 201 })
}

export function loader() {
  return jsonError(405, 'Method not allowed')
}
