import { useLocation } from '@remix-run/react'
import { AppLink } from '~/components/app-link'
import { useT } from '~/i18n/react'
import { ButtonLink, buttonClass } from './ui/button'

export interface HeaderUser {
  displayName: string
  initial: string
  isAdmin: boolean
}

export function Brand({ appName }: { appName: string }) {
  return (
    <AppLink to="/" className="flex items-center gap-2 text-lg font-bold text-slate-900">
      <span
        aria-hidden="true"
        className="flex h-8 w-8 items-center justify-center rounded-md bg-brand-600 text-sm text-white"
      >
        PT
      </span>
      {/* On a phone the mark alone, so the header keeps one row whatever the name's length
          (issue 52: three rows at 360 px); the link is still named. */}
      <span className="max-sm:sr-only">{appName}</span>
    </AppLink>
  )
}

const navClass = (isActive: boolean) =>
  `hidden rounded-md px-3 py-2 text-sm font-medium sm:inline-flex ${isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100'}`

/** As Remix's NavLink: the place itself, or (unless `end`) a page under it. */
function isActivePlace(pathname: string, place: { to: string; end: boolean }) {
  const here = pathname.toLowerCase()
  return here === place.to || (!place.end && here.startsWith(`${place.to}/`))
}

/**
 * The app's places (SPEC §2's header). Wide, they sit in the header's row; on a phone they are the
 * first items of the account menu, so the header keeps one row (issue 52: three rows, 170 px, at
 * 360 px). The copy not shown is `display: none`, out of the page for every reader.
 */
const PLACES = [
  { to: '/', label: 'shell.nav.dashboard', end: true },
  { to: '/submit', label: 'shell.nav.newSubmission', end: false },
  { to: '/faq', label: 'shell.nav.help', end: false },
] as const

/** Signed out: Sign In and Get Started. Signed in: the app's navigation and Sign Out. */
export function SiteHeader({ appName, user }: { appName: string; user: HeaderUser | null }) {
  const t = useT()
  const { pathname } = useLocation()
  return (
    <header className="no-print border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-2 sm:py-3">
        <Brand appName={appName} />
        {user ? (
          <nav
            aria-label={t('shell.nav.main')}
            className="ml-auto flex min-w-0 flex-wrap items-center gap-1"
          >
            {PLACES.map((place) => {
              const active = isActivePlace(pathname, place)
              return (
                <AppLink
                  key={place.to}
                  to={place.to}
                  aria-current={active ? 'page' : undefined}
                  className={navClass(active)}
                >
                  {t(place.label)}
                </AppLink>
              )
            })}
            {user.isAdmin && (
              <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-amber-900 sm:ml-2">
                {t('shell.header.administrator')}
              </span>
            )}
            <AccountMenu user={user} />
            {/* A plain link: signing out is a navigation (SPEC §2), so it works without JavaScript. */}
            <a
              href="/api/auth/logout"
              className={buttonClass('ghost', 'ml-1 hidden sm:inline-flex')}
            >
              {t('shell.header.signOut')}
            </a>
          </nav>
        ) : (
          <nav
            aria-label={t('shell.nav.account')}
            className="ml-auto flex items-center gap-1 sm:gap-2"
          >
            <ButtonLink to="/login" variant="ghost">
              {t('shell.header.signIn')}
            </ButtonLink>
            <ButtonLink to="/register">{t('shell.header.getStarted')}</ButtonLink>
          </nav>
        )}
      </div>
    </header>
  )
}

const menuItemClass = 'block px-4 py-2 text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100'

/**
 * The avatar opens the account's menu (issue 25 item 10); on a phone it holds the app's places
 * too. <details> opens and closes without JavaScript; with it, the menu closes when the page
 * changes (a new key per location).
 */
function AccountMenu({ user }: { user: HeaderUser }) {
  const t = useT()
  const location = useLocation()
  return (
    <details key={location.key} className="relative min-w-0 sm:ml-2" data-testid="account-menu">
      <summary className="flex min-w-0 cursor-pointer list-none items-center gap-2 rounded-md px-2 py-1 text-sm text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
        <span
          aria-hidden="true"
          className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700"
        >
          {user.initial}
        </span>
        <bdi className="min-w-0 break-words">{user.displayName}</bdi>
        <span className="sr-only">{t('shell.menu.suffix')}</span>
        {/* Says there is more behind the name, most of all on a phone, where the places are. */}
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          fill="currentColor"
          className="h-4 w-4 shrink-0"
        >
          <path
            fillRule="evenodd"
            d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z"
            clipRule="evenodd"
          />
        </svg>
      </summary>
      {/* Under the avatar, which ends the header's row at every width. */}
      <ul className="absolute right-0 z-30 mt-2 w-48 rounded-md border border-slate-200 bg-white py-1 shadow-lg">
        {PLACES.map((place) => (
          <li key={place.to} className="sm:hidden">
            <AppLink to={place.to} className={menuItemClass}>
              {t(place.label)}
            </AppLink>
          </li>
        ))}
        <li>
          <AppLink to="/settings" className={menuItemClass}>
            {t('shell.menu.settings')}
          </AppLink>
        </li>
        <li>
          <AppLink to="/songs" className={menuItemClass}>
            {t('shell.menu.songs')}
          </AppLink>
        </li>
        <li>
          <a href="/api/auth/logout" className={menuItemClass}>
            {t('shell.menu.signOut')}
          </a>
        </li>
      </ul>
    </details>
  )
}
