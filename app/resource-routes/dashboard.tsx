import { redirect } from '@remix-run/node'

// The header's Dashboard link (SPEC §2) names /dashboard; the dashboard itself lives at /.
export function loader() {
  return redirect('/')
}
