import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { SettingsSection, SettingsShell } from '~/components/settings-shell'
import { buttonClass } from '~/components/ui/button'
import { requireRecentSignIn, requireUser } from '~/services/accounts/auth.server'
import { MAX_ANALYTICS_EVENTS } from '~/services/accounts/data-export.server'

// Issue 28 (decision 067): the page that explains the download; the ZIP itself is the
// resource route /settings/data.zip.

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRecentSignIn(request, await requireUser(request))
  return json({ maxEvents: MAX_ANALYTICS_EVENTS })
}

export default function DataPage() {
  const { maxEvents } = useLoaderData<typeof loader>()
  return (
    <SettingsShell
      title="Your data"
      intro="Download everything we hold about you, as a ZIP of JSON and CSV files."
    >
      <SettingsSection id="contents" title="What the ZIP holds">
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>your account: name, username, email, how you sign in (never your password)</li>
          <li>the browsers signed in to your account</li>
          <li>your songs with their splits, and the certificates of those you registered</li>
          <li>the invitations you sent to co-writers, and the ones you answered</li>
          <li>your payments</li>
          <li>
            your own analytics events (the newest {maxEvents.toLocaleString('en')}; the README in
            the ZIP says if there were more)
          </li>
        </ul>
        <p className="mt-3 text-sm text-slate-600">
          Nothing of another person’s account is in it: for a song someone else invited you to, only
          your own answer.
        </p>
        {/* A plain link: the browser saves the file, with or without JavaScript. */}
        <a
          href="/settings/data.zip"
          download
          className={buttonClass('primary', 'mt-4')}
          data-testid="download-data"
        >
          Download Your Data
        </a>
      </SettingsSection>
    </SettingsShell>
  )
}

export const meta: MetaFunction = () => [
  { title: 'Your data · Settings' },
  { name: 'description', content: 'Download everything we hold about you.' },
]
