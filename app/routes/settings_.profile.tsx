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
import { SchemaField } from '~/components/schema-field'
import { SettingsShell } from '~/components/settings-shell'
import { TermNote } from '~/components/term'
import { Button } from '~/components/ui/button'
import { type ProfileInput, ProfileSchema } from '~/lib/account-schemas'
import { IPI } from '~/lib/glossary/ipi'
import { PRO } from '~/lib/glossary/pro'
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
      pro: user.pro ?? '',
      proNumber: user.proNumber ?? '',
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
    description: 'Your name, username and PRO details were saved.',
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
        <fieldset className="space-y-3">
          <legend className="pt-2 font-semibold text-slate-900">Your PRO (optional)</legend>
          <p className="text-sm text-slate-600">
            A new song starts with these as the main contributor’s, which you can change or clear
            there. Songs already saved keep their own.
          </p>
          <TermNote note={PRO} />
          <TermNote note={IPI} />
          <div className="grid gap-4 sm:grid-cols-2">
            <SchemaField meta={fields.pro} type="text" label="PRO" placeholder="ASCAP, BMI, PRS…" />
            <SchemaField
              meta={fields.proNumber}
              type="text"
              label="PRO number"
              hint="Your IPI number, or your society’s own member number"
            />
          </div>
        </fieldset>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : 'Save Profile'}
        </Button>
      </Form>
    </SettingsShell>
  )
}

export const meta: MetaFunction = () => [
  { title: 'Profile · Settings' },
  { name: 'description', content: 'Change your name, username and PRO details.' },
]
