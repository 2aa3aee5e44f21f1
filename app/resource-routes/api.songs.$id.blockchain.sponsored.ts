import type { ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import {
  jsonError,
  jsonResponse,
  methodNotAllowed,
  readJson,
  requireMethod,
} from '~/lib/http.server'
import { requireApiUser, requireSongId } from '~/services/accounts/auth.server'
import { pageViewOf } from '~/lib/client-address.server'
import { recordUserAction } from '~/services/platform/analytics.server'
import { db } from '~/services/platform/db.server'
import { registerSong } from '~/services/registration/registration.server'

/**
 * SPEC §7 sends an empty body once the user ticked the confirmation box; a JSON body may say
 * `{ "confirmed": false }` explicitly, which is refused like an unticked box.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireApiUser(request)
  const id = requireSongId(params.id)
  const body = await readJson(request, { allowEmpty: true })
  if (!body.ok) return body.response
  const parsed = z.object({ confirmed: z.boolean().default(true) }).safeParse(body.data ?? {})
  if (!parsed.success) return jsonError(400, 'confirmed must be true or false')
  const outcome = await registerSong(user.id, id, { confirmed: parsed.data.confirmed })
  if (outcome.ok) {
    await recordUserAction(db(), pageViewOf(request), 'register_song', user.id)
    return jsonResponse(
      {
        transactionSignature: outcome.transactionSignature,
        explorerUrl: outcome.explorerUrl,
        storageId: outcome.storageId,
        storageUrl: outcome.storageUrl,
        network: outcome.network,
      },
      { status: 201 },
    )
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

export const loader = methodNotAllowed
