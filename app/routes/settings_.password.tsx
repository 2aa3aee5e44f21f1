import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { FormAlert } from '~/components/auth-card'
import { ErrorSummary } from '~/components/error-summary'
import { SchemaField } from '~/components/schema-field'
import { SettingsShell } from '~/components/settings-shell'
import { Button } from '~/components/ui/button'
import { type PasswordChangeInput, PasswordChangeSchema } from '~/lib/account-schemas'
import { fieldsOf, readForm } from '~/lib/form.server'
import { useIsPending } from '~/lib/hooks'
import { PASSWORD_RULE } from '~/lib/password-rule'
import { changePassword } from '~/services/accounts/account.server'
import { requireRecentSignIn, requireUser } from '~/services/accounts/auth.server'
import { db } from '~/services/platform/db.server'
import { tooManyMessage } from '~/services/platform/rate-limit.server'
import { getSessionId } from '~/services/accounts/session.server'
import { redirectWithToast } from '~/services/platform/toast.server'

const HIDDEN = ['currentPassword', 'newPassword', 'confirmPassword']

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  await requireRecentSignIn(request, user)
  return json({
    hasPassword: Boolean(user.passwordHash),
    constraint: getZodConstraint(PasswordChangeSchema),
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  await requireRecentSignIn(request, user)
  const formData = await readForm(request, { fields: fieldsOf(PasswordChangeSchema) })
  const submission = parseWithZod(formData, { schema: PasswordChangeSchema })
  if (submission.status !== 'success')
    return json({ result: submission.reply({ hideFields: HIDDEN }) }, { status: 400 })
  const sid = await getSessionId(request.headers.get('Cookie'))
  const outcome = await changePassword(db(), user, submission.value, sid)
  if (!outcome.ok) {
    const reply =
      'limited' in outcome
        ? submission.reply({ formErrors: [tooManyMessage(outcome.limited)], hideFields: HIDDEN })
        : submission.reply({
            fieldErrors: { [outcome.field]: [outcome.message] },
            hideFields: HIDDEN,
          })
    return json({ result: reply }, { status: 'limited' in outcome ? 429 : 400 })
  }
  return redirectWithToast('/settings', {
    type: 'success',
    title: user.passwordHash ? 'Password changed' : 'Password set',
    description: 'Every other browser signed in to your account was signed out.',
  })
}

export default function PasswordPage() {
  const { hasPassword, constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const pending = useIsPending()
  const [form, fields] = useForm<PasswordChangeInput>({
    id: 'password',
    lastResult: actionData?.result,
    constraint,
    shouldRevalidate: 'onInput',
  })
  return (
    <SettingsShell
      title={hasPassword ? 'Change password' : 'Set a password'}
      intro={
        hasPassword
          ? 'Other browsers signed in to your account are signed out when it changes, and we mail you to say so.'
          : 'Your account signs in with Google. A password lets it sign in with your username or email too.'
      }
    >
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
        <ErrorSummary id="password-error-summary" form={form} lastResult={actionData?.result} />
        {hasPassword && (
          <SchemaField
            meta={fields.currentPassword}
            type="password"
            label="Current password"
            autoComplete="current-password"
          />
        )}
        <SchemaField
          meta={fields.newPassword}
          type="password"
          label="New password"
          autoComplete="new-password"
          hint={PASSWORD_RULE}
        />
        <SchemaField
          meta={fields.confirmPassword}
          type="password"
          label="Confirm new password"
          autoComplete="new-password"
        />
        <FormAlert id={form.errorId} errors={form.errors} />
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : hasPassword ? 'Change Password' : 'Set Password'}
        </Button>
      </Form>
    </SettingsShell>
  )
}

export const meta: MetaFunction = () => [
  { title: 'Password · Settings' },
  { name: 'description', content: 'Change or set your password.' },
]
