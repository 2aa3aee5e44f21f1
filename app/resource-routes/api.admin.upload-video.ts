import type { ActionFunctionArgs } from '@remix-run/node'
import { jsonError, jsonResponse, methodNotAllowed, requireMethod } from '~/lib/http.server'
import { UPLOAD_ERRORS, UPLOAD_SUCCESS } from '~/lib/video-upload'
import { requireApiAdmin } from '~/services/accounts/auth.server'
import { redirectWithToast } from '~/services/platform/toast.server'
import { receiveLandingVideo } from '~/services/admin/video-upload.server'

/**
 * POST, multipart field `video`. Scripts (XMLHttpRequest, API clients) get JSON; a plain HTML
 * form post gets a redirect with a toast, so the upload works without JavaScript.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  await requireApiAdmin(request)

  const result = await receiveLandingVideo(request)
  if (isFormNavigation(request)) {
    const toast = result.ok
      ? {
          type: 'success' as const,
          title: UPLOAD_SUCCESS.title,
          description: UPLOAD_SUCCESS.message,
        }
      : {
          type: 'error' as const,
          title: UPLOAD_ERRORS[result.error].title,
          description: UPLOAD_ERRORS[result.error].message,
        }
    return redirectWithToast(result.returnTo, toast)
  }
  if (!result.ok) {
    const { status, title, message } = UPLOAD_ERRORS[result.error]
    return jsonError(status, message, { title })
  }
  return jsonResponse(
    {
      message: UPLOAD_SUCCESS.message,
      title: UPLOAD_SUCCESS.title,
      video: { fileName: result.fileName, size: result.size },
    },
    { status: 201 },
  )
}

export const loader = methodNotAllowed

// A browser's form submission asks for HTML and never sends X-Requested-With; our upload script
// sends X-Requested-With, and API clients ask for JSON.
function isFormNavigation(request: Request) {
  const accept = request.headers.get('Accept') ?? ''
  if (accept.includes('text/html')) return true
  return !request.headers.has('X-Requested-With') && !accept.includes('application/json')
}
