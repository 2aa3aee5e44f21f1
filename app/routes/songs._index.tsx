import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AppLink } from '~/components/app-link'
import { EmptySongs, SongsTable } from '~/components/dashboard'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ButtonLink, buttonClass } from '~/components/ui/button'
import { pageMessages } from '~/i18n/catalogs.server'
import { requestLocale } from '~/i18n/locale.server'
import { translatorOf, useT } from '~/i18n/react'
import { PageSchema } from '~/lib/pagination'
import { requireUser } from '~/services/accounts/auth.server'
import { songRows } from '~/services/songs/dashboard.server'
import { SONGS_PAGE_SIZE } from '~/services/songs/songs.server'

// Anything but a plain page number (missing, 0, -1, 'abc', 1.5) is the first page.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const page = PageSchema.parse(new URL(request.url).searchParams.get('page'))
  const offset = (page - 1) * SONGS_PAGE_SIZE
  // One row more than a page tells whether there is a next page without counting them all.
  const songs = await songRows(user.id, { limit: SONGS_PAGE_SIZE + 1, offset })
  return json({
    page,
    offset,
    hasNext: songs.length > SONGS_PAGE_SIZE,
    songs: songs.slice(0, SONGS_PAGE_SIZE),
    // Its rows open the register dialog and its co-writers' warning: their words too.
    i18n: pageMessages(requestLocale(request, user), [
      'words',
      'dashboard',
      'registration',
      'cowriters',
    ]),
  })
}

export default function SongsPage() {
  const { page, offset, hasNext, songs } = useLoaderData<typeof loader>()
  const t = useT()
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {t('dashboard.songs.title')}
        </h1>
        <ButtonLink to="/submit">{t('dashboard.newSubmission')}</ButtonLink>
      </div>

      <section className="mt-6 rounded-xl border border-slate-200">
        {songs.length > 0 ? (
          <SongsTable songs={songs} caption={t('dashboard.songs.title')} from="songs" />
        ) : page === 1 ? (
          <EmptySongs />
        ) : (
          <div className="px-6 py-12 text-center">
            <p className="text-slate-600">{t('dashboard.songs.emptyPage')}</p>
            <ButtonLink to="/songs" variant="secondary" className="mt-4">
              {t('dashboard.songs.firstPage')}
            </ButtonLink>
          </div>
        )}
      </section>

      {songs.length > 0 && <ExportForm />}

      {songs.length > 0 && (
        <nav
          aria-label={t('dashboard.songs.pagination')}
          className="mt-4 flex flex-wrap items-center justify-between gap-4"
        >
          <p className="text-sm text-slate-600">
            {t('dashboard.songs.showing', { from: offset + 1, to: offset + songs.length })}
          </p>
          <div className="flex gap-2">
            {page > 1 && (
              <AppLink
                to={`/songs?page=${page - 1}`}
                rel="prev"
                className={buttonClass('secondary')}
              >
                {t('dashboard.songs.previous')}
              </AppLink>
            )}
            {hasNext && (
              <AppLink
                to={`/songs?page=${page + 1}`}
                rel="next"
                className={buttonClass('secondary')}
              >
                {t('dashboard.songs.next')}
              </AppLink>
            )}
          </div>
        </nav>
      )}

      <ButtonLink to="/" variant="ghost" className="mt-6">
        {t('dashboard.songs.backToDashboard')}
      </ButtonLink>
    </div>
  )
}

// A plain GET form to the download: the file arrives as an attachment with or without JavaScript.
function ExportForm() {
  const t = useT()
  return (
    <form
      method="get"
      action="/api/songs/export"
      className="mt-4 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 p-4"
    >
      {/* A language's longer option names (German's) wrap the box within a phone's width. */}
      <div className="min-w-0 max-w-full">
        <label htmlFor="export-format" className="block text-sm font-medium text-slate-700">
          {t('dashboard.export.label')}
        </label>
        <select
          id="export-format"
          name="format"
          defaultValue="csv"
          className="mt-1 max-w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
        >
          <option value="csv">{t('dashboard.export.csv')}</option>
          <option value="json">{t('dashboard.export.json')}</option>
        </select>
      </div>
      <button type="submit" className={buttonClass('secondary')}>
        {t('dashboard.export.download')}
      </button>
    </form>
  )
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => [
  { title: translatorOf(matches).t('dashboard.songs.meta.title') },
]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
