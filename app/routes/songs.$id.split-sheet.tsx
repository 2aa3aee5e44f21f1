import {
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { SplitSheet } from '~/components/split-sheet'
import { TimeZoneNote, useTimeZone } from '~/components/time-zone'
import { Button, ButtonLink, buttonClass } from '~/components/ui/button'
import { env } from '~/env.server'
import { useHydrated } from '~/lib/hooks'
import { requireSongOwner, requireUser } from '~/services/accounts/auth.server'
import { db } from '~/services/platform/db.server'
import { splitSheet } from '~/services/certificates/documents/split-sheet.server'
import { splitSheetView } from '~/services/certificates/documents/split-sheet-view'
import printStyles from '~/styles/split-sheet-print.css'
import { pageMessages } from '~/i18n/catalogs.server'
import { requestLocale } from '~/i18n/locale.server'
import { translatorOf, useLocale, useT } from '~/i18n/react'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: printStyles }]

/** GET /songs/:id/split-sheet — the owner's printable split sheet (decision 042); others get 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const song = await requireSongOwner(user.id, params.id)
  const sheet = await splitSheet(db(), song)
  // The owner's language (issue 54): the sheet's words are its PDF's (the pdf area), the page's
  // buttons the certificate area's.
  const locale = requestLocale(request, user)
  return json(
    { sheet, appName: env().APP_NAME, i18n: pageMessages(locale, ['words', 'pdf', 'certificate']) },
    // It names co-writers' PRO and IPI numbers: no shared cache keeps it.
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

export default function SplitSheetPage() {
  const { sheet, appName } = useLoaderData<typeof loader>()
  const zone = useTimeZone()
  const t = useT()
  const locale = useLocale()
  // Built again here once the reader's zone is known: its days are in that zone.
  const view = splitSheetView(sheet, { appName, timeZone: zone.timeZone, t, locale })
  const hydrated = useHydrated()
  return (
    <div className="split-sheet-page mx-auto max-w-5xl px-3 py-8 sm:px-6">
      <div className="no-print mb-6 flex flex-wrap items-center gap-3">
        {hydrated ? (
          <Button variant="secondary" onClick={() => window.print()}>
            {t('certificate.splitSheet.print')}
          </Button>
        ) : (
          <p className="text-sm text-slate-600">{t('certificate.splitSheet.printHint')}</p>
        )}
        <a href={`/songs/${sheet.songId}/split-sheet.pdf`} className={buttonClass('primary')}>
          {t('certificate.actions.download')}
        </a>
        {/* The writers as a PRO registers them (issue 51.7): one row per writer. */}
        <a
          href={`/songs/${sheet.songId}/writers.csv`}
          className={buttonClass('secondary')}
          download
        >
          {t('certificate.splitSheet.csv')}
        </a>
        <ButtonLink to={`/certificate/${sheet.songId}`} variant="ghost">
          {t('certificate.splitSheet.back')}
        </ButtonLink>
      </div>
      <TimeZoneNote choice={zone} className="no-print mb-2" />
      <SplitSheet view={view} />
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  {
    title: data
      ? translatorOf(matches).t('certificate.splitSheet.title', {
          title: data.sheet.title,
          appName: data.appName,
        })
      : 'Split sheet not found',
  },
]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
