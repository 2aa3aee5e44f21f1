import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { env } from '~/env.server'
import { isOwnPageRequest } from '~/lib/request-site'
import { destroySessionHeaders, getSessionId } from '~/services/accounts/session.server'
import { redirectWithToast } from '~/services/platform/toast.server'

// SPEC §7: sign-out is a GET navigation; the session row is deleted, then home. Only our own
// pages may ask: a link or redirect on another site lands home still signed in (decision 017).
export async function loader({ request }: LoaderFunctionArgs) {
  return signOut(request)
}

export async function action({ request }: ActionFunctionArgs) {
  return signOut(request)
}

async function signOut(request: Request) {
  if (
    !isOwnPageRequest(request.headers, [new URL(env().APP_URL).origin, new URL(request.url).origin])
  ) {
    if (!(await getSessionId(request.headers.get('Cookie')))) return redirect('/')
    return redirectWithToast('/', {
      type: 'message',
      title: 'You are still signed in',
      description:
        'A link from another site tried to sign you out. To sign out, use Sign Out in the header.',
    })
  }
  return redirect('/', { headers: await destroySessionHeaders(request.headers.get('Cookie')) })
}
