import type { LoaderFunctionArgs } from '@remix-run/node'
import { documentResponse } from '~/lib/http.server'
import { requireRecentSignIn, requireUser } from '~/services/accounts/auth.server'
import { prepareAccountData } from '~/services/accounts/data-export.server'
import { getSessionId } from '~/services/accounts/session.server'
import {
  busyAnswer,
  documentOwner,
  renderOffThread,
} from '~/services/certificates/document-pool.server'
import { db } from '~/services/platform/db.server'
import { tooManyMessage } from '~/services/platform/rate-limit.server'
import { redirectWithToast } from '~/services/platform/toast.server'

/**
 * GET /settings/data.zip — everything we hold about the signed-in account, one ZIP (issue 28,
 * decision 067). A plain link, like the proof bundle, so it works without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  await requireRecentSignIn(request, user)
  const sid = await getSessionId(request.headers.get('Cookie'))
  const prepared = await prepareAccountData(db(), user, sid)
  if (!prepared.ok)
    return redirectWithToast('/settings/data', {
      type: 'error',
      title: 'No download just now',
      description: tooManyMessage(prepared.limited),
    })
  // Compressed in the document pool (decision 053), counted as one of the owner's documents:
  // 200 songs took most of a second of CPU, which the event loop must not spend.
  const zip = await renderOffThread(
    { kind: 'zip', files: prepared.files, mtime: prepared.now.toISOString() },
    { owner: documentOwner(user.id, null), signal: request.signal },
  ).catch(busyAnswer)
  if (zip instanceof Response) return zip
  return documentResponse(zip, {
    contentType: 'application/zip',
    fileName: prepared.fileName,
    disposition: 'attachment',
  })
}
