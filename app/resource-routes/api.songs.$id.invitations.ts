import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { InviteJsonSchema } from '~/lib/co-writers-schema'
import { jsonFailure, jsonResponse, parseJsonBody, requireMethod } from '~/lib/http.server'
import { requireApiUser, requireSongOwner } from '~/services/auth.server'
import { db } from '~/services/db.server'
import {
  publicSlotStatus,
  sendInvitation,
  splitStatuses,
} from '~/services/split-confirmations.server'

/** GET /api/songs/:id/invitations — each named contributor's status (never a token). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request)
  const song = await requireSongOwner(user.id, params.id)
  const statuses = await splitStatuses(db(), song)
  return jsonResponse({ invitations: statuses.map(publicSlotStatus) })
}

/** POST /api/songs/:id/invitations `{ slot, email }` — invites the contributor in that slot. */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireApiUser(request)
  const song = await requireSongOwner(user.id, params.id)
  const parsed = await parseJsonBody(request, InviteJsonSchema)
  if (!parsed.ok) return parsed.response
  const result = await sendInvitation(db(), user, song.id, parsed.data.slot, parsed.data.email)
  if (!result.ok) return jsonFailure(result)
  return jsonResponse({ invitationId: result.invitationId }, { status: 201 })
}
