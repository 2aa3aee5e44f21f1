import { parseWithZod } from '@conform-to/zod/v4'
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { Field } from '~/components/forms'
import { SettingsShell, SettingsSection } from '~/components/settings-shell'
import { Button } from '~/components/ui/button'
import { DeleteAccountSchema } from '~/lib/account-schemas'
import { fieldsOf, readForm } from '~/lib/form.server'
import { useIsPending } from '~/lib/hooks'
import {
  deletableSongs,
  deleteAccount,
  USERNAME_MISMATCH,
} from '~/services/accounts/account.server'
import { requireRecentSignIn, requireUser } from '~/services/accounts/auth.server'
import { db } from '~/services/platform/db.server'
import { destroySessionHeaders } from '~/services/accounts/session.server'
import { redirectWithToast } from '~/services/platform/toast.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  await requireRecentSignIn(request, user)
  return json({
    username: user.username,
    unregistered: (await deletableSongs(db(), user.id)).length,
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  await requireRecentSignIn(request, user)
  const submission = parseWithZod(
    await readForm(request, { fields: fieldsOf(DeleteAccountSchema) }),
    { schema: DeleteAccountSchema },
  )
  if (submission.status !== 'success')
    return json(
      { errors: [submission.error?.confirmUsername?.[0] ?? USERNAME_MISMATCH] },
      { status: 400 },
    )
  if (submission.value.confirmUsername.toLowerCase() !== user.username.toLowerCase())
    return json({ errors: [USERNAME_MISMATCH] }, { status: 400 })
  const headers = await destroySessionHeaders(request.headers.get('Cookie'))
  await deleteAccount(db(), user)
  return redirectWithToast(
    '/',
    {
      type: 'success',
      title: 'Account deleted',
      description: 'Your account and personal data were deleted. A last mail confirms it.',
    },
    { headers },
  )
}

export default function DeleteAccountPage() {
  const { username, unregistered } = useLoaderData<typeof loader>()
  const data = useActionData<typeof action>()
  const pending = useIsPending()
  return (
    <SettingsShell title="Delete your account">
      <SettingsSection id="what-goes" title="What is deleted, what stays">
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>
            Deleted: your name, email, username, password and Google link, your signed-in browsers,
            your {unregistered === 1 ? 'unregistered song' : `${unregistered} unregistered songs`}{' '}
            with their invitations, and invitations still waiting for an answer.
          </li>
          <li>
            Kept, as the terms say: registered songs and their certificates stay public and
            verifiable under the names written on them, no longer linked to an account.
          </li>
          <li>Kept as the law requires: payment records.</li>
        </ul>
      </SettingsSection>
      <Form method="post" className="space-y-4">
        <Field
          id="confirm-username"
          name="confirmUsername"
          label={`Type your username (${username}) to confirm`}
          autoComplete="off"
          required
          maxLength={30}
          errors={data?.errors}
        />
        <Button type="submit" variant="danger" disabled={pending}>
          {pending ? 'Deleting...' : 'Delete My Account'}
        </Button>
      </Form>
    </SettingsShell>
  )
}

export const meta: MetaFunction = () => [
  { title: 'Delete your account · Settings' },
  { name: 'description', content: 'Delete your account and personal data.' },
]
