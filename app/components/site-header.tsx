import { Link, NavLink, useLocation } from '@remix-run/react'
import { ButtonLink, buttonClass } from './ui/button'

export interface HeaderUser {
  displayName: string
  initial: string
  isAdmin: boolean
}

export function Brand({ appName }: { appName: string }) {
  return (
    <Link to="/" className="flex items-center gap-2 text-lg font-bold text-slate-900">
      <span
        aria-hidden="true"
        className="flex h-8 w-8 items-center justify-center rounded-md bg-brand-600 text-sm text-white"
      >
        PT
      </span>
      {appName}
    </Link>
  )
}

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100'}`

/** Signed out: Sign In and Get Started. Signed in: the app's navigation and Sign Out. */
export function SiteHeader({ appName, user }: { appName: string; user: HeaderUser | null }) {
  return (
    <header className="no-print border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        <Brand appName={appName} />
        {user ? (
          <nav aria-label="Main" className="flex flex-wrap items-center gap-1">
            <NavLink to="/" end className={navClass}>
              Dashboard
            </NavLink>
            <NavLink to="/submit" className={navClass}>
              New Submission
            </NavLink>
            <NavLink to="/faq" className={navClass}>
              Help / FAQ
            </NavLink>
            {user.isAdmin && (
              <span className="ml-2 rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-amber-900">
                Administrator
              </span>
            )}
            <AccountMenu user={user} />
            {/* A plain link: signing out is a navigation (SPEC §2), so it works without JavaScript. */}
            <a href="/api/auth/logout" className={buttonClass('ghost', 'ml-1')}>
              Sign Out
            </a>
          </nav>
        ) : (
          <nav aria-label="Account" className="flex items-center gap-2">
            <ButtonLink to="/login" variant="ghost">
              Sign In
            </ButtonLink>
            <ButtonLink to="/register">Get Started</ButtonLink>
          </nav>
        )}
      </div>
    </header>
  )
}

const menuItemClass = 'block px-4 py-2 text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100'

/**
 * The avatar opens the account's menu (issue 25 item 10). <details> opens and closes without
 * JavaScript; with it, the menu closes when the page changes (a new key per location).
 */
function AccountMenu({ user }: { user: HeaderUser }) {
  const location = useLocation()
  return (
    <details key={location.key} className="relative ml-2" data-testid="account-menu">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md px-2 py-1 text-sm text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
        <span
          aria-hidden="true"
          className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700"
        >
          {user.initial}
        </span>
        <bdi>{user.displayName}</bdi>
        <span className="sr-only">: account menu</span>
      </summary>
      {/* On a phone the header wraps and the avatar starts its line: the menu opens to the right
          there, and to the left under a desktop's right-hand avatar (the 390 px test, issue 25.6). */}
      <ul className="absolute left-0 z-30 mt-2 w-44 rounded-md border border-slate-200 bg-white py-1 shadow-lg sm:left-auto sm:right-0">
        <li>
          <Link to="/settings" className={menuItemClass}>
            Settings
          </Link>
        </li>
        <li>
          <Link to="/songs" className={menuItemClass}>
            My songs
          </Link>
        </li>
        <li>
          <a href="/api/auth/logout" className={menuItemClass}>
            Sign out
          </a>
        </li>
      </ul>
    </details>
  )
}
