import { type DailyFigures, formatDollars } from '~/lib/admin'
import { count, shortDay } from './charts'
import { TAP_TARGET_SUMMARY } from './ui/button'

// Drawn on the server as plain SVG, like the charts in charts.tsx; only the admin panel shows it.

const SERIES = [
  { key: 'visits', label: 'Visits', format: (n: number) => count.format(n) },
  { key: 'signups', label: 'Sign-ups', format: (n: number) => count.format(n) },
  { key: 'certificates', label: 'Certificates', format: (n: number) => count.format(n) },
  { key: 'registrations', label: 'Registrations', format: (n: number) => count.format(n) },
  { key: 'revenue', label: 'Revenue', format: formatDollars },
] as const

/**
 * The admin's last 30 days: one row of daily bars per figure (each scaled to its own busiest
 * day, since visits and dollars share no scale), with the 30-day total beside it.
 */
export function DailyActivityChart({ days }: { days: DailyFigures[] }) {
  const id = 'daily-activity'
  const first = days[0]
  const last = days.at(-1)
  if (!first || !last) return null
  const range = `${shortDay(first.day)} to ${shortDay(last.day)}`
  const totals = SERIES.map((series) => ({
    ...series,
    total: days.reduce((sum, day) => sum + day[series.key], 0),
    max: Math.max(...days.map((day) => day[series.key])),
  }))
  const labelWidth = 170
  const width = 720
  const rowHeight = 44
  const gap = 18
  const plotWidth = width - labelWidth
  const slot = plotWidth / days.length
  const height = totals.length * (rowHeight + gap) + 16
  return (
    <figure aria-labelledby={`${id}-caption`} className="rounded-xl border border-slate-200 p-4">
      <figcaption id={`${id}-caption`} className="text-lg font-semibold text-slate-900">
        Last {days.length} days
      </figcaption>
      <p className="mt-1 text-xs text-slate-500">UTC days, {range}.</p>
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${width} ${height}`}
        className="mt-3 h-auto w-full"
        data-testid="daily-activity-chart"
      >
        <title id={`${id}-title`}>
          Visits, sign-ups, certificates, registrations and revenue per day, {range}
        </title>
        <desc id={`${id}-desc`}>
          {`Totals over the ${days.length} days: `}
          {totals
            .map((series) => `${series.format(series.total)} ${series.label.toLowerCase()}`)
            .join(', ')}
          . Each figure is scaled to its own busiest day; the table below lists every day.
        </desc>
        {totals.map((series, row) => {
          const top = row * (rowHeight + gap)
          return (
            <g key={series.key} data-series={series.key}>
              <text x={0} y={top + 18} className="fill-slate-800 text-[13px] font-semibold">
                {series.label}
              </text>
              <text x={0} y={top + 36} className="fill-slate-600 text-[12px]">
                {series.format(series.total)} in {days.length} days
              </text>
              <line
                x1={labelWidth}
                x2={width}
                y1={top + rowHeight}
                y2={top + rowHeight}
                className="stroke-slate-300"
              />
              {days.map((day, index) => {
                const value = day[series.key]
                const barHeight = series.max > 0 ? (value / series.max) * rowHeight : 0
                return (
                  <rect
                    key={day.day}
                    x={labelWidth + index * slot + 1}
                    y={top + rowHeight - barHeight}
                    width={Math.max(slot - 2, 1)}
                    height={barHeight}
                    className="fill-brand-600"
                  />
                )
              })}
            </g>
          )
        })}
        <text x={labelWidth} y={height - 2} className="fill-slate-600 text-[12px]">
          {shortDay(first.day)}
        </text>
        <text x={width} y={height - 2} textAnchor="end" className="fill-slate-600 text-[12px]">
          {shortDay(last.day)}
        </text>
      </svg>
      <details className="mt-3 text-sm">
        <summary className={`${TAP_TARGET_SUMMARY} cursor-pointer text-brand-700 underline`}>
          Show the numbers for each day
        </summary>
        <div
          className="mt-2 max-h-96 overflow-auto"
          role="region"
          aria-label="Daily numbers"
          tabIndex={0}
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">
              Visits, sign-ups, certificates, registrations and revenue per UTC day
            </caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-3">
                  Day
                </th>
                {SERIES.map((series) => (
                  <th key={series.key} scope="col" className="py-1 pr-3 text-right">
                    {series.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.day} className="border-t border-slate-100">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {shortDay(day.day)}
                  </th>
                  {SERIES.map((series) => (
                    <td key={series.key} className="py-1 pr-3 text-right">
                      {series.format(day[series.key])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  )
}
