/**
 * The dashboard's loading state lives apart from the dashboard: the root layout shows it during
 * a client navigation to `/`, so whatever it imports ships on every page. Importing it from
 * dashboard.tsx put the whole dashboard (charts, registration card, network labels) into the
 * root route's bundle, about 10 KB gzip (issue 16's JavaScript budget).
 */

import { useTextOr } from '~/i18n/form-errors'
import { type MessageId, useT } from '~/i18n/react'

/** The songs table's columns: their ids in the dashboard area, and their English. */
export const COLUMN_IDS = [
  'dashboard.column.title',
  'dashboard.column.created',
  'dashboard.column.certified',
  'dashboard.column.registered',
  'dashboard.column.certificate',
  'dashboard.column.actions',
  'dashboard.column.status',
] as const satisfies readonly MessageId[]
export const COLUMNS = [
  'Song Title',
  'Created Date',
  'Certified Date',
  'Blockchain Date',
  'Certificate',
  'Actions',
  'Blockchain Status',
] as const

/**
 * The skeleton is drawn while a client navigation to `/` loads, over the page being left, whose
 * data may not hold the dashboard's words: then it shows their English, marked so, rather than
 * ids (decision 120's useTextOr).
 */
function useDashboardText() {
  const t = useT()
  const textOr = useTextOr()
  return {
    text: textOr,
    lang: t('dashboard.loading') === 'dashboard.loading' ? 'en' : undefined,
  }
}

/** The songs table's column headings, shared by the table and its loading placeholder. */
export function SongsTableHead() {
  const { text } = useDashboardText()
  return (
    <thead className="hidden bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600 md:table-header-group">
      <tr>
        {COLUMNS.map((column, index) => (
          <th key={column} scope="col" className="px-4 py-3">
            {text(COLUMN_IDS[index]!, column)}
          </th>
        ))}
      </tr>
    </thead>
  )
}

function Shimmer({ className }: { className: string }) {
  return (
    <span
      aria-hidden="true"
      className={`block rounded bg-slate-200 motion-safe:animate-pulse ${className}`}
    />
  )
}

/**
 * SPEC §2: the dashboard while it loads — the two stat cards with skeletons, and three skeleton
 * rows under the table's headings. Shown during a client navigation to `/` (NavigationPending).
 */
export function DashboardSkeleton({ appName }: { appName: string }) {
  const { text, lang } = useDashboardText()
  return (
    <div
      className="mx-auto max-w-6xl px-4 py-8"
      aria-busy="true"
      data-testid="dashboard-loading"
      lang={lang}
    >
      <p role="status" className="sr-only">
        {text('dashboard.loading', 'Loading dashboard...')}
      </p>
      <div className="rounded-xl bg-slate-100 p-6 sm:p-8">
        <Shimmer className="h-8 w-64" />
        <Shimmer className="mt-3 h-4 w-96 max-w-full" />
      </div>
      <section
        aria-label={text('dashboard.stats.label', 'Statistics')}
        className="mt-6 grid gap-4 sm:grid-cols-2"
      >
        {[
          text('dashboard.stats.certified', `${appName} Certified`, { appName }),
          text('dashboard.stats.registered', 'Blockchain Registered'),
        ].map((label) => (
          <div key={label} className="rounded-xl border border-slate-200 p-6">
            <p className="text-sm font-medium text-slate-600">{label}</p>
            <Shimmer className="mt-3 h-8 w-16" />
          </div>
        ))}
      </section>
      <section className="mt-8 rounded-xl border border-slate-200">
        <h2 className="border-b border-slate-200 px-6 py-4 text-lg font-semibold text-slate-900">
          {text('dashboard.recent.title', 'Recent Submissions')}
        </h2>
        <div className="md:overflow-x-auto">
          <table className="block w-full text-left text-sm md:table md:min-w-[56rem]">
            <caption className="sr-only">
              {text('dashboard.loadingCaption', 'Recent Submissions (loading)')}
            </caption>
            <SongsTableHead />
            <tbody className="block md:table-row-group">
              {[0, 1, 2].map((row) => (
                <tr
                  key={row}
                  className="block border-t border-slate-100 py-2 md:table-row md:py-0"
                  data-testid="skeleton-row"
                >
                  {COLUMNS.map((column) => (
                    <td key={column} className="block px-4 py-1 md:table-cell md:py-4">
                      <Shimmer className="h-4 w-24" />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  )
}
