import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import {
  type ActionFunctionArgs,
  type HeadersFunction,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { AppLink } from '~/components/app-link'
import { AuthCard, FormAlert } from '~/components/auth-card'
import { ErrorSummary } from '~/components/error-summary'
import { PasswordField } from '~/components/password-field'
import { Button, ButtonLink } from '~/components/ui/button'
import { ResetPasswordSchema } from '~/lib/auth-schemas'
import { fieldsOf, readForm } from '~/lib/form.server'
import { trustDevice } from '~/services/accounts/login-throttle.server'
import {
  forgetResetToken,
  isResetTokenUsable,
  keepResetToken,
  keptResetToken,
  resetPassword,
} from '~/services/accounts/password-reset.server'
import { redirectWithToast } from '~/services/platform/toast.server'
import { db } from '~/services/platform/db.server'
import { useIsPending } from '~/lib/hooks'
import { requestLocale } from '~/i18n/locale.server'
import { translatorOf, useT } from '~/i18n/react'
import { translateFormError } from '~/i18n/form-errors.server'
import { authPageMessages, authText } from '~/services/accounts/auth-text.server'
import { PASSWORD_MIN_LENGTH } from '~/lib/password-rule'

export async function loader({ request }: LoaderFunctionArgs) {
  // SPEC: the token comes in the query string; it is moved into a cookie before anything renders.
  const fromLink = new URL(request.url).searchParams.get('token')
  if (fromLink !== null)
    return redirect('/reset-password', {
      headers: { 'Set-Cookie': await keepResetToken(fromLink), 'Cache-Control': 'no-store' },
    })
  const token = await keptResetToken(request.headers.get('Cookie'))
  const valid = token !== null && (await isResetTokenUsable(db(), token))
  return json(
    {
      token: valid ? token : null,
      constraint: getZodConstraint(ResetPasswordSchema),
      i18n: authPageMessages(requestLocale(request)),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(
    await readForm(request, { fields: fieldsOf(ResetPasswordSchema) }),
    { schema: ResetPasswordSchema },
  )
  if (submission.status !== 'success')
    return json(
      { result: submission.reply({ hideFields: ['password', 'confirmPassword'] }), toast: null },
      { status: 400 },
    )
  const result = await resetPassword(db(), submission.value.token, submission.value.password)
  if (!result.ok) {
    return json(
      {
        result: submission.reply({
          formErrors: [result.message],
          hideFields: ['password', 'confirmPassword'],
        }),
        toast: {
          id: 'reset-failed',
          type: 'error' as const,
          title: authText(requestLocale(request), 'auth.reset.failed'),
          description: translateFormError(requestLocale(request), 'auth', result.message),
        },
      },
      { status: 400 },
    )
  }
  // The link is spent; this browser, having proved the mailbox, signs in past a lockout (decision 016).
  const headers = new Headers({ 'Set-Cookie': await forgetResetToken() })
  headers.append('Set-Cookie', await trustDevice(request.headers.get('Cookie'), result.userId))
  return redirectWithToast(
    '/login',
    {
      type: 'success',
      title: authText(requestLocale(request), 'auth.reset.done.title'),
      description: authText(requestLocale(request), 'auth.reset.done.text'),
    },
    { headers },
  )
}

export default function ResetPasswordPage() {
  const { token, constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const pending = useIsPending()
  const t = useT()
  const [form, fields] = useForm({
    id: 'reset-password',
    lastResult: actionData?.result,
    constraint,
    shouldRevalidate: 'onInput',
  })

  if (!token) {
    return (
      <AuthCard title={t('auth.reset.invalid.title')}>
        <p className="text-slate-700">{t('auth.reset.invalid.text')}</p>
        <ButtonLink to="/forgot-password" className="mt-6 w-full">
          {t('auth.reset.invalid.again')}
        </ButtonLink>
      </AuthCard>
    )
  }
  return (
    <AuthCard title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')}>
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
        <ErrorSummary
          id="reset-password-error-summary"
          form={form}
          lastResult={actionData?.result}
        />
        <input type="hidden" name="token" value={token} />
        <PasswordField
          label={t('auth.reset.password')}
          autoComplete="new-password"
          hint={t('auth.password.rule', { min: PASSWORD_MIN_LENGTH })}
          errors={fields.password?.errors}
          {...getInputProps(fields.password!, { type: 'password' })}
        />
        <PasswordField
          label={t('auth.reset.confirm')}
          autoComplete="new-password"
          errors={fields.confirmPassword?.errors}
          {...getInputProps(fields.confirmPassword!, { type: 'password' })}
        />
        <FormAlert id={form.errorId} errors={form.errors} />
        <Button type="submit" disabled={pending} className="w-full">
          {pending ? t('auth.reset.pending') : t('auth.reset.submit')}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        {t('auth.reset.remember')}{' '}
        <AppLink to="/login" className="font-medium text-brand-700 hover:underline">
          {t('auth.reset.signIn')}
        </AppLink>
      </p>
    </AuthCard>
  )
}

// The page holds a live reset token in its form: no cache, shared or private, may keep it.
export const headers: HeadersFunction = () => ({ 'Cache-Control': 'no-store' })

export const meta: MetaFunction = ({ matches }) => {
  const { t } = translatorOf(matches)
  return [
    { title: t('auth.reset.meta.title') },
    { name: 'description', content: t('auth.reset.meta.description') },
  ]
}
