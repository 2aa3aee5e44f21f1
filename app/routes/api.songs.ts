import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { jsonError, jsonResponse, parseJsonBody } from '~/lib/http.server'
import { SongSchema } from '~/lib/song-schema'
import { getUser } from '~/services/auth.server'
import { createSong, listSongs } from '~/services/songs.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request)
  if (!user) return jsonError(401, 'Unauthorized')
  const url = new URL(request.url)
  const limit = Math.min(Math.max(Number(url.searchParams.get('limit')) || 100, 1), 100)
  const offset = Math.max(Number(url.searchParams.get('offset')) || 0, 0)
  return jsonResponse(await listSongs(user.id, { limit, offset }))
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return jsonError(405, 'Method not allowed')
  const user = await getUser(request)
  if (!user) return jsonError(401, 'Unauthorized')
  const parsed = await parseJsonBody(request, SongSchema)
  if (!parsed.ok) return parsed.response
  const song = await createSong(user.id, parsed.data)
  return jsonResponse(song, { status: 201 })
}
