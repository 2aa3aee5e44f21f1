import type { ActionFunctionArgs } from '@remix-run/node'
import {
  jsonError,
  jsonResponse,
  methodNotAllowed,
  parseJsonBody,
  requireMethod,
} from '~/lib/http.server'
import { hit, LIMITS, tooManyMessage } from '~/services/rate-limit.server'
import { ContactSchema } from '~/lib/contact-schema'
import { clientIp, pageViewOf } from '~/lib/client-address.server'
import { recordUserAction } from '~/services/analytics.server'
import { submitContactMessage } from '~/services/contact.server'
import { db } from '~/services/db.server'

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const parsed = await parseJsonBody(request, ContactSchema)
  if (!parsed.ok) return parsed.response
  const limited = await hit(LIMITS.contactPerAddress(clientIp(request) ?? 'unknown'))
  if (!limited.allowed) return jsonError(429, tooManyMessage(limited))
  await submitContactMessage(parsed.data, { ipAddress: clientIp(request) })
  await recordUserAction(db(), pageViewOf(request), 'contact', null)
  return jsonResponse({ message: 'Message sent successfully!' }, { status: 201 })
}

export const loader = methodNotAllowed
