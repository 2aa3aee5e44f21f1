import type { ReactNode } from 'react'
import { useT } from '~/i18n/react'
import { ButtonLink } from './ui/button'

/** A centred page that says what happened (not found, denied, locked) and where to go next. */
export function StatusPage({
  status,
  title,
  children,
  actions,
  role,
}: {
  /** A small line above the title, such as '404'. */
  status?: string
  title: string
  children: ReactNode
  actions?: ReactNode
  role?: 'alert'
}) {
  const t = useT()
  return (
    <section role={role} className="mx-auto max-w-xl px-4 py-24 text-center">
      {status && <p className="text-sm font-semibold text-brand-600">{status}</p>}
      <h1 className={`${status ? 'mt-2' : ''} text-3xl font-bold text-slate-900`}>{title}</h1>
      <p className="mt-4 text-slate-600">{children}</p>
      <div className="mt-8 flex justify-center gap-3">
        {actions ?? <ButtonLink to="/">{t('shell.status.backHome')}</ButtonLink>}
      </div>
    </section>
  )
}
