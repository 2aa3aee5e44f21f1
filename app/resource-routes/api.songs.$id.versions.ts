import type { LoaderFunctionArgs } from '@remix-run/node'
import { jsonResponse } from '~/lib/http.server'
import { requireApiUser, requireSongId, songNotFound } from '~/services/accounts/auth.server'
import { db } from '~/services/platform/db.server'
import { versionHistory, versionLinks } from '~/services/songs/versions.server'

/** GET /api/songs/:id/versions — the owner's versions of the song, oldest first, with the links. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request)
  const id = requireSongId(params.id)
  const versions = await versionHistory(db(), user.id, id)
  if (!versions) throw songNotFound()
  return jsonResponse({ ...(await versionLinks(db(), id)), versions })
}
