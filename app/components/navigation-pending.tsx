import { matchPath, Outlet, useLocation, useNavigation } from '@remix-run/react'
import { useT } from '~/i18n/react'
import { DashboardSkeleton } from './dashboard-skeleton'

/**
 * A thin bar across the top while any navigation or form post is under way, so a slow network
 * never looks frozen. Indeterminate (no value); it pulses only for people who allow motion.
 */
export function NavigationProgress() {
  const navigation = useNavigation()
  const t = useT()
  if (navigation.state === 'idle') return null
  const sending = navigation.state === 'submitting'
  return (
    <div
      role="progressbar"
      aria-label={sending ? t('shell.progress.sending') : t('shell.progress.loading')}
      aria-valuetext={sending ? t('shell.progress.sendingValue') : t('shell.progress.loadingValue')}
      className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-100"
      data-testid="navigation-progress"
    >
      <div className="h-full w-full origin-left bg-brand-600 motion-safe:animate-pulse" />
    </div>
  )
}

function Loading({ text }: { text: string }) {
  return (
    <div aria-busy="true" className="mx-auto max-w-3xl px-4 py-16 text-center">
      <p role="status" className="text-slate-600">
        {text}
      </p>
    </div>
  )
}

/**
 * The page being left is replaced by the spec's loading state of the page being loaded
 * ('Loading song...', 'Loading certificate...', the dashboard's skeletons) — only for a
 * navigation to another address, never while the current page revalidates after its own form,
 * which would wipe what the user typed.
 */
export function PendingOutlet({
  appName,
  signedInUser,
}: {
  appName: string
  signedInUser: { isAdmin: boolean } | null
}) {
  const navigation = useNavigation()
  const location = useLocation()
  const target = navigation.location?.pathname
  if (navigation.state !== 'loading' || !target || target === location.pathname) return <Outlet />
  if (matchPath('/edit/:id', target)) return <Loading text="Loading song..." />
  if (matchPath('/certificate/:id', target)) return <Loading text="Loading certificate..." />
  if (target === '/' && signedInUser && !signedInUser.isAdmin)
    return <DashboardSkeleton appName={appName} />
  return <Outlet />
}
