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
import { requestLocale } from '~/i18n/locale.server'
import { translatorOf, useT } from '~/i18n/react'
import { type PasswordChangeInput, PasswordChangeSchema } from '~/lib/account-schemas'
import { fieldsOf, readForm } from '~/lib/form.server'
import { useIsPending } from '~/lib/hooks'
import { PASSWORD_MIN_LENGTH } from '~/lib/password-rule'
import { changePassword } from '~/services/accounts/account.server'
import { requireRecentSignIn, requireUser } from '~/services/accounts/auth.server'
import { tooManyText } from '~/services/accounts/auth-text.server'
import { settingsPageMessages, settingsText } from '~/services/accounts/settings-text.server'
import { db } from '~/services/platform/db.server'
import { getSessionId } from '~/services/accounts/session.server'
import { redirectWithToast } from '~/services/platform/toast.server'

const HIDDEN = ['currentPassword', 'newPassword', 'confirmPassword']

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  await requireRecentSignIn(request, user)
  return json({
    hasPassword: Boolean(user.passwordHash),
    constraint: getZodConstraint(PasswordChangeSchema),
    i18n: settingsPageMessages(requestLocale(request, user)),
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  await requireRecentSignIn(request, user)
  const locale = requestLocale(request, user)
  const formData = await readForm(request, { fields: fieldsOf(PasswordChangeSchema) })
  const submission = parseWithZod(formData, { schema: PasswordChangeSchema })
  if (submission.status !== 'success')
    return json({ result: submission.reply({ hideFields: HIDDEN }) }, { status: 400 })
  const sid = await getSessionId(request.headers.get('Cookie'))
  const outcome = await changePassword(db(), user, submission.value, sid)
  if (!outcome.ok) {
    const reply =
      'limited' in outcome
        ? submission.reply({
            formErrors: [tooManyText(locale, outcome.limited)],
            hideFields: HIDDEN,
          })
        : submission.reply({
            fieldErrors: { [outcome.field]: [outcome.message] },
            hideFields: HIDDEN,
          })
    return json({ result: reply }, { status: 'limited' in outcome ? 429 : 400 })
  }
  return redirectWithToast('/settings', {
    type: 'success',
    title: settingsText(
      locale,
      user.passwordHash ? 'settings.password.changed' : 'settings.password.setDone',
    ),
    description: settingsText(locale, 'settings.password.othersSignedOut'),
  })
}

export default function PasswordPage() {
  const { hasPassword, constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const pending = useIsPending()
  const t = useT()
  const [form, fields] = useForm<PasswordChangeInput>({
    id: 'password',
    lastResult: actionData?.result,
    constraint,
    shouldRevalidate: 'onInput',
  })
  return (
    <SettingsShell
      title={t(hasPassword ? 'settings.password.change.title' : 'settings.password.set.title')}
      intro={t(hasPassword ? 'settings.password.change.intro' : 'settings.password.set.intro')}
    >
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
        <ErrorSummary id="password-error-summary" form={form} lastResult={actionData?.result} />
        {hasPassword && (
          <SchemaField
            meta={fields.currentPassword}
            type="password"
            label={t('settings.password.current')}
            autoComplete="current-password"
          />
        )}
        <SchemaField
          meta={fields.newPassword}
          type="password"
          label={t('settings.password.new')}
          autoComplete="new-password"
          hint={t('auth.password.rule', { min: PASSWORD_MIN_LENGTH })}
        />
        <SchemaField
          meta={fields.confirmPassword}
          type="password"
          label={t('settings.password.confirm')}
          autoComplete="new-password"
        />
        <FormAlert id={form.errorId} errors={form.errors} />
        <Button type="submit" disabled={pending}>
          {t(
            pending
              ? 'settings.password.saving'
              : hasPassword
                ? 'settings.password.change.submit'
                : 'settings.password.set.submit',
          )}
        </Button>
      </Form>
    </SettingsShell>
  )
}

export const meta: MetaFunction = ({ matches }) => {
  const { t } = translatorOf(matches)
  return [
    { title: t('settings.password.meta.title') },
    { name: 'description', content: t('settings.password.meta.description') },
  ]
}
