import { useT } from '~/i18n/react'
import { buttonClass } from './ui/button'

/** A plain link (a full navigation to Google), or an honest note when it is not configured. */
export function GoogleButton({
  configured,
  label,
  href = '/api/auth/google',
}: {
  configured: boolean
  label?: string
  href?: string
}) {
  const t = useT()
  label ??= t('auth.google.continue')
  if (!configured) {
    return (
      <div>
        <button type="button" disabled className={buttonClass('secondary', 'w-full')}>
          {label}
        </button>
        <p className="mt-1 text-center text-xs text-slate-500">{t('auth.google.notConfigured')}</p>
      </div>
    )
  }
  return (
    <a href={href} className={buttonClass('secondary', 'w-full')}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4">
        <path
          fill="#4285F4"
          d="M22.5 12.3c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2.1-1.9 3.3-4.7 3.3-8z"
        />
        <path
          fill="#34A853"
          d="M12 23c3 0 5.5-1 7.3-2.7l-3.5-2.7c-1 .7-2.3 1.1-3.8 1.1-2.9 0-5.4-2-6.3-4.6H2.1v2.8A11 11 0 0 0 12 23z"
        />
        <path fill="#FBBC05" d="M5.7 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8l3.6-2.8z" />
        <path
          fill="#EA4335"
          d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7.1l3.6 2.8C6.6 7.4 9.1 5.4 12 5.4z"
        />
      </svg>
      {label}
    </a>
  )
}

export function OrDivider() {
  const t = useT()
  return (
    <div className="my-6 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500">
      <span className="h-px flex-1 bg-slate-200" />
      {t('auth.or')}
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  )
}
