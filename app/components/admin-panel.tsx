import { AppLink } from '~/components/app-link'
import type {
  AdminAnalytics,
  AuditSummary,
  AdminTab,
  DailyFigures,
  LandingVideoInfo,
  PendingVerification,
  VoidedPayment,
} from '~/lib/admin'
import type { Destination } from '~/services/registration/registration-target.server'
import { AdministratorBadge, SignOutLink } from './admin-access'
import { EmailVerificationTab } from './admin-email-verification'
import { RecordAudit } from './admin-record-audit'
import { VideoManagement } from './video-upload'

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

/** The administrator's home on `/`: three tabs, each a plain link so they work without JavaScript. */
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

const TABS: { tab: AdminTab; label: string }[] = [
  { tab: 'email', label: 'Email Verification' },
  { tab: 'video', label: 'Video Management' },
  { tab: 'records', label: 'Record Audit' },
]

function AdminTabs({ active }: { active: AdminTab }) {
  return (
    <nav aria-label="Admin sections" className="mt-6 border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-x-2">
        {TABS.map(({ tab, label }) => {
          const current = tab === active
          return (
            <li key={tab}>
              <AppLink
                to={`/?tab=${tab}`}
                aria-current={current ? 'page' : undefined}
                preventScrollReset
                className={`inline-block border-b-2 px-3 py-2 text-sm font-semibold sm:px-4 ${current ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'}`}
              >
                {label}
              </AppLink>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
