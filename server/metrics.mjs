// GET /metrics in the Prometheus text format (prom-client), for the operator's scraper
// (docs/decisions/059-metrics.md). Two kinds of figures:
// - this process's: requests by route, method and status with their durations, event-loop delay,
//   heap, RSS, CPU (prom-client's default metrics) and the database connections it holds. In a
//   cluster (WEB_CONCURRENCY > 1) whichever worker is asked gets every worker's figures summed by
//   the primary (prom-client's AggregatorRegistry, over the cluster's IPC channel).
// - the database's: the mail queue, pending registrations and timestamps, the record audit. Read once per scrape
//   by the worker that answers: every server sees the same rows, so they are never summed.
import cluster from 'node:cluster'
import crypto from 'node:crypto'
import { createRequire } from 'node:module'
import { isIPv4 } from 'node:net'
import client from 'prom-client'

// Loaded on first use: server/route-matching.mjs must patch the router before anything loads it,
// and server/cluster.mjs imports this module before server/app.mjs installs the patch.
const require = createRequire(import.meta.url)
let matchRoutes

export const METRICS_PATH = '/metrics'
const REQUEST_MESSAGE = 'prooftrack:metrics-request'
const RESPONSE_MESSAGE = 'prooftrack:metrics-response'

const processRegistry = client.register
client.collectDefaultMetrics({ register: processRegistry })

const requestDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from the request arriving to the last byte of the answer, by route (the Remix route id, or static, assets, metrics, unmatched), method and status.',
  labelNames: ['route', 'method', 'status'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [processRegistry],
})

// The same count as the histogram's _count, as a counter of its own: simpler to graph, and
// parsers that flatten a histogram's labels (parse-prometheus-text-format does) still read it.
const requestsTotal = new client.Counter({
  name: 'http_requests_total',
  help: 'Requests answered, by route, method and status (labels as http_request_duration_seconds).',
  labelNames: ['route', 'method', 'status'],
  registers: [processRegistry],
})

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** A bounded label: the route that answered, never the raw path (it can carry tokens). */
export function routeLabel(routes, pathname) {
  let tree = routeTrees.get(routes)
  if (!tree) {
    tree = routeTree(routes, undefined)
    routeTrees.set(routes, tree)
  }
  matchRoutes ??= require('@remix-run/router').matchRoutes
  let matches = null
  try {
    matches = matchRoutes(tree, pathname)
  } catch {
    return 'unmatched'
  }
  return matches && matches.length > 0 ? matches[matches.length - 1].route.id : 'unmatched'
}
const routeTrees = new WeakMap()
function routeTree(routes, parentId) {
  return Object.values(routes)
    .filter((route) => route.parentId === parentId)
    .map((route) => ({
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      children: routeTree(routes, route.id),
    }))
}

/**
 * Times every request. `res.locals.metricsRoute` names requests that no Remix route answers
 * (static files, the metrics endpoint); the rest are labelled by the route their path matches.
 */
export function observeRequests(getRoutes) {
  return (req, res, next) => {
    const stop = requestDuration.startTimer()
    res.once('finish', () => {
      const labels = {
        route: res.locals.metricsRoute ?? routeLabel(getRoutes(), req.path),
        method: KNOWN_METHODS.has(req.method) ? req.method : 'OTHER',
        status: String(res.statusCode),
      }
      stop(labels)
      requestsTotal.inc(labels)
    })
    next()
  }
}

/** Express middlewares around a static handler: a request it answers is labelled `label`. */
export function labelled(label, handler) {
  return [
    (req, res, next) => {
      res.locals.metricsRoute = label
      next()
    },
    handler,
    (req, res, next) => {
      delete res.locals.metricsRoute
      next()
    },
  ]
}

// ---- the database's figures, in a registry of their own (never aggregated across workers) ----

const appRegistry = new client.Registry()
const gauge = (name, help, labelNames = []) =>
  new client.Gauge({ name, help, labelNames, registers: [appRegistry] })
const mailQueued = gauge(
  'prooftrack_mail_queued_messages',
  'Mail waiting to be delivered (first try or between retries).',
)
const mailFailed = gauge(
  'prooftrack_mail_failed_messages',
  'Mail given up on after every retry (each is listed with its error in mail_outbox).',
)
const mailOldest = gauge(
  'prooftrack_mail_oldest_queued_age_seconds',
  'Age of the oldest queued mail; 0 when none is queued.',
)
const registrationsPending = gauge(
  'prooftrack_registrations_pending',
  'Registrations claimed but not yet confirmed or failed.',
)
const registrationsOldest = gauge(
  'prooftrack_registrations_oldest_pending_age_seconds',
  'Age of the oldest pending registration; 0 when none is pending.',
)
const timestampsPending = gauge(
  'prooftrack_timestamps_pending',
  'Song snapshots waiting for their RFC 3161 timestamp (retried while the TSA is unreachable).',
)
const timestampsOldest = gauge(
  'prooftrack_timestamps_oldest_pending_age_seconds',
  'Age of the oldest snapshot waiting for its timestamp; 0 when none is waiting.',
)
const auditLast = gauge(
  'prooftrack_audit_last_check_timestamp_seconds',
  'Unix time of the record audit’s latest check; absent before the first.',
)
const auditRecords = gauge(
  'prooftrack_audit_records',
  'Registered certificates by the result of their latest audit check (holding or failing).',
  ['result'],
)
const figuresUp = gauge(
  'prooftrack_database_figures_up',
  '1 when the figures above were read from the database for this scrape, 0 when that failed.',
)

// ---- this process's database connections ----

let poolStats = () => null
const poolGauge = (name, help, field) =>
  new client.Gauge({
    name,
    help,
    registers: [processRegistry],
    collect() {
      const stats = poolStats()
      if (stats) this.set(stats[field])
    },
  })
poolGauge(
  'prooftrack_db_pool_connections',
  'Database connections held (PostgreSQL pool, at most 10 a process; the embedded database is 1).',
  'total',
)
poolGauge('prooftrack_db_pool_idle_connections', 'Held connections not in use.', 'idle')
poolGauge(
  'prooftrack_db_pool_waiting_queries',
  'Queries waiting for a connection (the embedded database: for its one connection).',
  'waiting',
)

/**
 * Whether a request may read the metrics: `Authorization: Bearer <METRICS_TOKEN>` (compared in
 * constant time), or a client on this machine. Loopback counts only when the socket itself is
 * loopback and no proxy header is present: a proxy on this machine forwards strangers from
 * 127.0.0.1 (and says so), and a client's own X-Forwarded-For can only take the loopback pass
 * away, never give it.
 */
export function metricsAllowed(req, token) {
  const header = req.headers.authorization ?? ''
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1]
  if (token && given !== undefined) {
    const a = crypto.createHash('sha256').update(given).digest()
    const b = crypto.createHash('sha256').update(token).digest()
    return crypto.timingSafeEqual(a, b)
  }
  if (given !== undefined) return false
  const proxied =
    req.headers['x-forwarded-for'] !== undefined ||
    req.headers.forwarded !== undefined ||
    req.headers['x-real-ip'] !== undefined
  return !proxied && isLoopback(req.socket.remoteAddress) && isLoopback(req.ip)
}

export function isLoopback(address) {
  if (!address) return false
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address
  if (isIPv4(plain)) return plain.startsWith('127.')
  return plain === '::1'
}

/**
 * The handler. `options.token` is METRICS_TOKEN; `options.figures()` reads the database's
 * figures and `options.poolStats()` this process's connections (both from the app's build).
 */
export function metricsHandler(options) {
  poolStats = options.poolStats
  // A worker answers the primary's requests for its registry (prom-client installs the listener).
  if (cluster.isWorker) new client.AggregatorRegistry()
  return async (req, res) => {
    res.locals.metricsRoute = 'metrics'
    res.setHeader('Cache-Control', 'no-store')
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD')
      return res.status(405).type('text').send('Only GET reads the metrics.\n')
    }
    if (!metricsAllowed(req, options.token())) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"')
      return res
        .status(401)
        .type('text')
        .send(
          'The metrics need Authorization: Bearer <METRICS_TOKEN>, or a request from this machine.\n',
        )
    }
    try {
      await setFigures(options.figures)
      const processText = cluster.isWorker ? await clusterText() : await processRegistry.metrics()
      res.setHeader('Content-Type', processRegistry.contentType)
      res.send(`${processText}\n${await appRegistry.metrics()}`)
    } catch (error) {
      console.error('[metrics] could not collect', error)
      res.status(500).type('text').send('The metrics could not be collected.\n')
    }
  }
}

async function setFigures(read) {
  let figures
  try {
    figures = await read()
  } catch (error) {
    console.warn('[metrics] the database figures could not be read', error)
    appRegistry.resetMetrics()
    figuresUp.set(0)
    return
  }
  figuresUp.set(1)
  mailQueued.set(figures.mail.queued)
  mailFailed.set(figures.mail.failed)
  mailOldest.set(figures.mail.oldestQueuedSeconds)
  registrationsPending.set(figures.registrations.pending)
  registrationsOldest.set(figures.registrations.oldestPendingSeconds)
  timestampsPending.set(figures.timestamps.pending)
  timestampsOldest.set(figures.timestamps.oldestPendingSeconds)
  if (figures.audit.lastCheckedAt === null) auditLast.reset()
  else auditLast.set(figures.audit.lastCheckedAt)
  auditRecords.set({ result: 'holding' }, figures.audit.holding)
  auditRecords.set({ result: 'failing' }, figures.audit.failing)
}

// ---- the cluster: a worker asks the primary, which gathers every worker's registry ----

let nextRequest = 0
const waiting = new Map()
if (cluster.isWorker) {
  process.on('message', (message) => {
    if (message?.type !== RESPONSE_MESSAGE) return
    const pending = waiting.get(message.id)
    if (!pending) return
    waiting.delete(message.id)
    if (message.error) pending.reject(new Error(message.error))
    else pending.resolve(message.text)
  })
}

function clusterText() {
  const id = nextRequest++
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id)
      reject(new Error('the cluster primary did not answer within 10 s'))
    }, 10_000)
    waiting.set(id, {
      resolve: (text) => (clearTimeout(timer), resolve(text)),
      reject: (error) => (clearTimeout(timer), reject(error)),
    })
    process.send({ type: REQUEST_MESSAGE, id })
  })
}

/** In the cluster's primary: answers a worker's request with every worker's figures combined. */
export function serveClusterMetrics() {
  const aggregator = new client.AggregatorRegistry()
  cluster.on('message', (worker, message) => {
    if (message?.type !== REQUEST_MESSAGE) return
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: RESPONSE_MESSAGE, id: message.id, text }),
      (error) => worker.send({ type: RESPONSE_MESSAGE, id: message.id, error: String(error) }),
    )
  })
}
