import type { ActionFunctionArgs } from '@remix-run/node'
import { jsonError, jsonResponse, readJson } from '~/lib/http.server'
import { ContactSchema } from '~/lib/contact-schema'
import { clientIp } from '~/services/analytics.server'
import { submitContactMessage } from '~/services/contact.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return jsonError(405, 'Method not allowed')
  const body = await readJson(request)
  if (!body.ok) return jsonError(400, 'Expected a JSON body')
  const parsed = ContactSchema.safeParse(body.data)
  if (!parsed.success) {
    const errors = Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]))
    return jsonError(400, parsed.error.issues[0]?.message ?? 'Invalid message', { errors })
  }
  await submitContactMessage(parsed.data, { ipAddress: clientIp(request) })
  return jsonResponse({ message: 'Message sent successfully!' }, { status: 201 })
}

export function loader() {
  return jsonError(405, 'Method not allowed')
}
