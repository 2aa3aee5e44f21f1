import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { AuthCard } from '~/components/auth-card'
import { Button, TAP_TARGET } from '~/components/ui/button'
import { readForm } from '~/lib/form.server'
import { useIsPending } from '~/lib/hooks'
import { forgetBrowser, readSignInLink } from '~/services/accounts/google-link.server'
import { completeSignIn } from '~/services/accounts/sign-in.server'
import { db } from '~/services/platform/db.server'
import { redirectWithToast } from '~/services/platform/toast.server'

// Decision 109: the mailed link that continues a Google sign-in into an unverified account with
// two-factor on. It works only in the browser that chose Google, and leads only to the code: it
// removes nothing and connects nothing. (The address is decision 078's takeover page's.)

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const link = await readSignInLink(db(), token, request.headers.get('Cookie'))
  if (link.state !== 'ready') return json({ state: link.state })
  return json({ state: link.state, token, google: link.google, username: link.username })
}

export async function action({ request }: ActionFunctionArgs) {
  const token = (await readForm(request, { fields: ['token'] })).get('token')
  const link =
    typeof token === 'string'
      ? await readSignInLink(db(), token, request.headers.get('Cookie'))
      : ({ state: 'gone' } as const)
  if (link.state === 'other-browser')
    return redirectWithToast('/login', {
      type: 'error',
      title: 'Open the link in the browser that asked',
      description:
        'This link works only in the browser where Google sign-in was chosen. Nothing changed.',
    })
  if (link.state === 'gone')
    return redirectWithToast('/login', {
      type: 'error',
      title: 'This link no longer works',
      description: 'It expired or was already used. Sign in with Google again for a new one.',
    })
  // The link is spent in this browser; the code page takes it from here.
  const headers = new Headers({ 'Set-Cookie': await forgetBrowser() })
  const done = await completeSignIn(request, { id: link.userId }, { method: 'google', headers })
  return redirect(done.location, { headers: done.headers })
}

export default function GoogleSignInLinkPage() {
  const data = useLoaderData<typeof loader>()
  const pending = useIsPending()
  if (data.state !== 'ready')
    return (
      <AuthCard
        title={
          data.state === 'gone'
            ? 'This link no longer works'
            : 'Open the link in the browser that asked'
        }
      >
        <p className="text-sm text-slate-700">
          {data.state === 'gone'
            ? 'It expired or was already used. Sign in with Google again to get a new one.'
            : 'This link works only in the browser where Google sign-in was chosen. If that was you, open it there. If it was not you, nothing changed: you can ignore the mail.'}
        </p>
        <p className="mt-6 text-center text-sm">
          <Link to="/login" className={`${TAP_TARGET} font-medium text-brand-700 hover:underline`}>
            Sign in
          </Link>
        </p>
      </AuthCard>
    )
  return (
    <AuthCard
      title="Continue signing in with Google"
      subtitle={
        <>
          The Google account{' '}
          {data.google.name ? (
            <>
              “<bdi>{data.google.name}</bdi>”
            </>
          ) : (
            'with no name'
          )}{' '}
          (ID ending <span data-testid="google-id-ending">{data.google.idEnding}</span>) asked to
          sign in to the account <bdi>{data.username}</bdi>.
        </>
      }
    >
      <p className="text-sm text-slate-700">
        Next, enter the code from your authenticator app. Nothing on the account changes: its
        password, two-factor authentication and passkeys stay.
      </p>
      <Form method="post" className="mt-6">
        <input type="hidden" name="token" value={data.token} />
        <Button type="submit" disabled={pending} className="w-full">
          Continue
        </Button>
      </Form>
    </AuthCard>
  )
}

export const meta: MetaFunction = () => [
  { title: 'Continue signing in with Google' },
  { name: 'description', content: 'Continue a Google sign-in mailed to your address.' },
]
