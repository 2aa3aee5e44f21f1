import { parseWithZod } from '@conform-to/zod/v4'
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from '@remix-run/node'
import { Form, useActionData } from '@remix-run/react'
import { AppLink } from '~/components/app-link'
import { AuthCard } from '~/components/auth-card'
import { Field } from '~/components/forms'
import { Button, TAP_TARGET } from '~/components/ui/button'
import { TwoFactorCodeSchema } from '~/lib/auth-schemas'
import { fieldsOf, readForm } from '~/lib/form.server'
import { useIsPending } from '~/lib/hooks'
import { requestLocale } from '~/i18n/locale.server'
import { translatorOf, useT } from '~/i18n/react'
import { authPageMessages, authText, tooManyText } from '~/services/accounts/auth-text.server'
import { requireAnonymous } from '~/services/accounts/auth.server'
import {
  completeSignIn,
  forgetPendingSignIn,
  pendingSignIn,
} from '~/services/accounts/sign-in.server'
import { checkCode } from '~/services/accounts/two-factor.server'
import { getUserById } from '~/services/accounts/users.server'
import { db } from '~/services/platform/db.server'
import { redirectWithToast } from '~/services/platform/toast.server'

// The second step of a sign-in for an account with two-factor on (decision 063): the first
// factor passed and left a signed 5-minute cookie naming the account; no session exists yet.

async function expired(request: Request) {
  const locale = requestLocale(request)
  return redirectWithToast(
    '/login',
    {
      type: 'error',
      title: authText(locale, 'auth.twoFactor.expired.title'),
      description: authText(locale, 'auth.twoFactor.expired.text'),
    },
    { headers: { 'Set-Cookie': await forgetPendingSignIn() } },
  )
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request)
  if (!(await pendingSignIn(request.headers.get('Cookie')))) throw await expired(request)
  return json({ i18n: authPageMessages(requestLocale(request)) })
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAnonymous(request)
  const pending = await pendingSignIn(request.headers.get('Cookie'))
  if (!pending) return expired(request)
  const submission = parseWithZod(
    await readForm(request, { fields: fieldsOf(TwoFactorCodeSchema) }),
    { schema: TwoFactorCodeSchema },
  )
  if (submission.status !== 'success')
    return json({ errors: submission.error?.code ?? ['Enter a code'] }, { status: 400 })
  const user = await getUserById(db(), pending.userId)
  if (!user || user.deletedAt) return expired(request)
  const check = await checkCode(db(), user.id, submission.value.code)
  if (!check.ok)
    return 'limited' in check
      ? json({ errors: [tooManyText(requestLocale(request), check.limited)] }, { status: 429 })
      : json({ errors: [check.message] }, { status: 400 })
  const headers = new Headers({ 'Set-Cookie': await forgetPendingSignIn() })
  const done = await completeSignIn(request, user, {
    method: pending.method,
    secondFactor: check.kind,
    redirectTo: pending.redirectTo,
    headers,
  })
  return redirect(done.location, { headers: done.headers })
}

export default function TwoFactorSignInPage() {
  const data = useActionData<typeof action>()
  const pending = useIsPending()
  const t = useT()
  return (
    <AuthCard title={t('auth.twoFactor.title')} subtitle={t('auth.twoFactor.subtitle')}>
      <Form method="post" noValidate className="space-y-4">
        <Field
          id="code"
          name="code"
          label={t('auth.twoFactor.code')}
          hint={t('auth.twoFactor.hint')}
          inputMode="text"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={32}
          // A page with one purpose: the cursor starts where the code goes.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          errors={data && 'errors' in data ? data.errors : undefined}
        />
        <Button type="submit" disabled={pending} className="w-full">
          {pending ? t('auth.twoFactor.pending') : t('auth.twoFactor.submit')}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        <AppLink to="/login" className={`${TAP_TARGET} font-medium text-brand-700 hover:underline`}>
          {t('auth.twoFactor.startAgain')}
        </AppLink>
      </p>
    </AuthCard>
  )
}

export const meta: MetaFunction = ({ matches }) => {
  const { t } = translatorOf(matches)
  return [
    { title: t('auth.twoFactor.meta.title') },
    { name: 'description', content: t('auth.twoFactor.meta.description') },
  ]
}
