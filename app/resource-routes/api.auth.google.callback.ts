import type { LoaderFunctionArgs } from '@remix-run/node'
import { finishGoogleSignIn } from '~/services/accounts/google-auth.server'

export function loader({ request }: LoaderFunctionArgs) {
  return finishGoogleSignIn(request)
}
