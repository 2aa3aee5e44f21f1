import crypto from 'node:crypto'
import { Readable } from 'node:stream'
import {
  type AppLoadContext,
  createReadableStreamFromReadable,
  type EntryContext,
  type HandleDataRequestFunction,
} from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToString } from 'react-dom/server'
import { NonceProvider } from '~/components/nonce'
import { allSourceMessages, areaSource, withAreaMessages } from '~/i18n/catalogs.server'
import { type I18nData, setAreaSource, setSourceMessages } from '~/i18n/react'
import { logRequestError } from '~/lib/request-errors.server'
import { env } from '~/env.server'
import {
  applySecurityHeaders,
  documentCsp,
  routeCspAllowances,
} from '~/lib/security-headers.server'
import { anonymousRequestOf, pageViewOf } from '~/lib/client-address.server'
import {
  pageLoadOf,
  recordDocumentView,
  recordServerPageView,
} from '~/services/platform/analytics.server'
import { keepingRender, keptRender, keptRenderKey } from '~/services/platform/kept-renders.server'
import { warmDocumentWorkers } from '~/services/platform/document-pool.server'
import { anonymousPagePath, keepingStream } from '~/services/platform/anonymous-pages.server'
import {
  keepingVisitorPage,
  visitorTicket,
} from '~/services/certificates/record/kept-visitor-answers.server'
import { databaseKind, db, startDatabase } from '~/services/platform/db.server'
import { operationalFigures as readOperationalFigures } from '~/services/platform/operations.server'
import { startHousekeeping } from '~/services/admin/housekeeping.server'
import { startMailWorker } from '~/services/platform/mail.server'
import { startRecordAudit } from '~/services/admin/record-audit.server'
import { startBackupSocket } from '~/services/admin/backup-socket.server'
import { startTimestampWorker } from '~/services/certificates/record/snapshot-timestamps.server'
import { reconcilePending } from '~/services/registration/registration-reconcile.server'
import { currentTarget, targetLogLine } from '~/services/registration/registration-target.server'
import { noStoreWhenSignedIn } from '~/services/accounts/session.server'

// The benchmark flushes buffered page views through the built server bundle to count them apart.
export { flushPageViews } from '~/services/platform/analytics.server'
// The server entry answers a cookie-less visitor's public page from the last render of it (issue 16).
export {
  anonymousPagesGeneration,
  cachedAnonymousPage,
} from '~/services/platform/anonymous-pages.server'
// A visitor's certificate page, verify page and PDF, kept per data version (decision 116).
export {
  keepingVisitorAnswer,
  keptVisitorAnswer,
} from '~/services/certificates/record/kept-visitor-answers.server'
// The server entry drains its HTTP server on SIGTERM, then shuts the app down (hooks, database).
export { beginShutdown, shutdown } from '~/services/platform/db.server'

/** GET /metrics (server/metrics.mjs): the database's figures, read once per scrape. */
export function operationalFigures() {
  return readOperationalFigures(db())
}
/** GET /metrics: this process's database connections. */
export { databasePoolStats } from '~/services/platform/db.server'

/** What the Express entry (server/index.mjs) needs of the validated configuration. */
export function serverSettings() {
  const e = env()
  return {
    appOrigin: new URL(e.APP_URL).origin,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    logFormat: e.LOG_FORMAT,
    // GET /metrics answers this bearer token, or loopback without one (server/metrics.mjs).
    metricsToken: e.METRICS_TOKEN ?? null,
    // Every response starts with these, static files and resource-route errors included.
    baselineHeaders: Object.fromEntries(applySecurityHeaders(new Headers())),
  }
}

// Opened, migrated and seeded before the first request; a failure here stops start-up.
await startDatabase()
// Where registrations go, said once at start-up; production on a test network or a stand-in warns.
const target = targetLogLine(currentTarget(), env().isProduction)
if (target.warn) console.warn(target.line)
else console.log(target.line)
// Registrations a crash left pending are finished or failed. The embedded database belongs to
// this process alone, so every pending row is stale; on PostgreSQL another server may still be
// working on a fresh one, so only rows idle for two minutes are touched, each claimed with a row
// lock so that servers starting together never finish one twice.
reconcilePending({ olderThanMs: databaseKind() === 'pglite' ? 0 : 120_000 }).then(
  (outcome) =>
    outcome.confirmed + outcome.failed > 0 &&
    console.log(
      `[registration] reconciled ${outcome.confirmed} confirmed, ${outcome.failed} failed`,
    ),
  (error: unknown) => console.warn('[registration] reconcile at start failed', error),
)

// Queued mail is delivered from here, never inside a request; the worker stops before the database closes.
startMailWorker()
startTimestampWorker()
// Expired sessions, spent tokens and ended rate-limit windows, pruned hourly under an advisory lock.
startHousekeeping()
// The document workers start and warm their fonts now, not with the first PDF (issue 37).
warmDocumentWorkers()
// Registered certificates re-verified against the chain and storage, hourly, claimed batch by batch.
startRecordAudit()
// `npm run backup` while this server holds the embedded database: it asks through a socket in DATA_DIR.
await startBackupSocket()

// A drawing no loader fed (the root's own error page) speaks English rather than message ids.
setSourceMessages(allSourceMessages())
// A page's named areas are drawn from the catalogues, and written once into its document.
setAreaSource(areaSource)

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = crypto.randomBytes(16).toString('base64')
  // A route may widen its own document's policy (the payment step loads Stripe.js); no other page does.
  applySecurityHeaders(responseHeaders, documentCsp(nonce, routeCspAllowances(remixContext)))
  noStoreWhenSignedIn(request.headers.get('Cookie'), responseHeaders)
  // A page is drawn in the language its cookie or Accept-Language asks for (decision 120): a
  // cache between us and the browser must keep one copy per language, as we do.
  responseHeaders.append('Vary', 'Cookie, Accept-Language')
  const userAgent = request.headers.get('User-Agent')
  const bot = isbot(userAgent)
  // A public page rendered for a visitor without cookies is kept for the next such visitors.
  // The server entry read the cache's generation before the loaders ran (server/app.mjs).
  const generation = (loadContext as { anonymousPagesGeneration?: unknown })
    .anonymousPagesGeneration
  const startedIn = typeof generation === 'number' ? generation : null
  const keepAs =
    responseStatusCode === 200 && startedIn !== null
      ? anonymousPagePath(anonymousRequestOf(request))
      : null

  // The signed-in dashboard, drawn already for exactly this data (decision 089).
  const loadId = pageLoadOf(loadContext)?.sessionId ?? null
  const renderKey = keepAs ? null : keptRenderKey(request, responseStatusCode, remixContext, loadId)
  if (renderKey && loadId) {
    const kept = keptRender(renderKey, { nonce, loadId })
    if (kept) {
      if (!bot)
        recordServerPageView(pageViewOf(request), responseStatusCode, {
          ...pageLoadOf(loadContext),
          title: kept.title,
        })
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
      return new Response(kept.body, { headers: responseHeaders, status: responseStatusCode })
    }
  }

  // The whole document at once (issue 53). Every loader has answered before the drawing starts
  // and nothing on a page waits inside it (lazyView never suspends on the server), so streaming
  // it sent the same bytes later: React's streaming renderer cut them into 2 KB pieces, each
  // encoded, written and passed through the streams below one at a time, and it wrote a NUL byte
  // where a character straddled two (facebook/react#26228). Drawn as one string, the dashboard
  // costs 10-20 % less server time, and the bytes are exactly the document's. A drawing that
  // throws is Remix's to answer with the error page, as a shell that failed was.
  const html = `<!DOCTYPE html>${renderToString(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
  )}`
  const load = pageLoadOf(loadContext)
  // Visitors' page views are recorded with the title they see; bots are not counted.
  if (!bot) recordDocumentView(pageViewOf(request), responseStatusCode, load, html)
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
  const bytes = Buffer.from(html)
  const keeping = keepingOf()
  // Nothing keeps this page (a signed-in page with kept answers off, an error): its bytes are the
  // answer, with no stream between them and the socket.
  if (!keeping) {
    // Known in full: said, so a HEAD answer and a client's progress know it too.
    responseHeaders.set('Content-Length', String(bytes.length))
    return new Response(bytes, { headers: responseHeaders, status: responseStatusCode })
  }
  return new Response(createReadableStreamFromReadable(Readable.from([bytes]).pipe(keeping)), {
    headers: responseHeaders,
    status: responseStatusCode,
  })

  /** The stream that keeps this drawing for the next request like it, if any does. */
  function keepingOf() {
    const visitorPage = visitorTicket(loadContext)
    if (visitorPage && load?.sessionId)
      return keepingVisitorPage(visitorPage, { nonce, loadId: load.sessionId }, () => ({
        status: responseStatusCode,
        headers: responseHeaders,
      }))
    if (renderKey && loadId)
      return keepingRender(renderKey, { nonce, loadId }, () => responseStatusCode === 200)
    if (!keepAs || startedIn === null) return null
    const values = { nonce, loadId: load?.sessionId ?? null, startedIn }
    return keepingStream(keepAs, values, () =>
      responseStatusCode === 200 && !responseHeaders.has('Set-Cookie')
        ? { headers: responseHeaders }
        : null,
    )
  }
}

export const handleDataRequest: HandleDataRequestFunction = async (response, { request }) => {
  applySecurityHeaders(response.headers)
  response.headers.append('Vary', 'Cookie, Accept-Language')
  noStoreWhenSignedIn(request.headers.get('Cookie'), response.headers)
  return withMessages(response)
}

/**
 * A loader's data names its messages' areas (pageMessages); a document carries them beside the
 * handoff, but a client-side navigation has only this answer: it gets them here (issue 53).
 */
async function withMessages(response: Response) {
  if (!response.headers.get('Content-Type')?.startsWith('application/json')) return response
  if (response.headers.has('X-Remix-Redirect') || !response.body) return response
  const text = await response.text()
  let data: unknown = null
  // Only an answer that names areas is read: a list of songs is not parsed again for nothing.
  if (text.includes('"areas":['))
    try {
      data = JSON.parse(text)
    } catch {
      data = null
    }
  const i18n = (data as { i18n?: I18nData } | null)?.i18n
  const body =
    i18n?.areas && !i18n.messages
      ? JSON.stringify({ ...(data as object), i18n: withAreaMessages(i18n) })
      : text
  const headers = new Headers(response.headers)
  headers.delete('Content-Length')
  return new Response(body, { status: response.status, statusText: response.statusText, headers })
}

export function handleError(error: unknown, { request }: { request: Request }) {
  logRequestError(error, request)
}
