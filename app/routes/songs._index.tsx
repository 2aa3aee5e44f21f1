import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { EmptySongs, SongsTable } from '~/components/dashboard'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ButtonLink, buttonClass } from '~/components/ui/button'
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
  })
}

export default function SongsPage() {
  const { page, offset, hasNext, songs } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">All Submissions</h1>
        <ButtonLink to="/submit">New Submission</ButtonLink>
      </div>

      <section className="mt-6 rounded-xl border border-slate-200">
        {songs.length > 0 ? (
          <SongsTable songs={songs} caption="All Submissions" from="songs" />
        ) : page === 1 ? (
          <EmptySongs />
        ) : (
          <div className="px-6 py-12 text-center">
            <p className="text-slate-600">There are no submissions on this page.</p>
            <ButtonLink to="/songs" variant="secondary" className="mt-4">
              Back to the first page
            </ButtonLink>
          </div>
        )}
      </section>

      {songs.length > 0 && <ExportForm />}

      {songs.length > 0 && (
        <nav
          aria-label="Pagination"
          className="mt-4 flex flex-wrap items-center justify-between gap-4"
        >
          <p className="text-sm text-slate-600">
            Showing {offset + 1}–{offset + songs.length}
          </p>
          <div className="flex gap-2">
            {page > 1 && (
              <Link to={`/songs?page=${page - 1}`} rel="prev" className={buttonClass('secondary')}>
                Previous
              </Link>
            )}
            {hasNext && (
              <Link to={`/songs?page=${page + 1}`} rel="next" className={buttonClass('secondary')}>
                Next
              </Link>
            )}
          </div>
        </nav>
      )}

      <ButtonLink to="/" variant="ghost" className="mt-6">
        Back to Dashboard
      </ButtonLink>
    </div>
  )
}

// A plain GET form to the download: the file arrives as an attachment with or without JavaScript.
function ExportForm() {
  return (
    <form
      method="get"
      action="/api/songs/export"
      className="mt-4 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 p-4"
    >
      <div>
        <label htmlFor="export-format" className="block text-sm font-medium text-slate-700">
          Export your catalogue
        </label>
        <select
          id="export-format"
          name="format"
          defaultValue="csv"
          className="mt-1 rounded-md border border-slate-300 px-3 py-2 text-sm"
        >
          <option value="csv">CSV (spreadsheet)</option>
          <option value="json">JSON (with registration details)</option>
        </select>
      </div>
      <button type="submit" className={buttonClass('secondary')}>
        Download
      </button>
    </form>
  )
}

export const meta: MetaFunction<typeof loader> = () => [{ title: 'All Submissions' }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
