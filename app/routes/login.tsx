import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { AppLink } from '~/components/app-link'
import { AuthCard, FormAlert } from '~/components/auth-card'
import { ErrorSummary } from '~/components/error-summary'
import { GoogleButton, OrDivider } from '~/components/google-button'
import { PasskeySignIn } from '~/components/passkeys'
import { SchemaField } from '~/components/schema-field'
import { Button, TAP_TARGET } from '~/components/ui/button'
import { type LoginInput, LoginSchema } from '~/lib/auth-schemas'
import { fieldsOf, readForm } from '~/lib/form.server'
import { clientIp } from '~/lib/client-address.server'
import {
  AuthorizationError,
  getAuthenticator,
  isGoogleConfigured,
  LOGIN_FALLBACK,
  LOGIN_NO_MESSAGE,
  requireAnonymous,
} from '~/services/accounts/auth.server'
import { startSignIn } from '~/services/accounts/login-throttle.server'
import { completeSignIn } from '~/services/accounts/sign-in.server'
import { useIsPending } from '~/lib/hooks'
import { requestLocale } from '~/i18n/locale.server'
import { translatorOf, useT } from '~/i18n/react'
import { translateFormError } from '~/i18n/form-errors.server'
import { authPageMessages, authText, tooManyText } from '~/services/accounts/auth-text.server'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request)
  return json({
    googleConfigured: isGoogleConfigured(),
    constraint: getZodConstraint(LoginSchema),
    i18n: authPageMessages(requestLocale(request)),
  })
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAnonymous(request)
  const locale = requestLocale(request)
  const formData = await readForm(request, { fields: fieldsOf(LoginSchema) })
  const submission = parseWithZod(formData, { schema: LoginSchema })
  if (submission.status !== 'success')
    return json(
      { result: submission.reply({ hideFields: ['password'] }), toast: null },
      { status: 400 },
    )
  const fail = (message: string, status: number) =>
    json(
      {
        result: submission.reply({ formErrors: [message], hideFields: ['password'] }),
        toast: {
          id: 'login-failed',
          type: 'error' as const,
          title: authText(locale, 'auth.login.failed'),
          description: translateFormError(locale, 'auth', message),
        },
      },
      { status },
    )

  const attempt = await startSignIn({
    usernameOrEmail: submission.value.usernameOrEmail,
    address: clientIp(request),
    cookie: request.headers.get('Cookie'),
  })
  if (!attempt.allowed) return fail(tooManyText(locale, attempt.limit), 429)

  try {
    // The form strategy takes the form already read (and bounded) instead of reading the body
    // again; remix-auth copies the request, which it can only do without the consumed body.
    const unread = new Request(request.url, { method: 'POST', headers: request.headers })
    const user = await getAuthenticator().authenticate('form', unread, { context: { formData } })
    // The password is right: its guesses are cleared, even when a code is still owed.
    const headers = new Headers({ 'Set-Cookie': await attempt.succeeded(user.id) })
    const done = await completeSignIn(request, user, {
      method: 'password',
      redirectTo: submission.value.redirectTo,
      headers,
    })
    return redirect(done.location, { headers: done.headers })
  } catch (error) {
    if (error instanceof AuthorizationError) return fail(error.message || LOGIN_FALLBACK, 401)
    // Anything else is ours, not the user's; its details stay in the log (SPEC §8's fallback).
    console.error('[login] sign-in failed', error)
    return fail(LOGIN_NO_MESSAGE, 503)
  }
}

export default function LoginPage() {
  const { googleConfigured, constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const [searchParams] = useSearchParams()
  const pending = useIsPending()
  const t = useT()
  const [form, fields] = useForm<LoginInput>({
    id: 'login',
    lastResult: actionData?.result,
    constraint,
    shouldRevalidate: 'onInput',
  })

  return (
    <AuthCard title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      {/* The form first: the skip link then leads straight to its first field (issue 52.7). */}
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
        <ErrorSummary id="login-error-summary" form={form} lastResult={actionData?.result} />
        <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
        <SchemaField
          meta={fields.usernameOrEmail}
          type="text"
          label={t('auth.login.usernameOrEmail')}
          autoComplete="username"
          // A page with one purpose: the cursor starts where the user types (as Epic Stack's login).
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
        />
        <SchemaField
          meta={fields.password}
          type="password"
          label={t('auth.login.password')}
          autoComplete="current-password"
        />
        <div className="text-right text-sm">
          <AppLink
            to="/forgot-password"
            className={`${TAP_TARGET} font-medium text-brand-700 hover:underline`}
          >
            {t('auth.login.forgot')}
          </AppLink>
        </div>
        <FormAlert id={form.errorId} errors={form.errors} />
        <Button type="submit" disabled={pending} className="w-full">
          {pending ? t('auth.login.pending') : t('auth.login.submit')}
        </Button>
      </Form>
      <OrDivider />
      <GoogleButton configured={googleConfigured} />
      <PasskeySignIn redirectTo={searchParams.get('redirectTo') ?? ''} />
      <p className="mt-6 text-center text-sm text-slate-600">
        {t('auth.login.noAccount')}{' '}
        <AppLink to="/register" className="font-medium text-brand-700 hover:underline">
          {t('auth.login.createOne')}
        </AppLink>
      </p>
    </AuthCard>
  )
}

export const meta: MetaFunction = ({ matches }) => {
  const { t } = translatorOf(matches)
  return [
    { title: t('auth.login.meta.title') },
    { name: 'description', content: t('auth.login.meta.description') },
  ]
}
