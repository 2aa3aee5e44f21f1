import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Suspense } from 'react'
import { Dashboard } from '~/components/dashboard'
import { lazyView } from '~/components/lazy-view'
import { LANDING_TERMS, LandingPage } from '~/components/landing-page'
import { env } from '~/env.server'
import { pageMessages, translate } from '~/i18n/catalogs.server'
import { requestLocale } from '~/i18n/locale.server'
import { translatorOf } from '~/i18n/react'
import { adminTab } from '~/lib/admin'
import { glossaryNotes } from '~/lib/glossary'
import { adminAnalytics, dailyFigures } from '~/services/admin/admin-analytics.server'
import { getSignedInUser, requireAdminSecondFactor } from '~/services/accounts/auth.server'
import { keptDashboardData } from '~/services/songs/kept-song-lists.server'
import { pendingVerifications } from '~/services/accounts/email-verification.server'
import { latestLandingVideo } from '~/services/admin/landing-video.server'
import { db } from '~/services/platform/db.server'
import { voidedPayments } from '~/services/payments/payment-webhook.server'
import { destinationFacts } from '~/services/registration/registration-target.server'
import { completedRegistration } from '~/services/registration/registration-done.server'
import { parseSongId } from '~/services/songs/songs.server'
import { displayName } from '~/lib/display-name'
import { isAdmin } from '~/services/accounts/users.server'
import { isFirstSignIn } from '~/services/accounts/sign-ins.server'
import { currentLandingVideo } from '~/services/admin/video-upload.server'
import { auditSummary } from '~/services/admin/record-audit.server'

const DASHBOARD_AREAS = ['words', 'dashboard', 'registration', 'cowriters'] as const

// `/` is three pages: the landing page for visitors, the dashboard for a user, the admin panel.
export async function loader({ request }: LoaderFunctionArgs) {
  const appName = env().APP_NAME
  const signedIn = await getSignedInUser(request)
  const user = signedIn?.user ?? null
  if (!signedIn || !user) {
    const video = await latestLandingVideo()
    // Its terms' sentences travel as data, not script: the landing page's script budget counts
    // each file it loads, and even one-sentence files cost more than it has room for (decision 093).
    const locale = requestLocale(request)
    const notes = glossaryNotes(LANDING_TERMS).map((note) => ({
      ...note,
      sentence: translate(locale, 'landing', `landing.note.${note.term}`),
    }))
    return json({
      view: 'landing' as const,
      appName,
      hasVideo: video !== null,
      notes,
      i18n: pageMessages(locale, ['landing']),
    })
  }
  if (isAdmin(user)) {
    // The admin panel is an admin page: its session must have passed a second factor.
    await requireAdminSecondFactor(request, user)
    return json({
      view: 'admin' as const,
      appName,
      panel: await adminPanel(request),
      deployment: deploymentFacts(),
    })
  }
  const registeredId = parseSongId(new URL(request.url).searchParams.get('registered') ?? undefined)
  const [{ stats, songs, timeline }, registered] = await Promise.all([
    keptDashboardData(user.id, signedIn.dataVersion),
    completedRegistration(db(), user.id, registeredId),
  ])
  // The owner's language is in the loader's data, so the kept drawing's digest covers it.
  const locale = requestLocale(request, user)
  return json({
    view: 'dashboard' as const,
    appName,
    name: displayName(user),
    firstSignIn: isFirstSignIn(user),
    emailVerified: user.emailVerified,
    stats,
    songs,
    timeline,
    registered,
    // The register dialog and its co-writers' warning are drawn in this page: their words too.
    i18n: pageMessages(locale, DASHBOARD_AREAS),
  })
}

/** Where this server sends registrations, for the administrator to see (decision 019). */
function deploymentFacts() {
  return { production: env().isProduction, ...destinationFacts() }
}

// Each admin tab loads only what it shows.
async function adminPanel(request: Request) {
  const tab = adminTab(new URL(request.url).searchParams.get('tab'))
  if (tab === 'video') return { tab, video: await currentLandingVideo() }
  if (tab === 'records') return { tab, audit: await auditSummary() }
  const [analytics, daily, pending, voided] = await Promise.all([
    adminAnalytics(),
    dailyFigures(db()),
    pendingVerifications(db()),
    voidedPayments(db()),
  ])
  return {
    tab,
    supportEmail: env().SUPPORT_EMAIL,
    analytics,
    daily,
    pending,
    voidedPayments: voided,
  }
}

// Only administrators see the panel: its code (tabs, charts, video upload) stays out of the
// bundle that every visitor of `/` loads (issue 16).
const AdminPanel = lazyView(() =>
  import('~/components/admin-panel').then((module) => module.AdminPanel),
)

export default function Index() {
  const data = useLoaderData<typeof loader>()
  if (data.view === 'admin')
    return (
      <Suspense fallback={<AdminLoading />}>
        <AdminPanel appName={data.appName} panel={data.panel} deployment={data.deployment} />
      </Suspense>
    )
  if (data.view === 'dashboard')
    return (
      <Dashboard
        appName={data.appName}
        name={data.name}
        firstSignIn={data.firstSignIn}
        stats={data.stats}
        emailVerified={data.emailVerified}
        songs={data.songs}
        timeline={data.timeline}
        registered={data.registered}
      />
    )
  return <LandingPage appName={data.appName} hasVideo={data.hasVideo} notes={data.notes} />
}

/** Shown only after a client-side navigation to `/`, while the panel's code loads. */
function AdminLoading() {
  return (
    <div aria-busy="true" className="mx-auto max-w-3xl px-4 py-16 text-center">
      <p role="status" className="text-slate-600">
        Loading...
      </p>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const appName = data?.appName ?? 'ProofTrack'
  const { t } = translatorOf(matches)
  if (data?.view === 'dashboard') return [{ title: t('dashboard.meta.title', { appName }) }]
  if (data?.view === 'admin') return [{ title: `Admin | ${appName}` }]
  return [
    { title: t('landing.meta.title', { appName }) },
    { name: 'description', content: t('landing.meta.description', { appName }) },
  ]
}
