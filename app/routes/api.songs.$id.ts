import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { jsonError, jsonResponse, parseJsonBody } from '~/lib/http.server'
import { TOTALS_MESSAGE } from '~/lib/song-constants'
import { SongUpdateSchema } from '~/lib/song-schema'
import { getUser } from '~/services/auth.server'
import { getOwnedSong, LOCKED_MESSAGE, parseSongId, updateSong } from '~/services/songs.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await getUser(request)
  if (!user) return jsonError(401, 'Unauthorized')
  const id = parseSongId(params.id)
  const song = id === null ? null : await getOwnedSong(user.id, id)
  // Another user's song answers exactly like a missing one.
  if (!song) return jsonError(404, 'Song not found')
  return jsonResponse(song)
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'PUT') return jsonError(405, 'Method not allowed')
  const user = await getUser(request)
  if (!user) return jsonError(401, 'Unauthorized')
  const id = parseSongId(params.id)
  if (id === null) return jsonError(404, 'Song not found')
  const parsed = await parseJsonBody(request, SongUpdateSchema)
  if (!parsed.ok) return parsed.response
  const result = await updateSong(user.id, id, parsed.data)
  if (result.ok) return jsonResponse({ message: 'Song updated successfully! Certificate will reflect the changes.' })
  if (result.reason === 'not_found') return jsonError(404, 'Song not found')
  if (result.reason === 'locked') return jsonError(409, LOCKED_MESSAGE)
  return jsonError(400, TOTALS_MESSAGE)
}
