import type { LoaderFunctionArgs } from '@remix-run/node'
import {
  etagMatches,
  jsonAction,
  jsonError,
  jsonResponse,
  ownerJsonResponse,
  parseQuery,
  SONG_JSON_BODY_LIMIT,
} from '~/lib/http.server'
import { SongSchema } from '~/lib/song-schema'
import { SongListFieldsQuerySchema } from '~/lib/song-list-query'
import { requireApiSignedIn, requireApiUser } from '~/services/accounts/auth.server'
import { pageViewOf } from '~/lib/client-address.server'
import { recordUserAction } from '~/services/platform/analytics.server'
import { db } from '~/services/platform/db.server'
import { withSnapshot } from '~/services/certificates/record/snapshot-timestamps.server'
import { keptSongPage, ownerEtag } from '~/services/songs/kept-song-lists.server'
import { SpaceError } from '~/services/songs/byte-budget.server'
import { createSong, SongCeilingError, songCeilingMessage } from '~/services/songs/songs.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, dataVersion } = await requireApiSignedIn(request)
  const query = parseQuery(request, SongListFieldsQuerySchema)
  if (!query.ok) return jsonError(400, query.message)
  const { limit, offset, fields } = query.data
  // Kept per data version, and answered 304 to a browser that has it (decision 089).
  const etag = ownerEtag(user.id, dataVersion, `songs:${fields}:${limit}:${offset}`)
  if (etagMatches(request.headers.get('If-None-Match'), etag))
    return ownerJsonResponse(request, '', etag)
  return ownerJsonResponse(request, await keptSongPage(user.id, dataVersion, query.data), etag)
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
      if (error instanceof SongCeilingError || error instanceof SpaceError) return error
      throw error
    })
    if (song instanceof SongCeilingError)
      return jsonError(409, songCeilingMessage(), { code: 'song-limit' })
    if (song instanceof SpaceError)
      return jsonError(song.refusal.status, song.message, { code: 'no-space' })
    await recordUserAction(db(), pageViewOf(request), 'submit_song', user.id)
    return jsonResponse(song, { status: 201 })
  },
)
