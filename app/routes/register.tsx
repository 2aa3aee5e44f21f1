import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { AppLink } from '~/components/app-link'
import { AuthCard, FormAlert } from '~/components/auth-card'
import { ErrorSummary } from '~/components/error-summary'
import { GoogleButton, OrDivider } from '~/components/google-button'
import { NameFields } from '~/components/name-fields'
import { SchemaField } from '~/components/schema-field'
import { TimeZoneSelect } from '~/components/time-zone'
import { ErrorList } from '~/components/forms'
import { Button } from '~/components/ui/button'
import { type RegisterInput, RegisterSchema } from '~/lib/auth-schemas'
import { fieldsOf, readForm } from '~/lib/form.server'
import { clientIp, pageViewOf } from '~/lib/client-address.server'
import { recordUserAction } from '~/services/platform/analytics.server'
import { isGoogleConfigured, requireAnonymous } from '~/services/accounts/auth.server'
import { db } from '~/services/platform/db.server'
import { hit, LIMITS } from '~/services/platform/rate-limit.server'
import { redirectWithToast } from '~/services/platform/toast.server'
import { createLocalUser, FieldError } from '~/services/accounts/users.server'
import { useIsPending } from '~/lib/hooks'
import { setAccountLocale } from '~/i18n/account-locale.server'
import { cookieLocale, requestLocale } from '~/i18n/locale.server'
import { isLocale } from '~/i18n/locales'
import { translatorOf, useT } from '~/i18n/react'
import { translateFormError } from '~/i18n/form-errors.server'
import { authPageMessages, authText, tooManyText } from '~/services/accounts/auth-text.server'
import { PASSWORD_MIN_LENGTH } from '~/lib/password-rule'
import { timeZoneOptions } from '~/lib/time-zone-names'
import { likelyTimeZones } from '~/services/platform/time-zone.server'

const REGISTRATION_FAILED = 'Registration failed'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request)
  // The zone is asked here so that without JavaScript a Tokyo songwriter's pages show Tokyo's
  // date, not yesterday's in UTC (issue 39.14): chosen for them from the browser's report or
  // their language's region, which they can change; with JavaScript, the browser's own zone.
  const likely = likelyTimeZones(
    request.headers.get('Cookie'),
    request.headers.get('Accept-Language'),
  )
  return json({
    googleConfigured: isGoogleConfigured(),
    constraint: getZodConstraint(RegisterSchema),
    timeZones: timeZoneOptions(likely),
    suggestedTimeZone: likely[0] ?? 'UTC',
    i18n: authPageMessages(requestLocale(request)),
  })
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAnonymous(request)
  const locale = requestLocale(request)
  const submission = parseWithZod(await readForm(request, { fields: fieldsOf(RegisterSchema) }), {
    schema: RegisterSchema,
  })
  if (submission.status !== 'success')
    return json(
      { result: submission.reply({ hideFields: ['password'] }), toast: null },
      { status: 400 },
    )
  const failed = (reply: ReturnType<typeof submission.reply>, message: string, status: number) =>
    json(
      {
        result: reply,
        toast: {
          id: 'register-failed',
          type: 'error' as const,
          title: authText(locale, 'auth.register.failed'),
          // The fallback message is the title itself: said once, not twice.
          ...(message === REGISTRATION_FAILED
            ? {}
            : { description: translateFormError(locale, 'auth', message) }),
        },
      },
      { status },
    )

  const limited = await hit(LIMITS.registerPerAddress(clientIp(request) ?? 'unknown'))
  if (!limited.allowed) {
    const message = tooManyText(locale, limited)
    return failed(
      submission.reply({ formErrors: [message], hideFields: ['password'] }),
      message,
      429,
    )
  }
  try {
    // A taken address is answered as a new account and told by mail (decision 094).
    const signUp = await createLocalUser(db(), submission.value)
    if (signUp.kind === 'created') {
      await recordUserAction(db(), pageViewOf(request), 'sign_up', signUp.user.id)
      // A language chosen in the footer before signing up is the person's choice: the account
      // keeps it, for their other devices and their mails (decision 120).
      const chosen = cookieLocale(request.headers.get('Cookie'))
      if (chosen && isLocale(chosen)) await setAccountLocale(db(), signUp.user.id, chosen)
    }
  } catch (error) {
    if (error instanceof FieldError)
      return failed(
        submission.reply({
          fieldErrors: { [error.field]: [error.message] },
          formErrors: [error.message],
          hideFields: ['password'],
        }),
        error.message,
        409,
      )
    // SPEC §8's fallback: the database's own words stay in our log, and the form keeps its values.
    console.error('[register] account not created', error)
    return failed(
      submission.reply({ formErrors: [REGISTRATION_FAILED], hideFields: ['password'] }),
      REGISTRATION_FAILED,
      503,
    )
  }
  return redirectWithToast('/login', {
    type: 'success',
    title: authText(locale, 'auth.register.done.title'),
    description: authText(locale, 'auth.register.done.text'),
  })
}

export default function RegisterPage() {
  const { googleConfigured, constraint, timeZones, suggestedTimeZone } =
    useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const pending = useIsPending()
  const t = useT()
  const [form, fields] = useForm<RegisterInput>({
    id: 'register',
    lastResult: actionData?.result,
    constraint,
    shouldRevalidate: 'onInput',
  })

  return (
    <AuthCard title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      <GoogleButton
        configured={googleConfigured}
        label={t('auth.google.signUp')}
        href="/api/auth/google?from=register"
      />
      <OrDivider />
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
        <ErrorSummary id="register-error-summary" form={form} lastResult={actionData?.result} />
        <NameFields fields={fields} />
        <SchemaField
          meta={fields.email}
          type="email"
          label={t('auth.register.email')}
          autoComplete="email"
        />
        <SchemaField
          meta={fields.password}
          type="password"
          label={t('auth.register.password')}
          autoComplete="new-password"
          hint={t('auth.password.rule', { min: PASSWORD_MIN_LENGTH })}
        />
        <div>
          <label htmlFor={fields.timeZone.id} className="block text-sm font-medium text-slate-800">
            {t('auth.register.timeZone')}
          </label>
          <p id={`${fields.timeZone.id}-hint`} className="text-sm text-slate-600">
            {t('auth.register.timeZoneHint')}
          </p>
          <TimeZoneSelect
            id={fields.timeZone.id}
            name={fields.timeZone.name}
            options={timeZones}
            defaultValue={fields.timeZone.initialValue ?? suggestedTimeZone}
            followBrowser={!actionData}
            // The zones' names are IANA's English identifiers (Asia/Tokyo), not the page's text.
            lang="en"
            aria-invalid={fields.timeZone.errors ? true : undefined}
            aria-describedby={
              fields.timeZone.errors
                ? `${fields.timeZone.id}-hint ${fields.timeZone.errorId}`
                : `${fields.timeZone.id}-hint`
            }
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
          <ErrorList id={fields.timeZone.errorId} errors={fields.timeZone.errors} />
        </div>
        <FormAlert id={form.errorId} errors={form.errors} />
        <Button type="submit" disabled={pending} className="w-full">
          {pending ? t('auth.register.pending') : t('auth.register.submit')}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        {t('auth.register.haveAccount')}{' '}
        <AppLink to="/login" className="font-medium text-brand-700 hover:underline">
          {t('auth.register.signIn')}
        </AppLink>
      </p>
    </AuthCard>
  )
}

export const meta: MetaFunction = ({ matches }) => {
  const { t } = translatorOf(matches)
  return [
    { title: t('auth.register.meta.title') },
    { name: 'description', content: t('auth.register.meta.description') },
  ]
}
