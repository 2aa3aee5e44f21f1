import { parseWithZod } from '@conform-to/zod/v4'
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { ErrorList } from '~/components/forms'
import { SettingsShell } from '~/components/settings-shell'
import { useTimeZone } from '~/components/time-zone'
import { Button } from '~/components/ui/button'
import { SESSIONS_FIELDS, SessionsSchema } from '~/lib/account-schemas'
import { formatMomentInZone } from '~/lib/dates'
import { readForm } from '~/lib/form.server'
import { useIsPending } from '~/lib/hooks'
import { describeBrowser } from '~/lib/user-agent'
import { requireUser } from '~/services/accounts/auth.server'
import { db } from '~/services/platform/db.server'
import {
  endSessionByKey,
  endUserSessions,
  getSessionId,
  listUserSessions,
} from '~/services/accounts/session.server'
import { redirectWithToast } from '~/services/platform/toast.server'

const PATH = '/settings/sessions'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const sid = await getSessionId(request.headers.get('Cookie'))
  const sessions = await listUserSessions(db(), user.id, sid)
  return json({
    sessions: sessions.map((session) => ({
      ...session,
      browser: describeBrowser(session.userAgent),
    })),
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const submission = parseWithZod(await readForm(request, { fields: SESSIONS_FIELDS }), {
    schema: SessionsSchema,
  })
  if (submission.status !== 'success')
    return json({ errors: ['Choose a session to sign out.'] }, { status: 400 })
  const sid = await getSessionId(request.headers.get('Cookie'))
  if (submission.value.intent === 'end-others') {
    await endUserSessions(db(), user.id, sid ?? undefined)
    return redirectWithToast(PATH, {
      type: 'success',
      title: 'Signed out elsewhere',
      description: 'Every other browser was signed out of your account.',
    })
  }
  const ended = await endSessionByKey(db(), user.id, submission.value.session)
  if (!ended) return json({ errors: ['That session has already ended.'] }, { status: 404 })
  return redirectWithToast(PATH, {
    type: 'success',
    title: 'Session ended',
    description: 'That browser was signed out of your account.',
  })
}

export default function SessionsPage() {
  const { sessions } = useLoaderData<typeof loader>()
  const data = useActionData<typeof action>()
  const pending = useIsPending()
  const { timeZone } = useTimeZone()
  const others = sessions.filter((session) => !session.current).length
  return (
    <SettingsShell
      title="Signed-in browsers"
      intro="Each browser signed in to your account. Sign out one you do not recognise, and change your password."
    >
      <ErrorList id="sessions-error" errors={data?.errors} />
      <ul className="space-y-3" data-testid="sessions">
        {sessions.map((session) => (
          <li key={session.key} className="rounded-xl border p-4" data-testid="session">
            <p className="font-medium text-slate-900">
              {session.browser}
              {session.current && (
                <span className="ml-2 rounded bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700">
                  This browser
                </span>
              )}
            </p>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-600">
              <dt>Signed in</dt>
              <dd>{formatMomentInZone(session.createdAt, timeZone)}</dd>
              <dt>Last seen</dt>
              <dd>{formatMomentInZone(session.lastSeenAt, timeZone)}</dd>
            </dl>
            {!session.current && (
              <Form method="post" className="mt-3">
                <input type="hidden" name="intent" value="end" />
                <input type="hidden" name="session" value={session.key} />
                <Button type="submit" variant="secondary" disabled={pending}>
                  Sign Out This Browser
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Form method="post">
          <input type="hidden" name="intent" value="end-others" />
          <Button type="submit" disabled={pending}>
            Sign Out All Other Browsers
          </Button>
        </Form>
      ) : (
        <p className="text-sm text-slate-600">No other browser is signed in.</p>
      )}
    </SettingsShell>
  )
}

export const meta: MetaFunction = () => [
  { title: 'Signed-in browsers · Settings' },
  { name: 'description', content: 'See where your account is signed in and sign out browsers.' },
]
