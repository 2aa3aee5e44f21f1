import type { LoaderFunctionArgs } from '@remix-run/node'
import { jsonAction, jsonError, jsonResponse } from '~/lib/http.server'
import { SongUpdateSchema } from '~/lib/song-schema'
import {
  requireApiUser,
  requireSongId,
  requireSongWithStatuses,
  songNotFound,
} from '~/services/accounts/auth.server'
import { NOTHING_CHANGED_TOAST, updateSong } from '~/services/co-writers/song-edits.server'
import { LOCKED_MESSAGE } from '~/services/songs/songs.server'
import { pageViewOf } from '~/lib/client-address.server'
import { recordUserAction } from '~/services/platform/analytics.server'
import { db } from '~/services/platform/db.server'
import { withSnapshot } from '~/services/certificates/record/snapshot-timestamps.server'
import { reinvitedText } from '~/services/co-writers/invitations.server'
import { aiDisclosure } from '~/services/certificates/record/ai-disclosure'
import { ownerCertificate } from '~/services/certificates/record/certificate.server'
import { songAndRecording } from '~/lib/song-and-recording'

/**
 * GET /api/songs/:id — the owner's song, with where AI took part in plain words (issue 40) and the
 * song apart from the recording (issue 51): the same definitions as the certificate,
 * confirmations as they stand now until it is registered.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request)
  const { song, statuses } = await requireSongWithStatuses(user.id, params.id)
  const live = song.registration?.status === 'confirmed' ? null : statuses
  const certificate = ownerCertificate(song, live)
  return jsonResponse({
    ...song,
    aiDisclosure: aiDisclosure(certificate),
    // The song apart from the recording (issue 51, decision 117): the writers' shares of the song,
    // with the PRO and IPI each person gave, and the recording's credits.
    songAndRecording: songAndRecording(certificate),
  })
}

export const action = jsonAction(
  {
    schema: SongUpdateSchema,
    method: 'PUT',
    authorize: async (request, params) => ({
      user: await requireApiUser(request),
      id: requireSongId(params.id),
    }),
  },
  async ({ request, data, auth: { user, id } }) => {
    const result = await withSnapshot(
      db(),
      user.id,
      'edited',
      (trx) => updateSong(trx, user.id, id, data),
      (r) => (r.ok && r.changed ? id : null),
    )
    if (result.ok && !result.changed)
      return jsonResponse({ message: NOTHING_CHANGED_TOAST.description, reinvited: 0 })
    if (result.ok) {
      await recordUserAction(db(), pageViewOf(request), 'edit_song', user.id)
      return jsonResponse({
        message: `Song updated successfully! Certificate will reflect the changes.${reinvitedText(result.reinvited)}`,
        reinvited: result.reinvited,
      })
    }
    if (result.reason === 'not_found') return songNotFound()
    if (result.reason === 'locked') return jsonError(409, LOCKED_MESSAGE)
    if (result.reason === 'space') return jsonError(result.status, result.message)
    return jsonError(400, result.message)
  },
)
