import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { destroySessionHeaders } from '~/services/session.server'

// SPEC §7: sign-out is a GET navigation; the session row is deleted, then home.
export async function loader({ request }: LoaderFunctionArgs) {
  return redirect('/', { headers: await destroySessionHeaders(request) })
}

export async function action({ request }: ActionFunctionArgs) {
  return redirect('/', { headers: await destroySessionHeaders(request) })
}
