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
import { requestLocale } from '~/i18n/locale.server'
import { translatorOf, useT } from '~/i18n/react'
import { type ProfileInput, ProfileSchema } from '~/lib/account-schemas'
import { fieldsOf, readForm } from '~/lib/form.server'
import { useIsPending } from '~/lib/hooks'
import { updateProfile } from '~/services/accounts/account.server'
import { requireUser } from '~/services/accounts/auth.server'
import { db } from '~/services/platform/db.server'
import { redirectWithToast } from '~/services/platform/toast.server'
import {
  proNotes,
  settingsFieldErrors,
  settingsPageMessages,
  settingsText,
} from '~/services/accounts/settings-text.server'
import { FieldError } from '~/services/accounts/users.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const locale = requestLocale(request, user)
  return json({
    profile: {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      username: user.username,
      pro: user.pro ?? '',
      proNumber: user.proNumber ?? '',
    },
    constraint: getZodConstraint(ProfileSchema),
    notes: proNotes(locale),
    i18n: settingsPageMessages(locale),
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const locale = requestLocale(request, user)
  const formData = await readForm(request, { fields: fieldsOf(ProfileSchema) })
  const submission = parseWithZod(formData, { schema: ProfileSchema })
  if (submission.status !== 'success') {
    const fieldErrors = settingsFieldErrors(locale, submission.error)
    return json({ result: submission.reply({ fieldErrors }) }, { status: 400 })
  }
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
    title: settingsText(locale, 'settings.profile.saved.title'),
    description: settingsText(locale, 'settings.profile.saved.text'),
  })
}

export default function ProfilePage() {
  const { profile, constraint, notes } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const pending = useIsPending()
  const t = useT()
  const [form, fields] = useForm<ProfileInput>({
    id: 'profile',
    lastResult: actionData?.result,
    defaultValue: profile,
    constraint,
    shouldRevalidate: 'onInput',
  })
  return (
    <SettingsShell title={t('settings.profile.title')} intro={t('settings.profile.intro')}>
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
        <ErrorSummary id="profile-error-summary" form={form} lastResult={actionData?.result} />
        <NameFields fields={fields} />
        <fieldset className="space-y-3">
          <legend className="pt-2 font-semibold text-slate-900">
            {t('settings.profile.pro.legend')}
          </legend>
          <p className="text-sm text-slate-600">{t('settings.profile.pro.intro')}</p>
          <TermNote note={notes.PRO} />
          <TermNote note={notes.IPI} />
          <div className="grid gap-4 sm:grid-cols-2">
            <SchemaField
              meta={fields.pro}
              type="text"
              label={t('settings.profile.pro.label')}
              placeholder={t('settings.profile.pro.placeholder')}
            />
            <SchemaField
              meta={fields.proNumber}
              type="text"
              label={t('settings.profile.proNumber.label')}
              hint={t('settings.profile.proNumber.hint')}
            />
          </div>
        </fieldset>
        <Button type="submit" disabled={pending}>
          {t(pending ? 'settings.profile.saving' : 'settings.profile.save')}
        </Button>
      </Form>
    </SettingsShell>
  )
}

export const meta: MetaFunction = ({ matches }) => {
  const { t } = translatorOf(matches)
  return [
    { title: t('settings.profile.meta.title') },
    { name: 'description', content: t('settings.profile.meta.description') },
  ]
}
