// One HTTP server process (server/index.mjs starts one, or WEB_CONCURRENCY of them in a cluster):
// Express with Remix's own request and response adapters (as Epic Stack does),
// in place of remix-serve, so that the server knows the client's socket address, counts request
// bodies while reading them, refuses cross-site writes before any route runs, and puts the
// security headers on static files and on errors too (docs/decisions/023-server-entry.md).
// First: it patches @remix-run/router as Remix loads it (route matching cached; issue 16).
import './route-matching.mjs'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { setImmediate } from 'node:timers'
import url from 'node:url'
// The adapter's own header and response helpers; its index exports only the whole handler,
// which cannot count the body it reads.
import remixExpress from '@remix-run/express/dist/server.js'
import {
  broadcastDevReady,
  createReadableStreamFromReadable,
  createRequestHandler,
  installGlobals,
} from '@remix-run/node'
import compression from 'compression'
import express from 'express'
import {
  CLIENT_ADDRESS_HEADER,
  bodyLimit,
  countingStream,
  crossSiteRefusal,
  formatBytes,
  loggedPath as loggedRequestPath,
  multipartAllowed,
  normaliseAddress,
  unreadablePath,
  wantsJson,
} from './guards.mjs'
import { METRICS_PATH, labelled, metricsHandler, observeRequests } from './metrics.mjs'
import { knownFilesOnly } from './public-files.mjs'
import { sendResponse } from './send-response.mjs'

// DATA_DIR (the embedded database, keys, mail) is this user's alone, whatever umask the shell or
// service manager gave the process: files 0600, folders 0700 (decision 077).
process.umask(0o077)

// A CommonJS package: its named exports are read off the default one.
const { createRemixHeaders } = remixExpress

// As remix-serve: the build and public/ are found from the working directory (the bench serves
// a snapshot of the build from another folder).
const BUILD_PATH = path.resolve(process.argv[2] ?? 'build/index.js')
const PUBLIC_DIR = path.resolve('public')
const mode = process.env.NODE_ENV === 'development' ? 'development' : 'production'

async function importBuild() {
  const stat = fs.statSync(BUILD_PATH)
  // The query busts Node's import cache when development rebuilds the bundle.
  return import(`${url.pathToFileURL(BUILD_PATH).href}?t=${stat.mtimeMs}`)
}

let build = await importBuild()
// As remix-serve does for this build: Remix's fetch globals unless single fetch is on.
installGlobals({ nativeFetch: build.future.v3_singleFetch })
const settings = build.entry.module.serverSettings()
let handleRequest = createRequestHandler(build, mode)

if (mode === 'development') {
  // `remix dev` rebuilds into build/ and waits for the app server to say it has the new build.
  fs.watch(path.dirname(BUILD_PATH), async (_event, file) => {
    if (file !== 'version.txt') return
    build = await importBuild()
    handleRequest = createRequestHandler(build, mode)
    void broadcastDevReady(build)
  })
}

export const app = express()
app.disable('x-powered-by')
// Plain key=value parsing; nothing here reads nested query objects.
app.set('query parser', 'simple')
app.set('trust proxy', settings.trustProxyHops)

// Every request is timed for GET /metrics, labelled by the route that answered (server/metrics.mjs).
app.use(observeRequests(() => build.routes))

// One access line per request: an id (also in the error log), no query string — links such
// as a password reset carry secrets there.
app.use((req, res, next) => {
  const id = crypto.randomBytes(6).toString('hex')
  const started = process.hrtime.bigint()
  req.headers['x-request-id'] = id
  res.setHeader('X-Request-Id', id)
  res.on('finish', () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6
    const line = {
      id,
      method: req.method,
      path: loggedPath(req),
      status: res.statusCode,
      ms: Math.round(ms * 10) / 10,
    }
    if (settings.logFormat === 'json')
      accessLog(JSON.stringify({ level: 'info', msg: 'request', ...line }))
    else accessLog(`[http] ${id} ${line.method} ${line.path} ${line.status} ${line.ms}ms`)
  })
  next()
})

// No log line holds an invitation's token, however its path is spelled (guards.mjs).
function loggedPath(req) {
  return loggedRequestPath(req.path)
}

// Access lines go out together, once per turn of the event loop: stdout on a pipe is written
// synchronously, and a system call per request was about 5 % of a static page's CPU (issue 16).
// Whatever is pending is written when the process exits.
const accessLines = []
function accessLog(line) {
  if (accessLines.push(line) === 1) setImmediate(flushAccessLog)
}
function flushAccessLog() {
  if (accessLines.length === 0) return
  process.stdout.write(`${accessLines.join('\n')}\n`)
  accessLines.length = 0
}
process.on('exit', flushAccessLog)

// Requests in flight, so that a shutdown can wait for them; once it has begun, every answer
// closes its connection so keep-alive clients reconnect to a server that stays.
let inFlight = 0
let draining = false
app.use((req, res, next) => {
  inFlight++
  res.once('close', () => inFlight--)
  if (draining) res.setHeader('Connection', 'close')
  next()
})

app.use((req, res, next) => {
  for (const [name, value] of Object.entries(settings.baselineHeaders)) res.setHeader(name, value)
  // Routes read the client's address from here (clientIp); whatever a client sent under this
  // name is overwritten, and X-Forwarded-For counts only for the configured proxy hops.
  req.headers[CLIENT_ADDRESS_HEADER] = normaliseAddress(req.ip)
  next()
})

// Before the cross-site and body checks: it reads no body, and its own guard is the token or loopback.
app.all(
  METRICS_PATH,
  metricsHandler({
    token: () => settings.metricsToken,
    figures: () => build.entry.module.operationalFigures(),
    poolStats: () => build.entry.module.databasePoolStats(),
  }),
)

// A path no route can read is the client's mistake: 400, never a stack trace (decision 046).
app.use((req, res, next) => {
  if (!unreadablePath(req.originalUrl)) return next()
  res.setHeader('Connection', 'close')
  answer(req, res, 400, 'This address could not be read. Please check the link.')
})

app.use((req, res, next) => {
  const refusal = crossSiteRefusal({
    method: req.method,
    path: req.path,
    headers: req.headers,
    appOrigin: settings.appOrigin,
  })
  if (refusal) {
    console.warn(
      `[http] ${req.headers['x-request-id']} refused a cross-site ${req.method} ${loggedPath(req)} (${refusal})`,
    )
    return answer(
      req,
      res,
      403,
      'This request came from another site, so it was refused. Please use the form on this site.',
    )
  }
  if (req.method === 'GET' || req.method === 'HEAD') return next()
  const type = req.headers['content-type'] ?? ''
  const limit = bodyLimit(req.path)
  const declared = Number(req.headers['content-length'] ?? 0)
  // A refused body is drained only when it is known to be small; otherwise the connection closes.
  if (!(declared > 0 && declared <= limit)) res.setHeader('Connection', 'close')
  if (/^\s*multipart\//i.test(type) && !multipartAllowed(req.path)) {
    return answer(req, res, 415, 'File uploads are not accepted here.')
  }
  if (declared > limit)
    return answer(req, res, 413, `The request is too large (at most ${formatBytes(limit)}).`)
  res.removeHeader('Connection')
  res.locals.bodyLimit = limit
  next()
})

app.use(compression())
app.use(
  build.publicPath,
  labelled('assets', express.static(build.assetsBuildDirectory, { immutable: true, maxAge: '1y' })),
)
const servePublic = express.static(PUBLIC_DIR, { maxAge: '1h' })
// Development serves whatever public/ holds now; production lists it once.
app.use(
  labelled(
    'static',
    mode === 'production'
      ? knownFilesOnly(PUBLIC_DIR, build.assetsBuildDirectory, servePublic)
      : servePublic,
  ),
)

app.all('*', async (req, res, next) => {
  try {
    if (answerFromKeptPage(req, res)) return
    // A visitor's certificate page, verify page or PDF at its data version (decision 116), or a
    // ticket to keep the answer Remix makes: the version is read before any loader runs.
    const visitor = await answerFromKeptVisitorAnswer(req, res)
    if (visitor === true) return
    const request = remixRequest(req, res)
    // Read before any loader runs: a render whose data predates a change is then never kept.
    const context = {
      anonymousPagesGeneration: build.entry.module.anonymousPagesGeneration(),
      ...visitor,
    }
    const response = await build.entry.module.keepingVisitorAnswer(
      context,
      req.originalUrl,
      await handleRequest(request, context),
    )
    // An action that read past the limit failed on the counted stream: that is the client's
    // oversized body, not a server fault.
    if (res.locals.bodyTooLarge && response.status >= 500) {
      return answer(
        req,
        res,
        413,
        `The request is too large (at most ${formatBytes(res.locals.bodyLimit)}).`,
      )
    }
    // The response's own headers replace the baseline ones (a document's CSP, for one).
    for (const name of new Set(response.headers.keys())) res.removeHeader(name)
    // A body the route did not read to the end (refused as too large, say) is not drained: the
    // connection closes after the answer instead.
    if (!req.complete) res.setHeader('Connection', 'close')
    await sendResponse(res, response)
  } catch (error) {
    next(error)
  }
})

app.use((error, req, res, _next) => {
  // Express and its static files say a client's mistake (a path they cannot decode) by status.
  const status = error?.status ?? error?.statusCode
  if (Number.isInteger(status) && status >= 400 && status < 500) {
    console.warn(`[http] ${req.headers['x-request-id']} refused (${status}): ${error.message}`)
    if (res.headersSent) return res.destroy()
    return answer(req, res, status, 'This request could not be read. Please check the link.')
  }
  console.error(`[error] request ${req.headers['x-request-id']}`, error)
  if (res.headersSent) return res.destroy()
  answer(req, res, 500, 'Something went wrong on our side. Please try again.')
})

/**
 * A visitor without cookies asking for a public page gets the last render of it, with a fresh
 * nonce (app/services/platform/anonymous-pages.server.ts): no Remix request is made at all (issue 16).
 */
function answerFromKeptPage(req, res) {
  if (req.method !== 'GET' || req.headers.cookie) return false
  const origin = requestOrigin(req)
  if (!origin) return false
  const kept = build.entry.module.cachedAnonymousPage({
    method: req.method,
    url: req.originalUrl,
    origin,
    cookie: req.headers.cookie,
    acceptLanguage: req.headers['accept-language'] ?? null,
    userAgent: req.headers['user-agent'] ?? null,
    referrer: req.headers.referer ?? null,
    ipAddress: req.headers[CLIENT_ADDRESS_HEADER] ?? null,
  })
  if (!kept) return false
  res.status(kept.status)
  for (const [name, value] of kept.headers) res.setHeader(name, value)
  // As a CDN would say it: an operator (and the browser test) can tell a kept page from a render.
  res.setHeader('X-Cache', 'hit')
  res.setHeader('Content-Length', Buffer.byteLength(kept.body))
  res.end(kept.body)
  return true
}

/**
 * A visitor's certificate page, verify page or PDF made at the song's current data version:
 * answered here (true), else the ticket Remix's answer is kept under, or null (decision 116).
 */
async function answerFromKeptVisitorAnswer(req, res) {
  if (req.method !== 'GET') return null
  const origin = requestOrigin(req)
  if (!origin) return null
  const found = await build.entry.module.keptVisitorAnswer({
    method: req.method,
    url: req.originalUrl,
    origin,
    cookie: req.headers.cookie,
    acceptLanguage: req.headers['accept-language'] ?? null,
    userAgent: req.headers['user-agent'] ?? null,
    referrer: req.headers.referer ?? null,
    ipAddress: req.headers[CLIENT_ADDRESS_HEADER] ?? null,
  })
  if (!found) return null
  if ('ticket' in found) {
    res.setHeader('X-Kept', 'miss')
    return found.ticket
  }
  res.status(found.answer.status)
  for (const [name, value] of found.answer.headers) res.setHeader(name, value)
  res.setHeader('X-Kept', 'hit')
  res.setHeader('Content-Length', Buffer.byteLength(found.answer.body))
  res.end(found.answer.body)
  return true
}

/** The scheme, host and port a request was made to, normalised as the Request Remix gets has it. */
function requestOrigin(req) {
  try {
    return new URL(`${req.protocol}://${req.get('host')}`).origin
  } catch {
    return null
  }
}

/** @remix-run/express's request, with the body counted against the route's limit. */
function remixRequest(req, res) {
  const controller = new AbortController()
  const headers = createRemixHeaders(req.headers)
  // The cross-site check above has been made against APP_URL. Remix repeats a narrower one on
  // document posts (Origin against Host or X-Forwarded-Host), which a proxy that rewrites Host
  // would fail with a 500; for a post from our own origin, the host Remix sees is ours.
  const origin = headers.get('origin')
  if (origin === settings.appOrigin) {
    headers.set('host', new URL(settings.appOrigin).host)
    headers.delete('x-forwarded-host')
  } else if (origin !== null) {
    // Any other Origin got past the check above only on the browser's Sec-Fetch-Site:
    // same-origin (`null` from a no-referrer or sandboxed page; our pages under another host
    // name). Remix 2.17 throws a 500 on an Origin it does not take for its host
    // (remix-run/remix#11033): a post already judged is not judged again on that header.
    headers.delete('origin')
  }
  const init = { method: req.method, headers, signal: controller.signal }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    const counted = countingStream(res.locals.bodyLimit ?? bodyLimit(req.path))
    counted.on('error', () => (res.locals.bodyTooLarge = true))
    req.on('error', (error) => counted.destroy(error))
    init.body = createReadableStreamFromReadable(req.pipe(counted))
    init.duplex = 'half'
  }
  // Loaders and actions stop once the client is gone before the answer was sent.
  let done = false
  res.on('finish', () => (done = true))
  res.on('close', () => !done && controller.abort())
  let requestUrl
  try {
    requestUrl = new URL(req.originalUrl, `${req.protocol}://${req.get('host')}`)
  } catch {
    requestUrl = new URL(req.originalUrl, settings.appOrigin)
  }
  return new Request(requestUrl.href, init)
}

/** A short answer the server gives itself: JSON `{ message }` for APIs and data requests, else a page. */
function answer(req, res, status, message) {
  res.status(status)
  res.setHeader('Cache-Control', 'no-store')
  if (wantsJson(req.path, req.query, req.headers)) return res.json({ message })
  res
    .type('html')
    .send(
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${status}</title></head>` +
        `<body><h1>${status === 403 ? 'Request refused' : status >= 500 ? 'Something went wrong' : 'Request not accepted'}</h1>` +
        `<p>${escapeHtml(message)}</p><p><a href="/">Back to the home page</a></p></body></html>`,
    )
}

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST
const onListen = () => {
  console.log(`[server] http://${host ?? 'localhost'}:${port}`)
  if (mode === 'development') void broadcastDevReady(build)
}
const server = host ? app.listen(port, host, onListen) : app.listen(port, onListen)

// SIGTERM (a deploy, a scale-down) or SIGINT: readiness turns 503, the listener closes, the
// requests in flight finish (at most SHUTDOWN_GRACE_MS), then the app flushes page views, stops
// its workers and closes the database, and the process exits 0. A timer bounds the whole.
const SHUTDOWN_GRACE_MS = 10_000
const SHUTDOWN_HARD_LIMIT_MS = SHUTDOWN_GRACE_MS + 5000
let stopping = null
function stop() {
  stopping ??= (async () => {
    setTimeout(() => {
      console.error('[server] shutdown took too long; exiting')
      process.exit(1)
    }, SHUTDOWN_HARD_LIMIT_MS).unref()
    draining = true
    build.entry.module.beginShutdown()
    const closed = new Promise((resolve) => server.close(resolve))
    server.closeIdleConnections()
    const deadline = Date.now() + SHUTDOWN_GRACE_MS
    while (inFlight > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 25))
    if (inFlight > 0)
      console.warn(
        `[server] ${inFlight} request(s) still running after ${SHUTDOWN_GRACE_MS} ms; closing them`,
      )
    server.closeAllConnections()
    await closed
    await build.entry.module.shutdown()
  })().then(
    () => process.exit(0),
    (error) => {
      console.error('[server] shutdown failed', error)
      process.exit(1)
    },
  )
}
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, stop)
