import type { ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { jsonError, jsonResponse, readJson } from '~/lib/http.server'
import { getUser } from '~/services/auth.server'
import { registerSong } from '~/services/registration.server'
import { parseSongId } from '~/services/songs.server'

/**
 * SPEC §7 sends an empty body once the user ticked the confirmation box; a JSON body may say
 * `{ "confirmed": false }` explicitly, which is refused like an unticked box.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return jsonError(405, 'Method not allowed')
  const user = await getUser(request)
  if (!user) return jsonError(401, 'Unauthorized')
  const id = parseSongId(params.id)
  if (id === null) return jsonError(404, 'Song not found')
  const body = await readJson(request, { allowEmpty: true })
  if (!body.ok) return body.response
  const parsed = z.object({ confirmed: z.boolean().default(true) }).safeParse(body.data ?? {})
  if (!parsed.success) return jsonError(400, 'confirmed must be true or false')
  const outcome = await registerSong(user.id, id, { confirmed: parsed.data.confirmed })
  if (outcome.ok) {
    return jsonResponse({ transactionSignature: outcome.transactionSignature, explorerUrl: outcome.explorerUrl, storageId: outcome.storageId, storageUrl: outcome.storageUrl, network: outcome.network }, { status: 201 })
  }
  const { status, message, requiresEmailVerification, requiresPayment, pending, editUrl } = outcome
  return jsonError(status, message, {
    ...(requiresEmailVerification ? { requiresEmailVerification } : {}),
    ...(requiresPayment ? { requiresPayment } : {}),
    ...(pending ? { pending } : {}),
    // A split that is not whole: where to fix it.
    ...(editUrl ? { editUrl } : {}),
  })
}

export function loader() {
  return jsonError(405, 'Method not allowed')
}
