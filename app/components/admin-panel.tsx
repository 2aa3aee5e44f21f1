import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import {
  type AdminAnalytics,
  type AuditSummary,
  type AdminTab,
  type DailyFigures,
  formatDateTimeUtc,
  formatDollars,
  type LandingVideoInfo,
  type PendingVerification,
  type PeriodCounts,
  UNVERIFIED_LABEL,
  type VoidedPayment,
} from '~/lib/admin'
import type { Destination } from '~/services/registration/registration-target.server'
import { DailyActivityChart } from './daily-activity-chart'
import { ButtonLink, buttonClass } from './ui/button'
import { VerificationCodeForm } from './verification-code-form'
import { VideoManagement } from './video-upload'
import { StatusPage } from './status-page'

export type AdminPanelData =
  | {
      tab: 'email'
      supportEmail: string
      analytics: AdminAnalytics
      daily: DailyFigures[]
      pending: PendingVerification[]
      voidedPayments: VoidedPayment[]
    }
  | { tab: 'video'; video: LandingVideoInfo | null }
  | { tab: 'records'; audit: AuditSummary }

/** The administrator's home on `/`: two tabs, each a plain link so they work without JavaScript. */
export function AdminPanel({
  appName,
  panel,
  deployment,
}: {
  appName: string
  panel: AdminPanelData
  deployment?: Deployment
}) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold text-slate-900">{appName} Admin</h1>
          <AdministratorBadge />
        </div>
        <SignOutLink />
      </div>
      {deployment && <DeploymentLine deployment={deployment} />}
      <AdminTabs active={panel.tab} />
      <div className="mt-6">
        {panel.tab === 'email' ? (
          <EmailVerificationTab
            analytics={panel.analytics}
            daily={panel.daily}
            pending={panel.pending}
            supportEmail={panel.supportEmail}
            voidedPayments={panel.voidedPayments}
          />
        ) : panel.tab === 'video' ? (
          <VideoManagement video={panel.video} returnTo="/?tab=video" />
        ) : (
          <RecordAudit audit={panel.audit} />
        )}
      </div>
    </div>
  )
}

/** Where this server sends registrations: a test network or a stand-in is never a surprise. */
export type Deployment = Destination & { production: boolean }

function DeploymentLine({ deployment }: { deployment: Deployment }) {
  const warn = deployment.notes.length > 0
  return (
    <p
      data-testid="admin-deployment"
      className={`mt-4 rounded-lg border px-4 py-3 text-sm ${warn ? 'border-amber-300 bg-amber-50 text-amber-900' : 'border-slate-200 text-slate-700'}`}
    >
      {deployment.production ? 'Production' : 'This server (not production)'} registers on:{' '}
      <span className="font-semibold">{deployment.network}</span>. Storage:{' '}
      <span className="font-semibold">{deployment.storage}</span>.
      {warn ? ` ${deployment.notes.join(' ')}` : ''}
    </p>
  )
}

export function AdministratorBadge() {
  return (
    <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-amber-900">
      Administrator
    </span>
  )
}

/** Signing out is a navigation (SPEC §2, §7), so it is a plain link. */
export function SignOutLink() {
  return (
    <a href="/api/auth/logout" className={buttonClass('secondary')}>
      Sign Out
    </a>
  )
}

/** What /admin pages show to anyone but the administrator. */
export function AccessDenied() {
  return (
    <StatusPage title="Access Denied" actions={<ButtonLink to="/">Return to Home</ButtonLink>}>
      Admin access required
    </StatusPage>
  )
}

const TABS: { tab: AdminTab; label: string }[] = [
  { tab: 'email', label: 'Email Verification' },
  { tab: 'video', label: 'Video Management' },
  { tab: 'records', label: 'Record Audit' },
]

function AdminTabs({ active }: { active: AdminTab }) {
  return (
    <nav aria-label="Admin sections" className="mt-6 border-b border-slate-200">
      <ul className="-mb-px flex gap-2">
        {TABS.map(({ tab, label }) => {
          const current = tab === active
          return (
            <li key={tab}>
              <Link
                to={`/?tab=${tab}`}
                aria-current={current ? 'page' : undefined}
                preventScrollReset
                className={`inline-block border-b-2 px-4 py-2 text-sm font-semibold ${current ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'}`}
              >
                {label}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

function EmailVerificationTab({
  analytics,
  daily,
  pending,
  supportEmail,
  voidedPayments,
}: {
  analytics: AdminAnalytics
  daily: DailyFigures[]
  pending: PendingVerification[]
  supportEmail: string
  voidedPayments: VoidedPayment[]
}) {
  return (
    <div className="space-y-8">
      <AnalyticsOverview analytics={analytics} />
      <DailyActivityChart days={daily} />
      <div className="grid gap-6 lg:grid-cols-2">
        <TopPages pages={analytics.topPages} />
        <RecentActivity activity={analytics.recentActivity} />
      </div>
      <p className="text-xs text-slate-500">
        Entries marked <UnverifiedBadge /> were sent to the analytics endpoint by someone who was
        not signed in: their pages and names are whatever the sender typed.
      </p>
      <VoidedPayments payments={voidedPayments} />
      <div className="grid gap-6 lg:grid-cols-2">
        <VerificationCodeCard />
        <VerificationInstructions supportEmail={supportEmail} />
      </div>
      <PendingVerifications pending={pending} />
    </div>
  )
}

function AnalyticsOverview({ analytics }: { analytics: AdminAnalytics }) {
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

function TopPages({ pages }: { pages: AdminAnalytics['topPages'] }) {
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

function RecentActivity({ activity }: { activity: AdminAnalytics['recentActivity'] }) {
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
function UnverifiedBadge() {
  return (
    <span className="whitespace-nowrap rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">
      {UNVERIFIED_LABEL}
    </span>
  )
}

const VOID_LABEL = { refunded: 'Refunded', disputed: 'Disputed' } as const

/** Payments Stripe reported refunded or disputed: no longer credits; a registration they paid for stays. */
function VoidedPayments({ payments }: { payments: VoidedPayment[] }) {
  return (
    <section aria-labelledby="voided-payments-heading">
      <h2 id="voided-payments-heading" className="text-lg font-semibold text-slate-900">
        Refunded and Disputed Payments
      </h2>
      <p className="mt-1 text-xs text-slate-500">
        These payments no longer pay for a registration. A registration they already paid for stays
        on the blockchain: the record is permanent.
      </p>
      {payments.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No refunded or disputed payments.</p>
      ) : (
        <div className="mt-3 overflow-x-auto rounded-xl border border-slate-200">
          <table
            className="min-w-full divide-y divide-slate-200 text-sm"
            data-testid="voided-payments"
          >
            <thead className="bg-slate-50 text-left text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  Status
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Since
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Amount
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  User Email
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Bought For
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Registration Paid
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {payments.map((payment) => (
                <tr key={payment.id}>
                  <td className="px-4 py-2 font-semibold text-red-800">
                    {VOID_LABEL[payment.status]}
                  </td>
                  <td className="px-4 py-2 text-slate-600">
                    <time dateTime={payment.voidedAt}>{formatDateTimeUtc(payment.voidedAt)}</time>
                  </td>
                  <td className="px-4 py-2 text-slate-800">{formatDollars(payment.amount)}</td>
                  <td className="px-4 py-2 text-slate-800">{payment.email ?? 'Deleted account'}</td>
                  <td className="px-4 py-2 text-slate-800">
                    {payment.boughtFor ? (
                      <>
                        <bdi>{payment.boughtFor.title}</bdi> ({payment.boughtFor.certificateId})
                      </>
                    ) : (
                      'Deleted song'
                    )}
                  </td>
                  <td className="px-4 py-2 text-slate-800">
                    {payment.spentOn ? (
                      <>
                        {payment.spentOn.status === 'confirmed' ? 'Registered' : 'In progress'}:{' '}
                        <bdi>{payment.spentOn.title}</bdi> ({payment.spentOn.certificateId})
                      </>
                    ) : (
                      'None: the credit was unused'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

function VerificationCodeCard() {
  return (
    <section aria-labelledby="verify-heading" className="rounded-xl border border-slate-200 p-4">
      <h2 id="verify-heading" className="text-lg font-semibold text-slate-900">
        Verify User Email
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Enter the 6-digit code from the user&apos;s email.
      </p>
      <VerificationCodeForm
        id="admin-verification-code"
        redirectTo="/?tab=email"
        className="mt-4 space-y-3"
        inputClassName="max-w-xs"
      />
    </section>
  )
}

function VerificationInstructions({ supportEmail }: { supportEmail: string }) {
  return (
    <section
      aria-labelledby="instructions-heading"
      className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700"
    >
      <h2 id="instructions-heading" className="text-lg font-semibold text-slate-900">
        How email verification works
      </h2>
      <ol className="mt-3 list-decimal space-y-2 pl-5">
        <li>
          The user opens <code className="font-mono">/verify-email</code> and generates a 6-digit
          code.
        </li>
        <li>
          They email the code to{' '}
          <a href={`mailto:${supportEmail}`} className="font-medium text-brand-700 underline">
            {supportEmail}
          </a>{' '}
          with the subject &lsquo;Verify Account - Code: &hellip;&rsquo;.
        </li>
        <li>
          Match the sender&apos;s address to the account&apos;s email in the list of pending
          verifications before you verify.
        </li>
        <li>
          Enter the code above. Codes expire after 24 hours; users are usually confirmed within that
          time.
        </li>
      </ol>
    </section>
  )
}

function PendingVerifications({ pending }: { pending: PendingVerification[] }) {
  return (
    <section aria-labelledby="pending-heading">
      <h2 id="pending-heading" className="text-lg font-semibold text-slate-900">
        Pending Verifications
      </h2>
      {pending.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No pending verifications.</p>
      ) : (
        <div className="mt-3 overflow-x-auto rounded-xl border border-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  ID
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Code
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  User ID
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  User Email
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Expires
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {pending.map((row) => (
                <tr key={row.id}>
                  <td className="px-4 py-2 text-slate-600">{row.id}</td>
                  <td className="px-4 py-2 font-mono font-semibold text-slate-900">{row.token}</td>
                  <td className="px-4 py-2 font-mono text-xs text-slate-600">{row.userId}</td>
                  <td className="px-4 py-2 text-slate-800">{row.email}</td>
                  <td className="px-4 py-2 text-slate-600">
                    <time dateTime={row.expiresAt}>{formatDateTimeUtc(row.expiresAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

/**
 * The record audit (decision 060): when it last checked, how many registered certificates still
 * verify against the chain and permanent storage, and each one that does not, with the reason.
 */
function RecordAudit({ audit }: { audit: AuditSummary }) {
  return (
    <section aria-labelledby="record-audit-heading" data-testid="record-audit">
      <h2 id="record-audit-heading" className="text-lg font-semibold text-slate-900">
        Record Audit
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        Every hour each registered certificate is checked again against its chain transaction and
        its stored manifest, the same checks as its public verification page.
      </p>
      <dl className="mt-4 grid gap-4 sm:grid-cols-4">
        <AuditFigure
          label="Last check"
          value={audit.lastCheckedAt ? formatDateTimeUtc(audit.lastCheckedAt) : 'Not run yet'}
        />
        <AuditFigure label="Records that hold" value={String(audit.holding)} />
        <AuditFigure label="Records that do not" value={String(audit.failing)} />
        <AuditFigure label="Not checked yet" value={String(audit.unchecked)} />
      </dl>
      {audit.failures.length === 0 ? (
        <p className="mt-6 text-sm text-slate-700">
          {audit.lastCheckedAt
            ? 'Every checked record still verifies.'
            : 'No record has been checked yet.'}
        </p>
      ) : (
        <div className="mt-6 overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="text-left font-semibold text-red-800">
              Records that no longer verify
            </caption>
            <thead>
              <tr className="text-left text-slate-600">
                <th scope="col" className="py-2 pr-4">
                  Certificate
                </th>
                <th scope="col" className="py-2 pr-4">
                  Reason
                </th>
                <th scope="col" className="py-2">
                  Checked
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {audit.failures.map((failure) => (
                <tr key={failure.certificateId}>
                  <td className="py-2 pr-4 font-mono">
                    <Link to={`/verify/${failure.certificateId}`} className="underline">
                      {failure.certificateId}
                    </Link>
                  </td>
                  <td className="break-words py-2 pr-4">{failure.reason}</td>
                  <td className="whitespace-nowrap py-2">{formatDateTimeUtc(failure.checkedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

function AuditFigure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 px-4 py-3">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-slate-900">{value}</dd>
    </div>
  )
}
