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
import { SchemaField } from '~/components/schema-field'
import { SettingsSection, SettingsShell } from '~/components/settings-shell'
import { Button } from '~/components/ui/button'
import { withParts } from '~/i18n/form-errors'
import { requestLocale } from '~/i18n/locale.server'
import { translatorOf, useT } from '~/i18n/react'
import {
  EMAIL_CHANGE_FIELDS,
  EmailChangeSchema,
  type EmailRequestInput,
  EmailRequestSchema,
} from '~/lib/account-schemas'
import { readForm } from '~/lib/form.server'
import { useIsPending } from '~/lib/hooks'
import { requireRecentSignIn, requireUser } from '~/services/accounts/auth.server'
import {
  confirmEmailChange,
  EMAIL_CHANGE_PATH,
  INVALID_CHANGE_LINK,
  pendingChangeFor,
  requestEmailChange,
} from '~/services/accounts/email-change.server'
import { tooManyText } from '~/services/accounts/auth-text.server'
import { settingsPageMessages, settingsText } from '~/services/accounts/settings-text.server'
import { db } from '~/services/platform/db.server'
import { redirectWithToast } from '~/services/platform/toast.server'

// Issue 28 (decision 067): /settings/email asks for a link at the new address; the link comes
// back here (?token=…) and the signed-in owner confirms it with a button, so a mail scanner
// opening the link changes nothing.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const token = new URL(request.url).searchParams.get('token')
  // Asking for a change is sensitive; opening the link mailed to the new address proves that
  // mailbox and needs the account's session only.
  if (token === null) await requireRecentSignIn(request, user)
  const confirming =
    token === null
      ? null
      : { token, newEmail: await pendingChangeFor(db(), user.id, token.slice(0, 201)) }
  return json({
    email: user.email,
    verified: user.emailVerified,
    confirming: confirming?.newEmail ? confirming : null,
    invalidLink: confirming !== null && !confirming.newEmail ? INVALID_CHANGE_LINK : null,
    constraint: getZodConstraint(EmailRequestSchema),
    i18n: settingsPageMessages(requestLocale(request, user)),
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const locale = requestLocale(request, user)
  const submission = parseWithZod(await readForm(request, { fields: EMAIL_CHANGE_FIELDS }), {
    schema: EmailChangeSchema,
  })
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
  if (submission.value.intent === 'confirm') {
    const outcome = await confirmEmailChange(db(), user, submission.value.token)
    if (!outcome.ok)
      return json({ result: submission.reply({ formErrors: [outcome.message] }) }, { status: 400 })
    return redirectWithToast('/settings', {
      type: 'success',
      title: settingsText(locale, 'settings.email.changed.title'),
      description: settingsText(locale, 'settings.email.changed.text', { email: outcome.newEmail }),
    })
  }
  await requireRecentSignIn(request, user)
  const outcome = await requestEmailChange(db(), user, submission.value.email)
  if (!outcome.ok) {
    const limited = 'limited' in outcome
    const reply = limited
      ? submission.reply({ formErrors: [tooManyText(locale, outcome.limited)] })
      : submission.reply({ fieldErrors: { email: [outcome.message] } })
    return json({ result: reply }, { status: limited ? 429 : 400 })
  }
  // The same answer whether or not the address has an account (decision 067).
  return redirectWithToast(EMAIL_CHANGE_PATH, {
    type: 'success',
    title: settingsText(locale, 'settings.email.sent.title'),
    description: settingsText(locale, 'settings.email.sent.text', { email: outcome.newEmail }),
  })
}

export default function EmailPage() {
  const { email, verified, confirming, invalidLink, constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const pending = useIsPending()
  const t = useT()
  const [form, fields] = useForm<EmailRequestInput>({
    id: 'email-change',
    lastResult: actionData?.result,
    constraint,
    shouldRevalidate: 'onInput',
  })
  if (confirming)
    return (
      <SettingsShell title={t('settings.email.confirm.title')}>
        <Form method="post" action={EMAIL_CHANGE_PATH} className="space-y-4">
          <p className="text-sm text-slate-800">
            {withParts((marks) => t('settings.email.confirm.text', marks), {
              newEmail: (
                <bdi key="new" className="font-medium">
                  {confirming.newEmail}
                </bdi>
              ),
              email: <bdi key="old">{email}</bdi>,
            })}
          </p>
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="token" value={confirming.token} />
          <FormAlert id="confirm-error" errors={form.errors} />
          <Button type="submit" disabled={pending}>
            {t(pending ? 'settings.email.confirm.pending' : 'settings.email.confirm.submit')}
          </Button>
        </Form>
      </SettingsShell>
    )
  return (
    <SettingsShell title={t('settings.email.title')} intro={t('settings.email.intro')}>
      {invalidLink && <FormAlert id="link-error" errors={[invalidLink]} />}
      <p className="text-sm text-slate-800" data-testid="current-email">
        {withParts(
          (marks) => t('settings.email.current', { ...marks, verified: verified ? 'yes' : 'no' }),
          {
            email: (
              <bdi key="email" className="font-medium">
                {email}
              </bdi>
            ),
          },
        )}
      </p>
      <SettingsSection id="change" title={t('settings.email.change.title')}>
        {!verified && (
          <p className="mt-1 text-sm text-slate-600">{t('settings.email.change.typo')}</p>
        )}
        <Form method="post" {...getFormProps(form)} noValidate className="mt-3 space-y-4">
          <input type="hidden" name="intent" value="request" />
          <SchemaField
            meta={fields.email}
            type="email"
            label={t('settings.email.change.label')}
            autoComplete="email"
          />
          <FormAlert id={form.errorId} errors={form.errors} />
          <Button type="submit" disabled={pending}>
            {t(pending ? 'settings.email.change.pending' : 'settings.email.change.submit')}
          </Button>
        </Form>
      </SettingsSection>
    </SettingsShell>
  )
}

export const meta: MetaFunction = ({ matches }) => {
  const { t } = translatorOf(matches)
  return [
    { title: t('settings.email.meta.title') },
    { name: 'description', content: t('settings.email.meta.description') },
  ]
}
