import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { ErrorSummary } from '~/components/error-summary'
import { NameFields } from '~/components/name-fields'
import { SettingsShell } from '~/components/settings-shell'
import { Button } from '~/components/ui/button'
import { type ProfileInput, ProfileSchema } from '~/lib/account-schemas'
import { fieldsOf, readForm } from '~/lib/form.server'
import { useIsPending } from '~/lib/hooks'
import { updateProfile } from '~/services/accounts/account.server'
import { requireUser } from '~/services/accounts/auth.server'
import { db } from '~/services/platform/db.server'
import { redirectWithToast } from '~/services/platform/toast.server'
import { FieldError } from '~/services/accounts/users.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return json({
    profile: {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      username: user.username,
    },
    constraint: getZodConstraint(ProfileSchema),
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const formData = await readForm(request, { fields: fieldsOf(ProfileSchema) })
  const submission = parseWithZod(formData, { schema: ProfileSchema })
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
  try {
    await updateProfile(db(), user.id, submission.value)
  } catch (error) {
    if (!(error instanceof FieldError)) throw error
    return json(
      { result: submission.reply({ fieldErrors: { [error.field]: [error.message] } }) },
      { status: 409 },
    )
  }
  return redirectWithToast('/settings/profile', {
    type: 'success',
    title: 'Profile saved',
    description: 'Your name and username were saved.',
  })
}

export default function ProfilePage() {
  const { profile, constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const pending = useIsPending()
  const [form, fields] = useForm<ProfileInput>({
    id: 'profile',
    lastResult: actionData?.result,
    defaultValue: profile,
    constraint,
    shouldRevalidate: 'onInput',
  })
  return (
    <SettingsShell
      title="Profile"
      intro="Your name is shown on your account; certificates keep the names written on each song."
    >
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
        <ErrorSummary id="profile-error-summary" form={form} lastResult={actionData?.result} />
        <NameFields fields={fields} />
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : 'Save Profile'}
        </Button>
      </Form>
    </SettingsShell>
  )
}

export const meta: MetaFunction = () => [
  { title: 'Profile · Settings' },
  { name: 'description', content: 'Change your name and username.' },
]
