import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { jsonError, jsonResponse, parseJsonBody, parseQuery, SONG_JSON_BODY_LIMIT } from '~/lib/http.server'
import { SongSchema } from '~/lib/song-schema'
import { SongListQuerySchema } from '~/lib/url-schemas'
import { getUser } from '~/services/auth.server'
import { createSong, listSongs } from '~/services/songs.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request)
  if (!user) return jsonError(401, 'Unauthorized')
  const query = parseQuery(request, SongListQuerySchema)
  if (!query.ok) return jsonError(400, query.message)
  return jsonResponse(await listSongs(user.id, query.data))
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return jsonError(405, 'Method not allowed')
  const user = await getUser(request)
  if (!user) return jsonError(401, 'Unauthorized')
  const parsed = await parseJsonBody(request, SongSchema, { maxBytes: SONG_JSON_BODY_LIMIT })
  if (!parsed.ok) return parsed.response
  const song = await createSong(user.id, parsed.data)
  return jsonResponse(song, { status: 201 })
}
