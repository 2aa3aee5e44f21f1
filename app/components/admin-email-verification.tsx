import {
  type AdminAnalytics,
  type DailyFigures,
  formatDateTimeUtc,
  type PendingVerification,
  type VoidedPayment,
} from '~/lib/admin'
import {
  AnalyticsOverview,
  RecentActivity,
  TopPages,
  UnverifiedBadge,
} from './admin-site-analytics'
import { VoidedPayments } from './admin-voided-payments'
import { DailyActivityChart } from './daily-activity-chart'
import { VerificationCodeForm } from './verification-code-form'

/** The Email Verification tab: the site's figures and voided payments, then the codes to check. */
export function EmailVerificationTab({
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
