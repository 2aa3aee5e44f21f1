import { ButtonLink } from './ui/button'

export interface DashboardProps {
  name: string
  appName: string
  stats: { totalSongs: number; blockchainCertified: number }
  emailVerified: boolean
}

export function Dashboard({ name, appName, stats, emailVerified }: DashboardProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <section className="rounded-xl bg-gradient-to-r from-brand-600 to-brand-700 p-6 text-white sm:p-8">
        <h1 className="text-2xl font-bold sm:text-3xl">Welcome back, {name}</h1>
        <p className="mt-2 text-brand-100">Track and certify your creative contributions with confidence</p>
        <ButtonLink to="/submit" variant="inverse" className="mt-6">New Submission</ButtonLink>
      </section>

      {!emailVerified && (
        <p className="mt-6 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          Verify your email to register songs on the blockchain for free. <a href="/verify-email" className="font-semibold underline">Verify your email</a>
        </p>
      )}

      <section aria-label="Statistics" className="mt-6 grid gap-4 sm:grid-cols-2">
        <StatCard label={`${appName} Certified`} value={stats.totalSongs} />
        <StatCard label="Blockchain Registered" value={stats.blockchainCertified} />
      </section>

      <section className="mt-8 rounded-xl border border-slate-200">
        <h2 className="border-b border-slate-200 px-6 py-4 text-lg font-semibold text-slate-900">Recent Submissions</h2>
        {stats.totalSongs === 0 ? (
          <div className="px-6 py-12 text-center">
            <p className="text-slate-600">No songs submitted yet</p>
            <ButtonLink to="/submit" className="mt-4">Create Your First Submission</ButtonLink>
          </div>
        ) : (
          <p className="px-6 py-8 text-slate-600">You have {stats.totalSongs} certified song{stats.totalSongs === 1 ? '' : 's'}.</p>
        )}
      </section>
    </div>
  )
}

function StatCard({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl border border-slate-200 p-6">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-2 text-3xl font-bold text-slate-900" data-testid={`stat-${label}`}>{value}</p>
    </div>
  )
}
