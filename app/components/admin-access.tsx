import { ButtonLink, buttonClass } from './ui/button'
import { StatusPage } from './status-page'

// What every admin page shares: who is signed in, the way out, and the answer to anyone else.

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
