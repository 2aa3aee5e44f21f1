import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AppLink } from '~/components/app-link'
import { Button, ButtonLink, buttonClass } from '~/components/ui/button'
import { pageMessages } from '~/i18n/catalogs.server'
import { requestLocale } from '~/i18n/locale.server'
import { translatorOf, useT } from '~/i18n/react'
import { getUser } from '~/services/accounts/auth.server'
import { googleConfig } from '~/services/accounts/google-config.server'

export async function loader({ request }: LoaderFunctionArgs) {
  return json({
    configured: googleConfig().configured,
    i18n: pageMessages(requestLocale(request, await getUser(request)), ['auth']),
  })
}

export default function GoogleAuthPage() {
  const { configured } = useLoaderData<typeof loader>()
  const t = useT()
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">{t('auth.googlePage.title')}</h1>
        <p className="mt-2 text-sm text-slate-600">{t('auth.googlePage.subtitle')}</p>

        <div className="mt-6 flex flex-col gap-3">
          {configured ? (
            <>
              {/* Plain links: both routes redirect to Google, so they need a full navigation. */}
              <a href="/api/auth/google" className={buttonClass('primary', 'w-full')}>
                {t('auth.googlePage.signIn')}
              </a>
              <a href="/api/auth/google-alternative" className={buttonClass('secondary', 'w-full')}>
                {t('auth.googlePage.alternative')}
              </a>
            </>
          ) : (
            <>
              <p
                id="google-not-configured"
                className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
              >
                {t('auth.google.notConfigured')}
              </p>
              <Button disabled aria-describedby="google-not-configured" className="w-full">
                {t('auth.googlePage.signIn')}
              </Button>
              <Button
                disabled
                aria-describedby="google-not-configured"
                variant="secondary"
                className="w-full"
              >
                {t('auth.googlePage.alternative')}
              </Button>
            </>
          )}
        </div>

        <div className="mt-6 border-t border-slate-200 pt-6">
          <ButtonLink to="/login" variant="secondary" className="w-full">
            {t('auth.googlePage.withEmail')}
          </ButtonLink>
          <p className="mt-4 text-center text-sm text-slate-600">
            {t('auth.googlePage.newHere')}{' '}
            <AppLink
              to="/register"
              className="font-semibold text-brand-700 hover:text-brand-600 hover:underline"
            >
              {t('auth.googlePage.create')}
            </AppLink>
          </p>
        </div>
      </div>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => {
  const { t } = translatorOf(matches)
  return [
    { title: t('auth.googlePage.meta.title') },
    { name: 'description', content: t('auth.googlePage.meta.description') },
  ]
}
