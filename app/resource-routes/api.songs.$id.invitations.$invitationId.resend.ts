import type { ActionFunctionArgs } from '@remix-run/node'
import { InvitationIdSchema } from '~/lib/co-writers-schema'
import { jsonError, jsonFailure, jsonResponse, requireMethod } from '~/lib/http.server'
import { requireApiUser, requireSongOwner } from '~/services/accounts/auth.server'
import { db } from '~/services/platform/db.server'
import { INVITATION_NOT_FOUND, resendInvitation } from '~/services/co-writers/invitations.server'

/** POST /api/songs/:id/invitations/:invitationId/resend — mails the invitation again with a new link (the old one stops working). No body. */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireApiUser(request)
  const song = await requireSongOwner(user.id, params.id)
  const id = InvitationIdSchema.safeParse(params.invitationId)
  if (!id.success) return jsonError(404, INVITATION_NOT_FOUND)
  const invitationId = id.data
  const result = await resendInvitation(db(), user, song.id, invitationId)
  if (!result.ok) return jsonFailure(result)
  return jsonResponse({ message: 'Invitation sent again' })
}
