import type { LoaderFunctionArgs } from '@remix-run/node'
import { startGoogleSignIn } from '~/services/accounts/google-auth.server'

export function loader({ request }: LoaderFunctionArgs) {
  return startGoogleSignIn(request, 'google')
}
