import { AppLink } from '~/components/app-link'
import type { ReactNode } from 'react'
import { useT } from '~/i18n/react'
import { TAP_TARGET } from './ui/button'

/** One settings page: its heading, a way back to the settings list, and its sections. */
export function SettingsShell({
  title,
  intro,
  children,
}: {
  title: string
  intro?: ReactNode
  children: ReactNode
}) {
  const t = useT()
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <p className="text-sm">
        <AppLink
          to="/settings"
          className={`${TAP_TARGET} font-medium text-brand-700 hover:underline`}
        >
          {/* The account menu's own word: the shell's messages come with every page. */}
          {`← ${t('shell.menu.settings')}`}
        </AppLink>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">{title}</h1>
      {intro && <p className="mt-2 text-sm text-slate-600">{intro}</p>}
      <div className="mt-6 space-y-6">{children}</div>
    </div>
  )
}

export function SettingsSection({
  id,
  title,
  children,
}: {
  id: string
  title: string
  children: ReactNode
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl border p-5">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  )
}
