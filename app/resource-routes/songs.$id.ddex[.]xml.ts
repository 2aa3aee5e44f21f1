import type { LoaderFunctionArgs } from '@remix-run/node'
import { env } from '~/env.server'
import { documentResponse, plainTextResponse } from '~/lib/http.server'
import { requireSongOwner, requireUser, songNotFound } from '~/services/accounts/auth.server'
import { ownerDdexMessage } from '~/services/certificates/exports/ddex-download.server'
import { db } from '~/services/platform/db.server'

export const DDEX_MISSING_INTRO = 'This song cannot be exported to DDEX yet. It needs:'

/**
 * GET /songs/:id/ddex.xml — the owner's DDEX ERN 4.3.2 message of the song's credits (issue 40,
 * decision 084); the split sheet's access rule. A song that lacks what ERN requires is refused
 * with what is missing: a message never pretends.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const song = await requireSongOwner(user.id, params.id)
  const e = env()
  const result = await ownerDdexMessage(db(), user.id, song.id, {
    appName: e.APP_NAME,
    senderPartyId: e.DDEX_PARTY_ID ?? null,
    now: new Date(),
  })
  if (!result) throw songNotFound()
  if (!result.ok)
    return plainTextResponse(
      409,
      [DDEX_MISSING_INTRO, ...result.missing.map((m) => `- ${m}`)].join('\n'),
    )
  return documentResponse(new TextEncoder().encode(result.xml), {
    contentType: 'application/xml; charset=utf-8',
    fileName: result.fileName,
    disposition: 'attachment',
  })
}
