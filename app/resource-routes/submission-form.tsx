import { redirect } from '@remix-run/node'

// Header links in the spec also point to /submission-form (SPEC §2): it is the form at /submit.
export function loader() {
  return redirect('/submit')
}
