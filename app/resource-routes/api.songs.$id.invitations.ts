import type { LoaderFunctionArgs } from '@remix-run/node'
import { InviteJsonSchema } from '~/lib/co-writers-schema'
import { jsonAction, jsonFailure, jsonResponse } from '~/lib/http.server'
import { requireApiUser, requireSongOwner } from '~/services/accounts/auth.server'
import { db } from '~/services/platform/db.server'
import { publicSlotStatus, splitStatuses } from '~/services/co-writers/split-statuses.server'
import { sendInvitation } from '~/services/co-writers/invitations.server'

/** GET /api/songs/:id/invitations — each named contributor's status (never a token). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request)
  const song = await requireSongOwner(user.id, params.id)
  const statuses = await splitStatuses(db(), song)
  return jsonResponse({ invitations: statuses.map(publicSlotStatus) })
}

/** POST /api/songs/:id/invitations `{ slot, email }` — invites the contributor in that slot. */
export const action = jsonAction(
  {
    schema: InviteJsonSchema,
    authorize: async (request, params) => {
      const user = await requireApiUser(request)
      return { user, song: await requireSongOwner(user.id, params.id) }
    },
  },
  async ({ data, auth: { user, song } }) => {
    const result = await sendInvitation(db(), user, song.id, data.slot, data.email)
    if (!result.ok) return jsonFailure(result)
    return jsonResponse({ invitationId: result.invitationId }, { status: 201 })
  },
)
