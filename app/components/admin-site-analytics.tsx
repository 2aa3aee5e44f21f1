import type { ReactNode } from 'react'
import {
  type AdminAnalytics,
  formatDateTimeUtc,
  formatDollars,
  type PeriodCounts,
  UNVERIFIED_LABEL,
} from '~/lib/admin'

export function AnalyticsOverview({ analytics }: { analytics: AdminAnalytics }) {
  const { stripeRevenue: revenue } = analytics
  return (
    <section aria-labelledby="analytics-heading">
      <h2 id="analytics-heading" className="text-lg font-semibold text-slate-900">
        Site Analytics
      </h2>
      <p className="mt-1 text-xs text-slate-500">
        Today, this week and this month are UTC calendar periods; weeks start on Monday.
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <CountCard id="websiteVisits" title="Website Visits" counts={analytics.websiteVisits} />
        <CountCard id="userSignups" title="User Signups" counts={analytics.userSignups} />
        <CountCard
          id="certificatesGenerated"
          title="Certificates Generated"
          counts={analytics.certificatesGenerated}
        />
        <CountCard
          id="blockchainRegistrations"
          title="Blockchain Registrations"
          counts={analytics.blockchainRegistrations}
        />
        <Card id="stripeRevenue" title="Stripe Revenue" total={formatDollars(revenue.total)}>
          <Figure label="Today" value={formatDollars(revenue.today)} />
          <Figure label="This week" value={formatDollars(revenue.thisWeek)} />
          <Figure label="This month" value={formatDollars(revenue.thisMonth)} />
        </Card>
      </div>
    </section>
  )
}

const count = new Intl.NumberFormat('en-US')

function CountCard({ id, title, counts }: { id: string; title: string; counts: PeriodCounts }) {
  return (
    <Card id={id} title={title} total={count.format(counts.total)}>
      <Figure label="Today" value={count.format(counts.today)} />
      <Figure label="This month" value={count.format(counts.thisMonth)} />
    </Card>
  )
}

function Card({
  id,
  title,
  total,
  children,
}: {
  id: string
  title: string
  total: string
  children: ReactNode
}) {
  return (
    <article
      aria-labelledby={`${id}-title`}
      data-testid={`card-${id}`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h3 id={`${id}-title`} className="text-sm font-medium text-slate-600">
        {title}
      </h3>
      <p className="mt-2 text-2xl font-bold text-slate-900" data-testid={`${id}-total`}>
        {total}
      </p>
      <dl className="mt-3 space-y-1 text-sm">{children}</dl>
    </article>
  )
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-2">
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900">{value}</dd>
    </div>
  )
}

export function TopPages({ pages }: { pages: AdminAnalytics['topPages'] }) {
  return (
    <section aria-labelledby="top-pages-heading" className="rounded-xl border border-slate-200 p-4">
      <h2 id="top-pages-heading" className="text-lg font-semibold text-slate-900">
        Top Pages
      </h2>
      {pages.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No page views yet.</p>
      ) : (
        <ol className="mt-3 divide-y divide-slate-100" data-testid="top-pages">
          {pages.map((page) => (
            <li key={page.path} className="py-2 text-sm">
              <div className="flex justify-between gap-4">
                <span className="truncate font-mono text-slate-800">{page.path}</span>
                <span className="shrink-0 text-slate-600">
                  {count.format(page.views)} {page.views === 1 ? 'view' : 'views'}
                </span>
              </div>
              {page.unverifiedViews > 0 && (
                <p className="mt-1 text-xs text-slate-600">
                  <UnverifiedBadge />{' '}
                  {page.unverifiedViews === page.views
                    ? 'every view'
                    : `${count.format(page.unverifiedViews)} of ${count.format(page.views)} views`}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

export function RecentActivity({ activity }: { activity: AdminAnalytics['recentActivity'] }) {
  return (
    <section
      aria-labelledby="recent-activity-heading"
      className="rounded-xl border border-slate-200 p-4"
    >
      <h2 id="recent-activity-heading" className="text-lg font-semibold text-slate-900">
        Recent Activity
      </h2>
      {activity.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No activity yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" data-testid="recent-activity">
          {activity.map((item, index) => (
            <li
              key={`${item.timestamp}-${index}`}
              className="flex flex-wrap justify-between gap-x-4 py-2 text-sm"
            >
              <span className="break-all text-slate-800">
                {item.description}
                {item.unverified && (
                  <>
                    {' '}
                    <UnverifiedBadge />
                  </>
                )}
              </span>
              <time dateTime={item.timestamp} className="text-slate-500">
                {formatDateTimeUtc(item.timestamp)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** Text only: what it marks came from an anonymous visitor and is rendered as text, never HTML. */
export function UnverifiedBadge() {
  return (
    <span className="whitespace-nowrap rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">
      {UNVERIFIED_LABEL}
    </span>
  )
}
