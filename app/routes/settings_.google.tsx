import { parseWithZod } from '@conform-to/zod/v4'
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { FormAlert } from '~/components/auth-card'
import { SettingsShell } from '~/components/settings-shell'
import { Button, buttonClass } from '~/components/ui/button'
import { GoogleConnectionSchema } from '~/lib/account-schemas'
import { fieldsOf, readForm } from '~/lib/form.server'
import { useIsPending } from '~/lib/hooks'
import {
  isGoogleConfigured,
  requireRecentSignIn,
  requireUser,
} from '~/services/accounts/auth.server'
import { disconnectGoogle, SET_PASSWORD_FIRST } from '~/services/accounts/google-connection.server'
import { db } from '~/services/platform/db.server'
import { redirectWithToast } from '~/services/platform/toast.server'

// Issue 28 (decision 067): connecting runs Google's sign-in with the "connect" intent
// (/api/auth/google?from=connect); disconnecting never leaves the account without a way in.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return json({
    connected: Boolean(user.externalId),
    hasPassword: Boolean(user.passwordHash),
    configured: isGoogleConfigured(),
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const submission = parseWithZod(
    await readForm(request, { fields: fieldsOf(GoogleConnectionSchema) }),
    { schema: GoogleConnectionSchema },
  )
  if (submission.status !== 'success')
    return json({ errors: submission.error?.intent ?? ['Choose what to do'] }, { status: 400 })
  await requireRecentSignIn(request, user)
  const outcome = await disconnectGoogle(db(), user.id)
  if (!outcome.ok) return json({ errors: [outcome.message] }, { status: 409 })
  return redirectWithToast('/settings/google', {
    type: 'success',
    title: 'Google disconnected',
    description: 'Sign in with your username or email and password from now on.',
  })
}

export default function GooglePage() {
  const { connected, hasPassword, configured } = useLoaderData<typeof loader>()
  const data = useActionData<typeof action>()
  const pending = useIsPending()
  return (
    <SettingsShell
      title="Google"
      intro="A connected Google account signs in to this account, whatever its address."
    >
      <p className="text-sm text-slate-800" data-testid="google-status">
        {connected ? 'A Google account is connected.' : 'No Google account is connected.'}
      </p>
      <FormAlert id="google-error" errors={data?.errors} />
      {connected ? (
        <>
          {!hasPassword && (
            <p className="text-sm text-slate-700" id="google-only">
              {SET_PASSWORD_FIRST}{' '}
              <Link to="/settings/password" className="font-medium text-brand-700 underline">
                Set a password
              </Link>
            </p>
          )}
          <Form method="post">
            <Button
              type="submit"
              name="intent"
              value="disconnect"
              variant="secondary"
              disabled={pending}
              aria-describedby={hasPassword ? undefined : 'google-only'}
            >
              {pending ? 'Disconnecting...' : 'Disconnect Google'}
            </Button>
          </Form>
        </>
      ) : configured ? (
        // A plain link: it leaves for Google, so it needs a full navigation.
        <a href="/api/auth/google?from=connect" className={buttonClass('primary')}>
          Connect Google
        </a>
      ) : (
        <p className="text-sm text-slate-600">Google sign-in is not configured on this server.</p>
      )}
    </SettingsShell>
  )
}

export const meta: MetaFunction = () => [
  { title: 'Google · Settings' },
  { name: 'description', content: 'Connect or disconnect Google sign-in.' },
]
