import type { LoaderFunctionArgs } from '@remix-run/node'
import { documentResponse } from '~/lib/http.server'
import { requireSongOwner, requireUser, songNotFound } from '~/services/accounts/auth.server'
import { ownerWritersCsv } from '~/services/certificates/exports/writers-csv-download.server'
import { db } from '~/services/platform/db.server'

/**
 * GET /songs/:id/writers.csv — the owner's PRO-ready writers' CSV of the song (issue 51.7,
 * decision 117): one row per writer, shares totalling 100.00; the split sheet's access rule.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const song = await requireSongOwner(user.id, params.id)
  const csv = await ownerWritersCsv(db(), user.id, song.id)
  if (!csv) throw songNotFound()
  return documentResponse(new TextEncoder().encode(csv.text), {
    contentType: 'text/csv; charset=utf-8',
    fileName: csv.fileName,
    disposition: 'attachment',
  })
}
