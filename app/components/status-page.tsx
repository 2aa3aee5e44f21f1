import type { ReactNode } from 'react'
import { ButtonLink } from './ui/button'

/** A centred page that says what happened (not found, denied, locked) and where to go next. */
export function StatusPage({
  status,
  title,
  children,
  actions = <ButtonLink to="/">Back to Home</ButtonLink>,
  role,
}: {
  /** A small line above the title, such as '404'. */
  status?: string
  title: string
  children: ReactNode
  actions?: ReactNode
  role?: 'alert'
}) {
  return (
    <section role={role} className="mx-auto max-w-xl px-4 py-24 text-center">
      {status && <p className="text-sm font-semibold text-brand-600">{status}</p>}
      <h1 className={`${status ? 'mt-2' : ''} text-3xl font-bold text-slate-900`}>{title}</h1>
      <p className="mt-4 text-slate-600">{children}</p>
      <div className="mt-8 flex justify-center gap-3">{actions}</div>
    </section>
  )
}
