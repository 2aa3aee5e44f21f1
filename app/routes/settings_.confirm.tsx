import { parseWithZod } from '@conform-to/zod/v4'
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { Field } from '~/components/forms'
import { SettingsShell } from '~/components/settings-shell'
import { Button } from '~/components/ui/button'
import { translate } from '~/i18n/catalogs.server'
import { requestLocale } from '~/i18n/locale.server'
import { translatorOf, useT } from '~/i18n/react'
import { ConfirmSignInSchema } from '~/lib/account-schemas'
import { fieldsOf, readForm } from '~/lib/form.server'
import { useIsPending } from '~/lib/hooks'
import { safeRedirect } from '~/lib/redirect'
import { requireUser } from '~/services/accounts/auth.server'
import { verifyPassword } from '~/services/accounts/password.server'
import { getSessionId, markReauthenticated } from '~/services/accounts/session.server'
import { checkCode, hasTwoFactor } from '~/services/accounts/two-factor.server'
import { db } from '~/services/platform/db.server'
import { hit, LIMITS } from '~/services/platform/rate-limit.server'
import { tooManyText } from '~/services/accounts/auth-text.server'
import { settingsPageMessages } from '~/services/accounts/settings-text.server'

// Issue 28: a sensitive change asks the person again when their sign-in is older than 10
// minutes (requireRecentSignIn). An account with two-factor on proves itself with a code; one
// with a password, with it; an account without either (Google, passkeys) signs in again, which
// is a fresh sign-in by itself.

type Way = 'code' | 'password' | 'sign-in-again'

async function wayOf(user: { id: string; passwordHash: string | null }): Promise<Way> {
  if (await hasTwoFactor(db(), user.id)) return 'code'
  return user.passwordHash ? 'password' : 'sign-in-again'
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return json({
    way: await wayOf(user),
    // With the auth area's refusals of a code (wrong, used), which the check answers with.
    i18n: settingsPageMessages(requestLocale(request, user)),
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const locale = requestLocale(request, user)
  const say = (id: string) => translate(locale, 'settings', id)
  const submission = parseWithZod(
    await readForm(request, { fields: fieldsOf(ConfirmSignInSchema) }),
    { schema: ConfirmSignInSchema },
  )
  if (submission.status !== 'success')
    return json({ errors: Object.values(submission.error ?? {}).flat() }, { status: 400 })
  const form = submission.value
  const way = await wayOf(user)
  const sid = await getSessionId(request.headers.get('Cookie'))
  if (!sid || way === 'sign-in-again')
    return json({ errors: [say('settings.confirm.signInAgain')] }, { status: 400 })
  if (way === 'code') {
    if (!form.code) return json({ errors: [say('settings.confirm.enterCode')] }, { status: 400 })
    const check = await checkCode(db(), user.id, form.code)
    if (!check.ok)
      return 'limited' in check
        ? json({ errors: [tooManyText(locale, check.limited)] }, { status: 429 })
        : json({ errors: [check.message] }, { status: 400 })
    await markReauthenticated(db(), sid, { secondFactor: true })
  } else {
    if (!form.password)
      return json({ errors: [say('settings.confirm.enterPassword')] }, { status: 400 })
    const limited = await hit(LIMITS.passwordCheckPerUser(user.id))
    if (!limited.allowed) return json({ errors: [tooManyText(locale, limited)] }, { status: 429 })
    if (!(await verifyPassword(user.passwordHash, form.password)))
      return json({ errors: [say('settings.confirm.wrongPassword')] }, { status: 400 })
    await markReauthenticated(db(), sid)
  }
  return redirect(safeRedirect(form.redirectTo, '/settings'))
}

export default function ConfirmSignInPage() {
  const { way } = useLoaderData<typeof loader>()
  const data = useActionData<typeof action>()
  const [searchParams] = useSearchParams()
  const pending = useIsPending()
  const t = useT()
  return (
    <SettingsShell title={t('settings.confirm.title')} intro={t('settings.confirm.intro')}>
      {way === 'sign-in-again' ? (
        <div className="space-y-3 text-sm text-slate-700">
          <p>{t('settings.confirm.noPassword')}</p>
          <a href="/api/auth/logout" className="font-medium text-brand-700 underline">
            {t('settings.confirm.signOut')}
          </a>
        </div>
      ) : (
        <Form method="post" noValidate className="space-y-4">
          <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
          {way === 'code' ? (
            <Field
              id="code"
              name="code"
              label={t('settings.confirm.code')}
              autoComplete="one-time-code"
              required
              maxLength={32}
              errors={data?.errors}
            />
          ) : (
            <Field
              id="password"
              name="password"
              type="password"
              label={t('settings.confirm.password')}
              autoComplete="current-password"
              required
              maxLength={128}
              errors={data?.errors}
            />
          )}
          <Button type="submit" disabled={pending}>
            {t(pending ? 'settings.confirm.checking' : 'settings.confirm.submit')}
          </Button>
        </Form>
      )}
    </SettingsShell>
  )
}

export const meta: MetaFunction = ({ matches }) => {
  const { t } = translatorOf(matches)
  return [
    { title: t('settings.confirm.meta.title') },
    { name: 'description', content: t('settings.confirm.meta.description') },
  ]
}
