import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { AppLink } from '~/components/app-link'
import { AuthCard } from '~/components/auth-card'
import { Button, TAP_TARGET } from '~/components/ui/button'
import { readForm } from '~/lib/form.server'
import { useIsPending } from '~/lib/hooks'
import { requestLocale } from '~/i18n/locale.server'
import { translatorOf, useT } from '~/i18n/react'
import { withParts } from '~/i18n/form-errors'
import { authPageMessages, authText } from '~/services/accounts/auth-text.server'
import { forgetBrowser, readSignInLink } from '~/services/accounts/google-link.server'
import { completeSignIn } from '~/services/accounts/sign-in.server'
import { db } from '~/services/platform/db.server'
import { redirectWithToast } from '~/services/platform/toast.server'

// Decision 109: the mailed link that continues a Google sign-in into an unverified account with
// two-factor on. It works only in the browser that chose Google, and leads only to the code: it
// removes nothing and connects nothing. (The address is decision 078's takeover page's.)

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const link = await readSignInLink(db(), token, request.headers.get('Cookie'))
  const i18n = authPageMessages(requestLocale(request))
  if (link.state !== 'ready') return json({ state: link.state, i18n })
  return json({ state: link.state, token, google: link.google, username: link.username, i18n })
}

export async function action({ request }: ActionFunctionArgs) {
  const token = (await readForm(request, { fields: ['token'] })).get('token')
  const link =
    typeof token === 'string'
      ? await readSignInLink(db(), token, request.headers.get('Cookie'))
      : ({ state: 'gone' } as const)
  const locale = requestLocale(request)
  if (link.state === 'other-browser')
    return redirectWithToast('/login', {
      type: 'error',
      title: authText(locale, 'auth.google.otherBrowser.title'),
      description: authText(locale, 'auth.google.otherBrowser.toast'),
    })
  if (link.state === 'gone')
    return redirectWithToast('/login', {
      type: 'error',
      title: authText(locale, 'auth.google.gone.title'),
      description: authText(locale, 'auth.google.gone.toast'),
    })
  // The link is spent in this browser; the code page takes it from here.
  const headers = new Headers({ 'Set-Cookie': await forgetBrowser() })
  const done = await completeSignIn(request, { id: link.userId }, { method: 'google', headers })
  return redirect(done.location, { headers: done.headers })
}

export default function GoogleSignInLinkPage() {
  const data = useLoaderData<typeof loader>()
  const pending = useIsPending()
  const t = useT()
  if (data.state !== 'ready')
    return (
      <AuthCard
        title={
          data.state === 'gone' ? t('auth.google.gone.title') : t('auth.google.otherBrowser.title')
        }
      >
        <p className="text-sm text-slate-700">
          {data.state === 'gone' ? t('auth.google.gone.text') : t('auth.google.otherBrowser.text')}
        </p>
        <p className="mt-6 text-center text-sm">
          <AppLink
            to="/login"
            className={`${TAP_TARGET} font-medium text-brand-700 hover:underline`}
          >
            {t('auth.google.signIn')}
          </AppLink>
        </p>
      </AuthCard>
    )
  return (
    <AuthCard
      title={t('auth.google.title')}
      subtitle={withParts(
        (marks) => t(data.google.name ? 'auth.google.named' : 'auth.google.unnamed', marks),
        {
          name: <bdi key="name">{data.google.name}</bdi>,
          idEnding: (
            <span key="id" data-testid="google-id-ending">
              {data.google.idEnding}
            </span>
          ),
          username: <bdi key="username">{data.username}</bdi>,
        },
      )}
    >
      <p className="text-sm text-slate-700">{t('auth.google.next')}</p>
      <Form method="post" className="mt-6">
        <input type="hidden" name="token" value={data.token} />
        <Button type="submit" disabled={pending} className="w-full">
          {t('auth.google.continueButton')}
        </Button>
      </Form>
    </AuthCard>
  )
}

export const meta: MetaFunction = ({ matches }) => {
  const { t } = translatorOf(matches)
  return [
    { title: t('auth.google.meta.title') },
    { name: 'description', content: t('auth.google.meta.description') },
  ]
}
