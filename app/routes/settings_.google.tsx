import { parseWithZod } from '@conform-to/zod/v4'
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { AppLink } from '~/components/app-link'
import { FormAlert } from '~/components/auth-card'
import { SettingsShell } from '~/components/settings-shell'
import { Button, buttonClass } from '~/components/ui/button'
import { pageMessages, translate } from '~/i18n/catalogs.server'
import { requestLocale } from '~/i18n/locale.server'
import { translatorOf, useT } from '~/i18n/react'
import { GoogleConnectionSchema } from '~/lib/account-schemas'
import { fieldsOf, readForm } from '~/lib/form.server'
import { useIsPending } from '~/lib/hooks'
import {
  isGoogleConfigured,
  requireRecentSignIn,
  requireUser,
} from '~/services/accounts/auth.server'
import { disconnectGoogle, SET_PASSWORD_FIRST } from '~/services/accounts/google-connection.server'
import { db } from '~/services/platform/db.server'
import { redirectWithToast } from '~/services/platform/toast.server'

// Issue 28 (decision 067): connecting runs Google's sign-in with the "connect" intent
// (/api/auth/google?from=connect); disconnecting never leaves the account without a way in.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return json({
    connected: Boolean(user.externalId),
    hasPassword: Boolean(user.passwordHash),
    configured: isGoogleConfigured(),
    i18n: pageMessages(requestLocale(request, user), ['settings']),
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const locale = requestLocale(request, user)
  const say = (id: string) => translate(locale, 'settings', id)
  const submission = parseWithZod(
    await readForm(request, { fields: fieldsOf(GoogleConnectionSchema) }),
    { schema: GoogleConnectionSchema },
  )
  if (submission.status !== 'success')
    return json({ errors: [say('settings.google.choose')] }, { status: 400 })
  await requireRecentSignIn(request, user)
  const outcome = await disconnectGoogle(db(), user.id)
  if (!outcome.ok) {
    const refusal =
      outcome.message === SET_PASSWORD_FIRST
        ? 'settings.google.setPasswordFirst'
        : 'settings.google.notConnected'
    return json({ errors: [say(refusal)] }, { status: 409 })
  }
  return redirectWithToast('/settings/google', {
    type: 'success',
    title: say('settings.google.disconnected.title'),
    description: say('settings.google.disconnected.text'),
  })
}

export default function GooglePage() {
  const { connected, hasPassword, configured } = useLoaderData<typeof loader>()
  const data = useActionData<typeof action>()
  const pending = useIsPending()
  const t = useT()
  return (
    <SettingsShell title={t('settings.google.title')} intro={t('settings.google.intro')}>
      <p className="text-sm text-slate-800" data-testid="google-status">
        {t(connected ? 'settings.google.connected' : 'settings.google.notConnected')}
      </p>
      <FormAlert id="google-error" errors={data?.errors} />
      {connected ? (
        <>
          {!hasPassword && (
            <p className="text-sm text-slate-700" id="google-only">
              {t('settings.google.setPasswordFirst')}{' '}
              <AppLink to="/settings/password" className="font-medium text-brand-700 underline">
                {t('settings.google.setPassword')}
              </AppLink>
            </p>
          )}
          <Form method="post">
            <Button
              type="submit"
              name="intent"
              value="disconnect"
              variant="secondary"
              disabled={pending}
              aria-describedby={hasPassword ? undefined : 'google-only'}
            >
              {t(pending ? 'settings.google.disconnecting' : 'settings.google.disconnect')}
            </Button>
          </Form>
        </>
      ) : configured ? (
        // A plain link: it leaves for Google, so it needs a full navigation.
        <a href="/api/auth/google?from=connect" className={buttonClass('primary')}>
          {t('settings.google.connect')}
        </a>
      ) : (
        <p className="text-sm text-slate-600">{t('settings.google.notConfigured')}</p>
      )}
    </SettingsShell>
  )
}

export const meta: MetaFunction = ({ matches }) => {
  const { t } = translatorOf(matches)
  return [
    { title: t('settings.google.meta.title') },
    { name: 'description', content: t('settings.google.meta.description') },
  ]
}
