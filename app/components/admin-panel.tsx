import { ButtonLink } from './ui/button'

/** The administrator's home. Its tabs (analytics, pending verifications, video) come with the admin console. */
export function AdminPanel({ appName }: { appName: string }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{appName} Admin</h1>
        <AdministratorBadge />
      </div>
      <section className="mt-6 rounded-xl border border-slate-200 p-6">
        <h2 className="text-lg font-semibold text-slate-900">Email Verification</h2>
        <p className="mt-2 text-slate-600">Users email a 6-digit code to the support address from the address of their account. Match the sender, then enter the code.</p>
        <ButtonLink to="/admin/verify" className="mt-4">Verify User Email</ButtonLink>
      </section>
    </div>
  )
}

export function AdministratorBadge() {
  return <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-amber-900">Administrator</span>
}
