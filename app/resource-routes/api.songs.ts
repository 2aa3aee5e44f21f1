import type { LoaderFunctionArgs } from '@remix-run/node'
import {
  jsonAction,
  jsonError,
  jsonResponse,
  parseQuery,
  SONG_JSON_BODY_LIMIT,
} from '~/lib/http.server'
import { SongSchema } from '~/lib/song-schema'
import { SongListQuerySchema } from '~/lib/url-schemas'
import { requireApiUser } from '~/services/accounts/auth.server'
import { pageViewOf } from '~/lib/client-address.server'
import { recordUserAction } from '~/services/platform/analytics.server'
import { db } from '~/services/platform/db.server'
import { withSnapshot } from '~/services/certificates/snapshot-timestamps.server'
import {
  createSong,
  listSongs,
  SongCeilingError,
  songCeilingMessage,
} from '~/services/songs/songs.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request)
  const query = parseQuery(request, SongListQuerySchema)
  if (!query.ok) return jsonError(400, query.message)
  return jsonResponse(await listSongs(db(), user.id, query.data))
}

export const action = jsonAction(
  { schema: SongSchema, maxBytes: SONG_JSON_BODY_LIMIT, authorize: requireApiUser },
  async ({ request, data, auth: user }) => {
    const song = await withSnapshot(
      db(),
      user.id,
      'created',
      (trx) => createSong(trx, user.id, data),
      (created) => created.id,
    ).catch((error: unknown) => {
      if (error instanceof SongCeilingError) return null
      throw error
    })
    if (!song) return jsonError(409, songCeilingMessage(), { code: 'song-limit' })
    await recordUserAction(db(), pageViewOf(request), 'submit_song', user.id)
    return jsonResponse(song, { status: 201 })
  },
)
