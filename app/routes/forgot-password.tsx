import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { AppLink } from '~/components/app-link'
import { AuthCard, FormAlert } from '~/components/auth-card'
import { Field } from '~/components/forms'
import { Button, ButtonLink, TAP_TARGET } from '~/components/ui/button'
import { ForgotPasswordSchema } from '~/lib/auth-schemas'
import { fieldsOf, readForm } from '~/lib/form.server'
import { clientIp } from '~/lib/client-address.server'
import { requestPasswordResetLimited } from '~/services/accounts/password-reset.server'
import { db } from '~/services/platform/db.server'
import { useIsPending } from '~/lib/hooks'
import { requestLocale } from '~/i18n/locale.server'
import { translatorOf, useT } from '~/i18n/react'
import { authPageMessages, tooManyText } from '~/services/accounts/auth-text.server'

export function loader({ request }: LoaderFunctionArgs) {
  const sent = new URL(request.url).searchParams.get('sent') === '1'
  return json({
    sent,
    constraint: getZodConstraint(ForgotPasswordSchema),
    i18n: authPageMessages(requestLocale(request)),
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(
    await readForm(request, { fields: fieldsOf(ForgotPasswordSchema) }),
    { schema: ForgotPasswordSchema },
  )
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  try {
    const limited = await requestPasswordResetLimited(
      db(),
      submission.value.email,
      clientIp(request) ?? 'unknown',
    )
    if (!limited.allowed)
      return json(
        submission.reply({ formErrors: [tooManyText(requestLocale(request), limited)] }),
        { status: 429 },
      )
  } catch (error) {
    console.error('[forgot-password] request failed', error)
    return json(submission.reply({ formErrors: ['Failed to send reset email'] }), { status: 503 })
  }
  // The same answer whether or not the account exists.
  return redirect('/forgot-password?sent=1')
}

export default function ForgotPasswordPage() {
  const { sent, constraint } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const pending = useIsPending()
  const t = useT()
  const [form, fields] = useForm({
    id: 'forgot-password',
    lastResult,
    constraint,
    shouldRevalidate: 'onInput',
  })

  if (sent) {
    return (
      <AuthCard title={t('auth.forgot.sent.title')}>
        <p className="text-slate-700">{t('auth.forgot.sent.text')}</p>
        <p className="mt-2 text-sm text-slate-500">{t('auth.forgot.sent.hint')}</p>
        <ButtonLink to="/login" variant="secondary" className="mt-6 w-full">
          {t('auth.forgot.back')}
        </ButtonLink>
      </AuthCard>
    )
  }
  return (
    <AuthCard title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
        <Field
          label={t('auth.forgot.email')}
          autoComplete="email"
          // A page with one purpose: the cursor starts where the user types (as Epic Stack's login).
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          errors={fields.email?.errors}
          {...getInputProps(fields.email!, { type: 'email' })}
        />
        <FormAlert id={form.errorId} errors={form.errors} />
        <Button type="submit" disabled={pending} className="w-full">
          {pending ? t('auth.forgot.pending') : t('auth.forgot.submit')}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <AppLink to="/login" className={`${TAP_TARGET} font-medium text-brand-700 hover:underline`}>
          {t('auth.forgot.back')}
        </AppLink>
      </p>
    </AuthCard>
  )
}

export const meta: MetaFunction = ({ matches }) => {
  const { t } = translatorOf(matches)
  return [
    { title: t('auth.forgot.meta.title') },
    { name: 'description', content: t('auth.forgot.meta.description') },
  ]
}
