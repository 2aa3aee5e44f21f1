import { jsonAction, jsonError, jsonResponse, methodNotAllowed } from '~/lib/http.server'
import { hit, LIMITS, tooManyMessage } from '~/services/platform/rate-limit.server'
import { ContactSchema } from '~/lib/contact-schema'
import { clientIp, pageViewOf } from '~/lib/client-address.server'
import { recordUserAction } from '~/services/platform/analytics.server'
import { submitContactMessage } from '~/services/admin/contact.server'
import { db } from '~/services/platform/db.server'

export const action = jsonAction({ schema: ContactSchema }, async ({ request, data }) => {
  const limited = await hit(LIMITS.contactPerAddress(clientIp(request) ?? 'unknown'))
  if (!limited.allowed) return jsonError(429, tooManyMessage(limited))
  await submitContactMessage(data, { ipAddress: clientIp(request) })
  await recordUserAction(db(), pageViewOf(request), 'contact', null)
  return jsonResponse({ message: 'Message sent successfully!' }, { status: 201 })
})

export const loader = methodNotAllowed
