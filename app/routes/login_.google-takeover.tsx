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
import { completeSignIn, takeoverToast } from '~/services/accounts/sign-in.server'
import { getUserById } from '~/services/accounts/users.server'
import { readTakeoverLink, takeOverUnverified, waysInOf } from '~/services/accounts/ways-in.server'
import { db } from '~/services/platform/db.server'
import { redirectWithToast } from '~/services/platform/toast.server'

// Decision 078: the mailed link that finishes a Google sign-in into an unverified account guarded
// by a second factor or a passkey. Opening it only shows what finishing removes; the button does it.

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const link = await readTakeoverLink(db(), token)
  if (!link) return json({ token: null, googleEmail: null, removed: [] as string[] })
  return json({
    token,
    googleEmail: link.google.email,
    removed: await waysInOf(db(), link.account.id),
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const token = (await readForm(request, { fields: ['token'] })).get('token')
  const link = typeof token === 'string' ? await readTakeoverLink(db(), token) : null
  // Checked again under the account's lock: of two posts of one link, only one finishes.
  const removed = link && (await takeOverUnverified(db(), link.account, link.google, link.stamp))
  if (!link || !removed)
    return redirectWithToast('/login', {
      type: 'error',
      title: 'This link no longer works',
      description: 'It expired or was already used. Sign in with Google again for a new one.',
    })
  const user = (await getUserById(db(), link.account.id))!
  const done = await completeSignIn(request, user, {
    method: 'google',
    toast: takeoverToast(removed),
  })
  return redirect(done.location, { headers: done.headers })
}

export default function GoogleTakeoverPage() {
  const { token, googleEmail, removed } = useLoaderData<typeof loader>()
  const pending = useIsPending()
  if (!token)
    return (
      <AuthCard title="This link no longer works">
        <p className="text-sm text-slate-700">
          It expired or was already used. Sign in with Google again to get a new one.
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
      title="Finish signing in with Google"
      subtitle={`Only the Google account ${googleEmail} will sign in to this account.`}
    >
      <p className="text-sm text-slate-700">Finishing removes:</p>
      <ul className="mt-2 list-disc pl-5 text-sm text-slate-700" data-testid="ways-removed">
        {removed.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <Form method="post" className="mt-6">
        <input type="hidden" name="token" value={token} />
        <Button type="submit" disabled={pending} className="w-full">
          Finish and Sign In
        </Button>
      </Form>
    </AuthCard>
  )
}

export const meta: MetaFunction = () => [
  { title: 'Finish signing in with Google' },
  { name: 'description', content: 'Finish a Google sign-in mailed to your address.' },
]
