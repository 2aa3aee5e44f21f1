import { formatNumber, intlLocale } from '~/i18n/format'
import { useLocale, useT } from '~/i18n/react'
import { TAP_TARGET_SUMMARY } from './ui/button'
import { dateTimeFormat, keptBy } from '~/lib/intl'

// Charts are drawn on the server as plain SVG, so they show without JavaScript; each has a
// title and a description for screen readers and its numbers in a table beneath. The admin's
// chart lives in daily-activity-chart.tsx, so the dashboard's bundle does not carry it.

/** Whole numbers with thousands separators, the same on the server and in the browser. */
export const count = new Intl.NumberFormat('en-US')

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** '2026-11-03' → 'Nov 3'. Built by hand so the server and the browser print the same text. */
export function shortDay(day: string) {
  const [, month, date] = day.split('-').map(Number)
  return `${MONTHS[month! - 1]} ${date}`
}

/**
 * '2026-11' → 'Nov 2026' in the page's language ('nov. 2026', '2026年11月'), or its month alone.
 * Intl's names, read as UTC, are the same on the server and in the browser: both have full ICU.
 */
function monthIn(locale: string, month: string, withYear = true) {
  return monthLabels(`${locale} ${month} ${withYear ? 'year' : ''}`)
}
const monthLabels = keptBy((key) => {
  const [locale, month, withYear] = key.split(' ')
  const [year, number] = month!.split('-').map(Number)
  return dateTimeFormat(intlLocale(locale!), {
    month: 'short',
    year: withYear ? 'numeric' : undefined,
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year!, number! - 1, 1)))
})

/** The user's certificates per month: a small bar per month, its count above it. */
export function CertificateTimeline({ months }: { months: { month: string; count: number }[] }) {
  const t = useT()
  const locale = useLocale()
  const id = 'certificate-timeline'
  const first = months[0]
  const last = months.at(-1)
  if (!first || !last) return null
  const total = months.reduce((sum, month) => sum + month.count, 0)
  const max = Math.max(1, ...months.map((month) => month.count))
  const width = 480
  const plotTop = 18
  const plotHeight = 72
  const slot = width / months.length
  const height = plotTop + plotHeight + 20
  const list = months
    .filter((month) => month.count > 0)
    .map((month) =>
      t('dashboard.timeline.monthCount', {
        month: monthIn(locale, month.month),
        count: formatNumber(locale, month.count),
      }),
    )
  const described = {
    total,
    months: months.length,
    // Separated as the language separates a list's items ('、' in Japanese); Intl's lists say
    // "and" before the last, which a list of figures does not.
    list: list.join(t('dashboard.timeline.separator')),
  }
  return (
    <figure
      aria-labelledby={`${id}-caption`}
      className="mt-6 rounded-xl border border-slate-200 p-4 sm:p-6"
    >
      <figcaption id={`${id}-caption`} className="text-lg font-semibold text-slate-900">
        {t('dashboard.timeline.caption')}
      </figcaption>
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${width} ${height}`}
        className="mt-3 h-auto w-full max-w-xl"
        data-testid="certificate-timeline"
      >
        <title id={`${id}-title`}>
          {t('dashboard.timeline.title', {
            from: monthIn(locale, first.month),
            to: monthIn(locale, last.month),
          })}
        </title>
        <desc id={`${id}-desc`}>
          {total > 0
            ? t('dashboard.timeline.desc', described)
            : t('dashboard.timeline.descNone', described)}
        </desc>
        <line
          x1={0}
          x2={width}
          y1={plotTop + plotHeight}
          y2={plotTop + plotHeight}
          className="stroke-slate-300"
        />
        {months.map((month, index) => {
          const barHeight = (month.count / max) * plotHeight
          const x = index * slot
          return (
            <g key={month.month} data-month={month.month}>
              <rect
                x={x + slot * 0.2}
                y={plotTop + plotHeight - barHeight}
                width={slot * 0.6}
                height={barHeight}
                className="fill-brand-600"
              />
              {month.count > 0 && (
                <text
                  x={x + slot / 2}
                  y={plotTop + plotHeight - barHeight - 4}
                  textAnchor="middle"
                  className="fill-slate-800 text-[12px]"
                >
                  {month.count}
                </text>
              )}
              <text
                x={x + slot / 2}
                y={height - 4}
                textAnchor="middle"
                className="fill-slate-600 text-[11px]"
              >
                {monthIn(locale, month.month, false)}
              </text>
            </g>
          )
        })}
      </svg>
      <details className="mt-2 text-sm">
        <summary className={`${TAP_TARGET_SUMMARY} cursor-pointer text-brand-700 underline`}>
          {t('dashboard.timeline.showNumbers')}
        </summary>
        <table className="mt-2 text-left text-sm">
          <caption className="sr-only">{t('dashboard.timeline.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-6">
                {t('dashboard.timeline.month')}
              </th>
              <th scope="col" className="py-1 text-right">
                {t('dashboard.timeline.certificates')}
              </th>
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.month} className="border-t border-slate-100">
                <th scope="row" className="py-1 pr-6 font-normal">
                  {monthIn(locale, month.month)}
                </th>
                <td className="py-1 text-right">{formatNumber(locale, month.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}
