import {
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import {
  Links,
  Meta,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteLoaderData,
} from '@remix-run/react'
import { type ReactNode, useEffect } from 'react'
import { useAppLinkNavigation } from './components/app-link'
import { GeneralErrorBoundary } from './components/error-boundary'
import { useNonce } from './components/nonce'
import { NavigationProgress, PendingOutlet } from './components/navigation-pending'
import { PageViewTracker } from './components/page-view-tracker'
import { useTimeZone } from './components/time-zone'
import { SiteFooter } from './components/site-footer'
import { SiteHeader } from './components/site-header'
import { ToastProvider } from './components/toaster'
import { getPublicEnv } from './env.server'
import { pageMessages } from './i18n/catalogs.server'
import { languageChoices, localeDirection, requestLocale } from './i18n/locale.server'
import {
  DocumentMessages,
  I18nProvider,
  translatorOf,
  useContentLanguage,
  useLocale,
  useT,
} from './i18n/react'
import { startPageLoad } from './services/platform/analytics.server'
import { getSignedInUser } from './services/accounts/auth.server'
import { db } from './services/platform/db.server'
import { takeDecisionNotice } from './services/co-writers/decision-notices.server'
import { getToast } from './services/platform/toast.server'
import { resolveTimeZone } from './services/platform/time-zone.server'
import { displayName } from './lib/display-name'
import { isAdmin } from './services/accounts/users.server'
import stylesheet from './tailwind.css'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [{ toast, headers }, signedIn] = await Promise.all([
    getToast(request.headers.get('Cookie')),
    getSignedInUser(request),
  ])
  const user = signedIn?.user ?? null
  const { sessionId: analyticsSessionId } = startPageLoad(context, user?.id ?? null)
  const name = user ? displayName(user) : null
  const headerUser =
    user && name
      ? { displayName: name, initial: name.charAt(0).toUpperCase(), isAdmin: isAdmin(user) }
      : null
  // The page's language (the account's, the cookie's, Accept-Language, else English) and the
  // shell's messages in it, as data: the page's own route sends its areas' (decision 120).
  const locale = requestLocale(request, user)
  // A co-writer's answer reaches the owner as a toast on their next page, once (issue 13). The
  // session look-up said whether one waits, so other pages pay no statement for it (issue 16).
  const notice =
    user && signedIn?.decisionWaiting && !toast
      ? await takeDecisionNotice(db(), user.id, locale)
      : null
  return json(
    {
      i18n: pageMessages(locale, ['shell']),
      dir: localeDirection(locale),
      languages: languageChoices(),
      env: getPublicEnv(),
      toast: toast ?? notice,
      user: headerUser,
      analyticsSessionId,
      timeZone: resolveTimeZone(request.headers.get('Cookie'), user),
      // The footer's © year, from the server's clock, so the page never names a year gone by.
      year: new Date().getUTCFullYear(),
    },
    { headers: headers ?? undefined },
  )
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const appName = data?.env.APP_NAME ?? 'ProofTrack'
  const { t } = translatorOf(matches)
  return [
    { title: t('shell.meta.title', { appName }) },
    { name: 'description', content: t('shell.meta.description', { appName }) },
  ]
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <I18nProvider>
      <Document>{children}</Document>
    </I18nProvider>
  )
}

function Document({ children }: { children: ReactNode }) {
  const nonce = useNonce()
  const t = useT()
  const locale = useLocale()
  const contentLanguage = useContentLanguage()
  const data = useRouteLoaderData<typeof loader>('root')
  const appName = data?.env.APP_NAME ?? 'ProofTrack'
  // The app's links go through the router from here on (before the mark below says so).
  useAppLinkNavigation()
  // Marks the document once React has hydrated it: until then a click follows the plain HTML
  // link or form, which is right for people but not what a browser test of the enhanced page means.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <html lang={locale} dir={data?.dir ?? 'ltr'} className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-full flex-col bg-white text-slate-900 antialiased">
        {/* First in the tab order on every page, as GOV.UK's; <main> takes the focus it gives,
            so the next Tab is the page's own first control (issue 52.7). */}
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
        >
          {t('shell.skipLink')}
        </a>
        <SiteHeader appName={appName} user={data?.user ?? null} />
        <main id="main" lang={contentLanguage} tabIndex={-1} className="flex-1 outline-none">
          {children}
        </main>
        <SiteFooter
          appName={appName}
          signedIn={Boolean(data?.user)}
          year={data?.year ?? new Date().getUTCFullYear()}
          languages={data?.languages ?? []}
        />
        {/* The messages the page's loaders named, once, before the scripts that read them. */}
        <DocumentMessages nonce={nonce} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  const { toast, analyticsSessionId, env, user } = useLoaderData<typeof loader>()
  // Reports the browser's zone on every page, so the next page drawn on the server uses it.
  useTimeZone()
  return (
    <ToastProvider flashToast={toast}>
      <NavigationProgress />
      <PageViewTracker sessionId={analyticsSessionId} />
      <PendingOutlet appName={env.APP_NAME} signedInUser={user} />
    </ToastProvider>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
