import { type DailyFigures, formatDollars } from '~/lib/admin'

// Charts are drawn on the server as plain SVG, so they show without JavaScript; each has a
// title and a description for screen readers and its numbers in a table beneath.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const count = new Intl.NumberFormat('en-US')

/** '2026-11-03' → 'Nov 3'. Built by hand so the server and the browser print the same text. */
export function shortDay(day: string) {
  const [, month, date] = day.split('-').map(Number)
  return `${MONTHS[month! - 1]} ${date}`
}

/** '2026-11' → 'Nov 2026'. */
export function monthLabel(month: string) {
  const [year, number] = month.split('-').map(Number)
  return `${MONTHS[number! - 1]} ${year}`
}

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
        <summary className="cursor-pointer text-brand-700 underline">
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

/** The user's certificates per month: a small bar per month, its count above it. */
export function CertificateTimeline({ months }: { months: { month: string; count: number }[] }) {
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
  const range = `${monthLabel(first.month)} to ${monthLabel(last.month)}`
  return (
    <figure
      aria-labelledby={`${id}-caption`}
      className="mt-6 rounded-xl border border-slate-200 p-4 sm:p-6"
    >
      <figcaption id={`${id}-caption`} className="text-lg font-semibold text-slate-900">
        Your certificates by month
      </figcaption>
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${width} ${height}`}
        className="mt-3 h-auto w-full max-w-xl"
        data-testid="certificate-timeline"
      >
        <title id={`${id}-title`}>Certificates created per month, {range}</title>
        <desc id={`${id}-desc`}>
          {`${count.format(total)} ${total === 1 ? 'certificate' : 'certificates'} in the last ${months.length} months (UTC months)`}
          {total > 0
            ? `: ${months
                .filter((month) => month.count > 0)
                .map((month) => `${monthLabel(month.month)}: ${month.count}`)
                .join(', ')}.`
            : '.'}
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
                {monthLabel(month.month).slice(0, 3)}
              </text>
            </g>
          )
        })}
      </svg>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-brand-700 underline">Show the numbers</summary>
        <table className="mt-2 text-left text-sm">
          <caption className="sr-only">Certificates created per UTC month</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-6">
                Month
              </th>
              <th scope="col" className="py-1 text-right">
                Certificates
              </th>
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.month} className="border-t border-slate-100">
                <th scope="row" className="py-1 pr-6 font-normal">
                  {monthLabel(month.month)}
                </th>
                <td className="py-1 text-right">{month.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}
