import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { SettingsSection, SettingsShell } from '~/components/settings-shell'
import { buttonClass } from '~/components/ui/button'
import { pageMessages } from '~/i18n/catalogs.server'
import { requestLocale } from '~/i18n/locale.server'
import { translatorOf, useT } from '~/i18n/react'
import { requireRecentSignIn, requireUser } from '~/services/accounts/auth.server'
import { MAX_ANALYTICS_EVENTS } from '~/services/accounts/data-export.server'

// Issue 28 (decision 067): the page that explains the download; the ZIP itself is the
// resource route /settings/data.zip.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  await requireRecentSignIn(request, user)
  return json({
    maxEvents: MAX_ANALYTICS_EVENTS,
    i18n: pageMessages(requestLocale(request, user), ['settings']),
  })
}

export default function DataPage() {
  const { maxEvents } = useLoaderData<typeof loader>()
  const t = useT()
  return (
    <SettingsShell title={t('settings.data.title')} intro={t('settings.data.intro')}>
      <SettingsSection id="contents" title={t('settings.data.contents')}>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>{t('settings.data.account')}</li>
          <li>{t('settings.data.sessions')}</li>
          <li>{t('settings.data.songs')}</li>
          <li>{t('settings.data.invitations')}</li>
          <li>{t('settings.data.payments')}</li>
          <li>{t('settings.data.events', { count: maxEvents })}</li>
        </ul>
        <p className="mt-3 text-sm text-slate-600">{t('settings.data.others')}</p>
        {/* A plain link: the browser saves the file, with or without JavaScript. */}
        <a
          href="/settings/data.zip"
          download
          className={buttonClass('primary', 'mt-4')}
          data-testid="download-data"
        >
          {t('settings.data.download')}
        </a>
      </SettingsSection>
    </SettingsShell>
  )
}

export const meta: MetaFunction = ({ matches }) => {
  const { t } = translatorOf(matches)
  return [
    { title: t('settings.data.meta.title') },
    { name: 'description', content: t('settings.data.meta.description') },
  ]
}
