// `npm run bench`: measures the production build. For each song count (10, 1,000, 10,000) it
// seeds a fresh database (a temporary PGlite data directory, or a fresh PostgreSQL database
// `prooftrack_bench_<n>` when DATABASE_URL is set), starts the server entry (server/index.mjs) on
// a free port and measures with autocannon, next to the anchor (bench/anchor: an empty Remix
// 2.17.5 page built and served by this script) measured in the same run; every budget of issue 16
// is a ratio to it. It also reports the server's RSS, counts SQL queries per page, weighs the
// JavaScript and CSS each page ships, and times local registrations end to end. Writes
// bench/results/latest.json and prints markdown tables with the budgets. See bench/README.md.
//
// Environment: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50),
// BENCH_SIZES (default 10,1000,10000), BENCH_REGISTRATIONS (default 50), BENCH_WARMUP (s, 2, then until the pace stops rising,
// at most BENCH_WARMUP_MAX s, 30),
// DATABASE_URL (PostgreSQL server to create the bench databases on), BENCH_KEEP=1 (keep them),
// BENCH_PROCESSES (PostgreSQL only: WEB_CONCURRENCY values to measure, default 1,2),
// BENCH_PROFILE=1 (a --cpu-prof of the static page, the dashboard and GET /api/songs at the
// first size; BENCH_PROFILE_PAGES picks others by key, e.g. dashboard,verify,apiSongsKeptOff (a
// key ending in KeptOff: that page with KEPT_ANSWERS=off); BENCH_PROFILE_DIR keeps the files),
// BENCH_KEPT_OFF=0 (skip measuring the pages again with KEPT_ANSWERS=off), BENCH_SLOW_NETWORK=0
// (skip the new user's path on Slow 3G, bench/slow-network.mjs), BENCH_PAGES (measure only these
// page keys beside the anchor, e.g. dashboardKeptOff,apiSongsKeptOff; a KeptOff key is that page
// with KEPT_ANSWERS=off; the JavaScript weights, the Slow-3G path and the registrations are then
// left out: they are the whole run's, not a page's).
// It never exits non-zero because a budget is missed: budgets are reported, not enforced.
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath, pathToFileURL } from 'node:url'
import zlib from 'node:zlib'
import autocannon from 'autocannon'
import pg from 'pg'
import { ensureBuild } from './lib/build.mjs'
import { slowNetworkPath, slowNetworkReport } from '../bench/slow-network.mjs'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const SESSION_SECRET = 'bench-session-secret-that-is-at-least-32-characters'
export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'

// ---------------------------------------------------------------------------------------------
// Clean-up: every server, temporary directory and database this process made goes on exit.
const cleanups = []
let cleaning = null
export function onCleanup(fn) {
  cleanups.push(fn)
}
export async function cleanup() {
  cleaning ??= (async () => {
    for (const fn of cleanups.splice(0).reverse()) {
      try {
        await fn()
      } catch (error) {
        console.warn(
          '[bench] clean-up step failed:',
          error instanceof Error ? error.message : error,
        )
      }
    }
  })()
  return cleaning
}
let handlersInstalled = false
export function installExitHandlers() {
  if (handlersInstalled) return
  handlersInstalled = true
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      console.error(`\n[bench] ${signal}: cleaning up…`)
      cleanup().finally(() => process.exit(130))
    })
  }
  // Last resort for an exit nobody awaited: kill children synchronously.
  process.on('exit', () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  })
}
const children = new Set()

export function tempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }))
  return dir
}

// ---------------------------------------------------------------------------------------------
// The build under test. Others may rebuild build/ and public/build while a benchmark runs (the
// e2e tests do), which would leave the server's asset manifest pointing at deleted files; so the
// benchmark serves a private copy, checked to be complete, with node_modules linked in.
export async function snapshotBuild(work) {
  const dir = path.join(work, 'app')
  let problem = ''
  for (let attempt = 0; attempt < 10; attempt++) {
    if (attempt > 0) await sleep(3000)
    ensureBuild(root)
    fs.rmSync(dir, { recursive: true, force: true })
    fs.mkdirSync(dir, { recursive: true })
    try {
      fs.cpSync(path.join(root, 'build'), path.join(dir, 'build'), { recursive: true })
      fs.cpSync(path.join(root, 'public'), path.join(dir, 'public'), { recursive: true })
      // The server entry too, so that editing server/ during a run changes nothing measured.
      // BENCH_SERVER_DIR serves another copy of it (an earlier version, for before and after).
      fs.cpSync(
        process.env.BENCH_SERVER_DIR || path.join(root, 'server'),
        path.join(dir, 'server'),
        {
          recursive: true,
        },
      )
      // The document workers load the renderers from app/ through tsx (server/document-worker.mjs),
      // with the aliases of tsconfig.json: the verify page, the PDFs and the proof bundle need them.
      for (const part of ['app', 'db'])
        fs.cpSync(path.join(root, part), path.join(dir, part), { recursive: true })
      for (const file of ['tsconfig.json', 'package-lock.json'])
        fs.copyFileSync(path.join(root, file), path.join(dir, file))
      fs.copyFileSync(path.join(root, 'package.json'), path.join(dir, 'package.json'))
      fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir')
      const server = fs.readFileSync(path.join(dir, 'build/index.js'), 'utf8')
      const assets = [
        ...new Set(
          [...server.matchAll(/"(\/build\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]),
        ),
      ]
      const missing = assets.filter((asset) => !fs.existsSync(path.join(dir, 'public', asset)))
      if (assets.length > 0 && missing.length === 0) return dir
      problem = `the copy misses ${missing.length} of ${assets.length} assets (a build in progress elsewhere?)`
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error)
    }
    console.warn(`[bench] the build is not complete yet (${problem}); retrying…`)
  }
  throw new Error(`Could not take a complete copy of the build: ${problem}`)
}

// ---------------------------------------------------------------------------------------------
// Databases
function withDatabase(url, database) {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

/** A fresh PostgreSQL database on DATABASE_URL's server, dropped on exit unless BENCH_KEEP=1. */
export async function freshPostgresDatabase(serverUrl, name) {
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin(`CREATE DATABASE ${name}`)
  if (process.env.BENCH_KEEP !== '1')
    onCleanup(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
  return withDatabase(serverUrl, name)
}

/** The environment a bench server and its seeding share: same secret, same database. */
export function serverEnv({ dataDir, databaseUrl, port }) {
  const env = { ...process.env }
  delete env.DATABASE_URL
  // Nothing real is configured: the embedded chain and storage, no mail, no payments.
  for (const key of [
    'SOLANA_RPC_URL',
    'SOLANA_SPONSOR_SECRET_KEY',
    'ARWEAVE_HOST',
    'ARWEAVE_WALLET_JWK',
    'SMTP_URL',
    'STRIPE_SECRET_KEY',
    'GOOGLE_CLIENT_ID',
  ])
    delete env[key]
  return {
    ...env,
    // The production build with local settings: APP_ENV=test skips the production-only checks
    // (https URL, half-configured services) but the code paths are the production ones.
    APP_ENV: 'test',
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    // The load script stands in for a proxy: each sign-in attempt says which client it is.
    TRUST_PROXY_HOPS: '1',
    SESSION_SECRET,
    SUPPORT_EMAIL: 'support@prooftrack.test',
    ...(port
      ? { PORT: String(port), HOST: '127.0.0.1', APP_URL: `http://127.0.0.1:${port}` }
      : { APP_URL: 'http://127.0.0.1:3000' }),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  }
}

/** Runs scripts/bench-seed.ts (before the server starts: PGlite locks its directory). */
export async function seedDatabase({
  app,
  dataDir,
  databaseUrl,
  songs,
  loadUsers = 0,
  registrarSongs = 0,
  countQueries = false,
  outDir,
}) {
  const out = path.join(outDir, `seed-${songs}-${crypto.randomBytes(3).toString('hex')}.json`)
  const args = [
    '--import',
    'tsx',
    'scripts/bench-seed.ts',
    '--songs',
    String(songs),
    '--load-users',
    String(loadUsers),
    '--registrar-songs',
    String(registrarSongs),
    '--build',
    path.join(app, 'build/index.js'),
    '--out',
    out,
  ]
  if (countQueries) args.push('--count-queries')
  const { code, output } = await run(process.execPath, args, serverEnv({ dataDir, databaseUrl }))
  if (code !== 0)
    throw new Error(`Seeding ${songs} songs failed (exit ${code}):\n${output.slice(-4000)}`)
  return JSON.parse(fs.readFileSync(out, 'utf8'))
}

function run(command, args, env, cwd = root) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    children.add(child)
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('error', reject)
    child.on('exit', (code) => {
      children.delete(child)
      resolve({ code, output })
    })
  })
}

// ---------------------------------------------------------------------------------------------
// The production server
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(address.port))
    })
  })
}

/** Starts `server/index.mjs` as `npm start` does; stopped on clean-up. */
export async function startServer({
  app,
  dataDir,
  databaseUrl,
  processes = 1,
  nodeArgs = [],
  extraEnv = {},
}) {
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const env = { ...serverEnv({ dataDir, databaseUrl, port }), ...extraEnv }
  if (processes > 1) env.WEB_CONCURRENCY = String(processes)
  const script = [...nodeArgs, path.join(app, 'server/index.mjs'), 'build/index.js']
  const child = spawn(process.execPath, script, {
    cwd: app,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.add(child)
  // The server logs every request: keep only the tail, for diagnostics.
  let tail = ''
  const keep = (chunk) => {
    tail = (tail + chunk).slice(-20_000)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(timer)
    }
    children.delete(child)
  }
  onCleanup(stop)
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited during start-up:\n${tail}`)
    try {
      const response = await fetch(`${baseUrl}/healthz`)
      if (response.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`The server did not answer /healthz within 60 s:\n${tail}`)
    await sleep(200)
  }
  return { baseUrl, port, stop, output: () => tail, process: child }
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The anchor (issue 16): bench/anchor, the smallest Remix 2 app with the project's framework
 * versions, copied next to the snapshot, built with the project's @remix-run/dev and served by
 * remix-serve. Every page's budget is a ratio to this page's req/s measured in the same run.
 */
export async function startAnchor(work) {
  const dir = path.join(work, 'anchor')
  fs.cpSync(path.join(root, 'bench/anchor'), dir, { recursive: true })
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir')
  const built = await run(
    process.execPath,
    [path.join(root, 'node_modules/@remix-run/dev/dist/cli.js'), 'build'],
    { ...process.env, NODE_ENV: 'production' },
    dir,
  )
  if (built.code !== 0) throw new Error(`Building the anchor failed:\n${built.output.slice(-4000)}`)
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const child = spawn(
    process.execPath,
    [path.join(root, 'node_modules/@remix-run/serve/dist/cli.js'), 'build/index.js'],
    {
      cwd: dir,
      env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1' },
      // Its access log goes to a pipe this process reads, as the app's does: same cost.
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  children.add(child)
  let tail = ''
  child.stdout.resume()
  child.stderr.on('data', (chunk) => (tail = (tail + chunk).slice(-4000)))
  onCleanup(() => stopChild(child))
  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The anchor exited during start-up:\n${tail}`)
    try {
      if ((await fetch(baseUrl)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The anchor did not answer within 30 s:\n${tail}`)
    await sleep(200)
  }
  return { baseUrl, process: child }
}

async function stopChild(child) {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
    await exited
    clearTimeout(timer)
  }
  children.delete(child)
}

/** A process and its descendants (the cluster's workers). */
function processTree(pid) {
  const pids = [pid]
  for (let i = 0; i < pids.length; i++) {
    try {
      const kids = fs.readFileSync(`/proc/${pids[i]}/task/${pids[i]}/children`, 'utf8')
      pids.push(...kids.split(/\s+/).filter(Boolean).map(Number))
    } catch {
      // gone, or no /proc
    }
  }
  return pids
}

/** CPU time used so far by a process and its live descendants, in ms. */
function treeCpuMs(pid) {
  const times = processTree(pid).map(cpuMs)
  return times[0] === null ? null : times.reduce((sum, ms) => sum + (ms ?? 0), 0)
}

/** Resident memory of a process and its children (the cluster's workers), in MB. */
export function rssMb(pid) {
  let kb = 0
  for (const one of processTree(pid)) {
    try {
      const status = fs.readFileSync(`/proc/${one}/status`, 'utf8')
      kb += Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0)
    } catch {
      // gone
    }
  }
  return kb > 0 ? round(kb / 1024, 0) : null
}

// ---------------------------------------------------------------------------------------------
// Measuring
export function percentile(sorted, p) {
  if (sorted.length === 0) return null
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index]
}
export const round = (value, digits = 1) =>
  value === null || value === undefined || Number.isNaN(value)
    ? null
    : Math.round(value * 10 ** digits) / 10 ** digits

/**
 * One autocannon run. Latencies come from every response (autocannon's own histogram has no
 * p95), non-2xx answers and socket errors are counted separately.
 */
export function cannon({ onClient, onTimeout, ...options }) {
  return new Promise((resolve, reject) => {
    const latencies = []
    if (onTimeout) {
      // Which request a connection has in flight: autocannon moves to the next request right
      // after emitting 'request', so the name is read once that has happened. On a timeout it
      // reconnects and sends the next request before emitting 'timeout', which is why the name
      // is kept here rather than read then.
      options.setupClient = (client) => {
        client.on('request', () =>
          process.nextTick(
            () =>
              (client.benchInFlight = client.requestIterator?.currentRequest?.name ?? 'request'),
          ),
        )
        client.on('timeout', () => onTimeout(client.benchInFlight ?? 'request'))
      }
    }
    const instance = autocannon(options, (error, result) => {
      if (error) return reject(error)
      latencies.sort((a, b) => a - b)
      resolve({ result, latencies })
    })
    instance.on('response', (client, status, _bytes, time) => {
      latencies.push(time)
      // With one request in flight per connection, the client's current request is the one
      // just answered (autocannon moves on to the next right after this event).
      if (onClient)
        onClient(client.requestIterator?.currentRequest?.name ?? 'request', status, time)
    })
  })
}

/** CPU time (user + system) a process has used so far, in ms; null where /proc is missing. */
export function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    // utime and stime are fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 a second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
  } catch {
    return null
  }
}

async function measure(baseUrl, target, { duration, connections, pid, raw = false }) {
  const cpuBefore = pid ? treeCpuMs(pid) : null
  const { result, latencies } = await cannon({
    url: baseUrl + target.path,
    connections,
    duration,
    headers: {
      'User-Agent': BROWSER_UA,
      Accept: target.accept ?? 'text/html',
      ...(target.cookie ? { Cookie: target.cookie } : {}),
    },
    ...(target.ownAddress ? { requests: [{ setupRequest: fromOwnAddress }] } : {}),
  })
  const seconds = result.duration || duration
  const total = result.requests.total
  const cpuAfter = pid ? treeCpuMs(pid) : null
  if (raw)
    return {
      requests: total,
      seconds,
      latencies,
      cpuMs: cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
    }
  return {
    // The server's own CPU per answered request: less sensitive to a busy machine than req/s.
    serverCpuMsPerRequest:
      cpuBefore !== null && cpuAfter !== null && total > 0
        ? round((cpuAfter - cpuBefore) / total, 2)
        : null,
    name: target.name,
    path: target.path,
    requests: total,
    rps: round(result.requests.average, 0),
    rpsTotal: round(total / seconds, 0),
    p50: round(percentile(latencies, 50), 1),
    p95: round(percentile(latencies, 95), 1),
    // Issue 41 states its latency at the 97.5th percentile (autocannon's own tail figure).
    p97_5: round(percentile(latencies, 97.5), 1),
    p99: round(percentile(latencies, 99), 1),
    max: round(latencies.at(-1) ?? null, 1),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, value]) => [code, value.count]),
    ),
  }
}

/**
 * Load until the page's pace stops rising: at least `warmup` seconds, then 2 s turns until two
 * in a row are not 5 % faster than the best before, at most BENCH_WARMUP_MAX seconds (30); the
 * seconds spent are reported with the page (`warmupSeconds`). V8 compiles a page's
 * code for speed only after it has run it many times: a heavy page drawn 150 times a second was
 * still getting faster after 10 s (issue 53, session 13), while the anchor's few functions are
 * ready within the first second. A server is measured as it runs, not as it starts.
 */
async function warmUp(baseUrl, target, { warmup, connections }) {
  const most = Number(process.env.BENCH_WARMUP_MAX ?? 30)
  let spent = warmup
  let before = (await measure(baseUrl, target, { duration: warmup, connections })).rps
  // Two turns in a row without a rise end it: one slow turn on a shared machine is noise.
  let flat = 0
  while (spent + 2 <= most && flat < 2) {
    const now = (await measure(baseUrl, target, { duration: 2, connections })).rps
    spent += 2
    flat = now > before * 1.05 ? 0 : flat + 1
    before = Math.max(before, now)
  }
  return spent
}

/**
 * Issue 53 measures the pages strangers open as many strangers would ask for them: each request
 * from an address of its own behind the one proxy the server trusts (TRUST_PROXY_HOPS=1), so the
 * per-address limits (the verify page's and the PDF's) are not what is measured.
 */
let addressCounter = 0
function fromOwnAddress(request) {
  addressCounter = (addressCounter + 1) % 16_777_216
  const address = `10.${addressCounter >> 16}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`
  request.headers = { ...request.headers, 'X-Forwarded-For': address }
  return request
}

/**
 * A page and the anchor in alternating slices of BENCH_SLICE seconds (default 5) until each
 * has had `duration` seconds, the page first in one round and the anchor first in the next. On a
 * machine others share, the load changes within a run; turns this short put both
 * under nearly the same load, so their ratio means something even when their req/s do not.
 */
async function measureAgainstAnchor(page, anchor, { duration, connections, slice }) {
  const rounds = Math.max(1, Math.round(duration / slice))
  const parts = { page: [], anchor: [] }
  for (let i = 0; i < rounds; i++) {
    const order = i % 2 === 0 ? ['page', 'anchor'] : ['anchor', 'page']
    for (const key of order) {
      const { baseUrl, target, pid } = key === 'page' ? page : anchor
      parts[key].push(
        await measure(baseUrl, target, { duration: slice, connections, pid, raw: true }),
      )
    }
  }
  return { page: combine(page.target, parts.page), anchor: combine(anchor.target, parts.anchor) }
}

function combine(target, parts) {
  const latencies = parts.flatMap((part) => part.latencies).sort((a, b) => a - b)
  const total = parts.reduce((sum, part) => sum + part.requests, 0)
  const seconds = parts.reduce((sum, part) => sum + part.seconds, 0)
  const cpu = parts.every((part) => part.cpuMs !== null)
    ? parts.reduce((sum, part) => sum + part.cpuMs, 0)
    : null
  const count = (key) => parts.reduce((sum, part) => sum + part[key], 0)
  return {
    serverCpuMsPerRequest: cpu !== null && total > 0 ? round(cpu / total, 2) : null,
    name: target.name,
    path: target.path,
    requests: total,
    seconds: round(seconds, 1),
    rps: round(total / seconds, 0),
    p50: round(percentile(latencies, 50), 1),
    p95: round(percentile(latencies, 95), 1),
    // Issue 41 states its latency at the 97.5th percentile (autocannon's own tail figure).
    p97_5: round(percentile(latencies, 97.5), 1),
    p99: round(percentile(latencies, 99), 1),
    max: round(latencies.at(-1) ?? null, 1),
    errors: count('errors'),
    timeouts: count('timeouts'),
    non2xx: count('non2xx'),
  }
}

/** A quick correctness check before measuring: the page must really be what we think it is. */
async function check(baseUrl, target, output = () => '') {
  const response = await fetch(baseUrl + target.path, {
    headers: {
      'User-Agent': BROWSER_UA,
      Accept: target.accept ?? 'text/html',
      ...(target.cookie ? { Cookie: target.cookie } : {}),
    },
    redirect: 'manual',
  })
  const body = await response.text()
  if (response.status !== 200)
    throw new Error(
      `${target.name} answered ${response.status} before the benchmark; the server's log ends:\n${output().slice(-3000)}`,
    )
  if (target.expect && !target.expect(body))
    throw new Error(`${target.name} did not look right before the benchmark: ${body.slice(0, 300)}`)
  return body.length
}

/**
 * The machine's own ceiling, for reading the figures: a bare node:http server answering a page
 * of the static page's size, measured the same way. Remix pages are compared with this.
 */
async function calibrate({ duration, connections }) {
  const port = await freePort()
  const code = `const body = 'x'.repeat(17000); require('node:http').createServer((q, r) => { r.setHeader('Content-Type', 'text/html'); r.end(body) }).listen(${port}, '127.0.0.1', () => console.log('ready'))`
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'ignore'] })
  children.add(child)
  try {
    await new Promise((resolve, reject) => {
      child.stdout.once('data', resolve)
      child.once('exit', () => reject(new Error('the calibration server exited')))
    })
    const { result, latencies } = await cannon({
      url: `http://127.0.0.1:${port}/`,
      connections,
      duration,
    })
    return {
      description: 'bare node:http, 17 KB body',
      rps: round(result.requests.average, 0),
      p50: round(percentile(latencies, 50), 1),
      p95: round(percentile(latencies, 95), 1),
    }
  } finally {
    child.kill('SIGKILL')
    children.delete(child)
  }
}

// ---------------------------------------------------------------------------------------------
// JavaScript and CSS per page (gzip)
function assetUrls(html) {
  const js = new Set()
  const css = new Set()
  for (const match of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = match[0]
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1]
    if (!href) continue
    if (/\brel="modulepreload"/.test(tag)) js.add(href)
    else if (/\brel="stylesheet"/.test(tag)) css.add(href)
  }
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) js.add(match[1])
  for (const match of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const imported of match[1].matchAll(/import\s*(?:[^"';]*?from\s*)?["']([^"']+\.js)["']/g))
      js.add(imported[1])
  }
  return {
    js: [...js].map((href) => href.replace(/&amp;/g, '&')),
    css: [...css].map((href) => href.replace(/&amp;/g, '&')),
  }
}

function staticImports(code, from) {
  const found = new Set()
  for (const match of code.matchAll(
    /(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js|\/[^"']+\.js)["']/g,
  ))
    found.add(new URL(match[1], `http://x${from}`).pathname)
  return [...found]
}

class AssetSizer {
  constructor(baseUrl) {
    this.baseUrl = baseUrl
    this.cache = new Map()
  }
  async size(href) {
    const pathname = new URL(href, this.baseUrl).pathname
    if (!this.cache.has(pathname)) {
      this.cache.set(
        pathname,
        (async () => {
          const response = await fetch(new URL(pathname, this.baseUrl))
          if (!response.ok) throw new Error(`${pathname} answered ${response.status}`)
          const body = Buffer.from(await response.arrayBuffer())
          return {
            pathname,
            raw: body.length,
            gzip: zlib.gzipSync(body).length,
            code: pathname.endsWith('.js') ? body.toString('utf8') : '',
          }
        })(),
      )
    }
    return this.cache.get(pathname)
  }
  /** The file and every file it statically imports (what the browser must load before running it). */
  async closure(hrefs) {
    const seen = new Map()
    const queue = [...hrefs]
    while (queue.length > 0) {
      const href = queue.shift()
      const pathname = new URL(href, this.baseUrl).pathname
      if (seen.has(pathname)) continue
      const asset = await this.size(pathname)
      seen.set(pathname, asset)
      queue.push(...staticImports(asset.code, pathname))
    }
    return [...seen.values()]
  }
}

const sum = (assets, key = 'gzip') => assets.reduce((total, asset) => total + asset[key], 0)
const kb = (bytes) => round(bytes / 1024, 1)

async function measureBundles(baseUrl, seed) {
  const sizer = new AssetSizer(baseUrl)
  const cookie = seed.owner.cookie
  const song = seed.sampleSongId
  const pages = [
    { name: 'landing /', path: '/' },
    { name: '/login', path: '/login' },
    { name: '/register', path: '/register' },
    { name: '/contact', path: '/contact' },
    { name: '/faq', path: '/faq' },
    { name: '/privacy-policy', path: '/privacy-policy' },
    { name: 'dashboard /', path: '/', cookie },
    { name: '/submit', path: '/submit', cookie },
    { name: '/songs', path: '/songs', cookie },
    { name: '/certificate/:id', path: `/certificate/${song}`, cookie },
    {
      name: '/songs/:id/register (payment step)',
      path: `/songs/${song}/register`,
      cookie,
      paymentStep: true,
    },
  ]
  const results = []
  for (const page of pages) {
    const response = await fetch(baseUrl + page.path, {
      headers: { 'User-Agent': BROWSER_UA, ...(page.cookie ? { Cookie: page.cookie } : {}) },
      redirect: 'manual',
    })
    const html = await response.text()
    if (response.status !== 200) {
      results.push({
        ...page,
        cookie: undefined,
        status: response.status,
        error: `answered ${response.status}`,
      })
      continue
    }
    const urls = assetUrls(html)
    const js = await sizer.closure(urls.js)
    const css = await Promise.all(urls.css.map((href) => sizer.size(href)))
    results.push({
      name: page.name,
      path: page.path,
      paymentStep: Boolean(page.paymentStep),
      status: response.status,
      htmlGzip: zlib.gzipSync(Buffer.from(html)).length,
      jsGzip: sum(js),
      jsRaw: sum(js, 'raw'),
      cssGzip: sum(css),
      js: js
        .map(({ pathname, raw, gzip }) => ({ pathname, raw, gzip }))
        .sort((a, b) => b.gzip - a.gzip),
      css: css.map(({ pathname, raw, gzip }) => ({ pathname, raw, gzip })),
    })
  }
  const ok = results.filter((page) => !page.error)
  // The scripts every page loads: the framework's entry and the root route, with everything they
  // import (the route manifest is inline in the HTML). That is what an empty route of this app ships.
  const common =
    ok.length > 0
      ? ok[0].js.filter((asset) =>
          ok.every((page) => page.js.some((other) => other.pathname === asset.pathname)),
        )
      : []
  const framework = common.filter(
    (asset) =>
      /\/(entry\.client|manifest)-|\/chunk-/.test(asset.pathname) &&
      !/\/root-/.test(asset.pathname),
  )
  const entryClosure = ok[0]
    ? await sizer.closure(
        ok[0].js
          .filter((asset) => /\/(entry\.client|manifest)-/.test(asset.pathname))
          .map((asset) => asset.pathname),
      )
    : []
  const landing = ok.find((page) => page.name === 'landing /')
  const baseline = sum(common)
  const budgeted = ok.filter((page) => !page.paymentStep)
  const largest = budgeted.reduce(
    (max, page) => (!max || page.jsGzip > max.jsGzip ? page : max),
    null,
  )
  return {
    pages: results,
    baseline: {
      description: 'entry.client + root route and their static imports (loaded by every page)',
      jsGzip: baseline,
      files: common.map(({ pathname, gzip }) => ({ pathname, gzip })),
    },
    frameworkOnly: {
      description: 'entry.client and its static imports (React, React DOM, Remix): no root route',
      jsGzip: sum(entryClosure),
      sharedChunksGzip: sum(framework),
    },
    landing: landing
      ? {
          jsGzip: landing.jsGzip,
          cssGzip: landing.cssGzip,
          ratioToBaseline: round(landing.jsGzip / baseline, 3),
          overBaseline: landing.jsGzip - baseline,
        }
      : null,
    largest: largest ? { name: largest.name, jsGzip: largest.jsGzip } : null,
  }
}

// ---------------------------------------------------------------------------------------------
// Registration end to end, over HTTP, as the browser does it.
async function timeRegistrations(baseUrl, registrar, count) {
  const ids = registrar.songIds.slice(0, count + 1)
  const register = async (id) => {
    const started = performance.now()
    const response = await fetch(`${baseUrl}/api/songs/${id}/blockchain/sponsored`, {
      method: 'POST',
      headers: {
        Cookie: registrar.cookie,
        'Content-Type': 'application/json',
        'User-Agent': BROWSER_UA,
      },
      body: '{}',
    })
    const body = await response.text()
    return { ms: performance.now() - started, status: response.status, body }
  }
  if (ids.length === 0) return null
  const cold = await register(ids[0]) // the first one pays for the embedded chain's start-up
  const times = []
  const failures = []
  for (const id of ids.slice(1)) {
    const outcome = await register(id)
    if (outcome.status === 201) times.push(outcome.ms)
    else failures.push({ id, status: outcome.status, body: outcome.body.slice(0, 200) })
  }
  times.sort((a, b) => a - b)
  return {
    count: times.length,
    failures: failures.length,
    failureSamples: failures.slice(0, 3),
    coldMs: round(cold.ms, 0),
    coldStatus: cold.status,
    p50: round(percentile(times, 50), 0),
    p95: round(percentile(times, 95), 0),
    max: round(times.at(-1) ?? null, 0),
  }
}

// ---------------------------------------------------------------------------------------------
async function main() {
  installExitHandlers()
  process.chdir(root)
  const duration = Number(process.env.BENCH_DURATION ?? 10)
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)
  const warmup = Number(process.env.BENCH_WARMUP ?? 2)
  const registrations = Number(process.env.BENCH_REGISTRATIONS ?? 50)
  const sizes = (process.env.BENCH_SIZES ?? '10,1000,10000')
    .split(',')
    .map((value) => Number(value.trim()))
    .filter((value) => Number.isInteger(value) && value > 0)
  const postgres = process.env.DATABASE_URL || null
  // Several processes share one database only on PostgreSQL (WEB_CONCURRENCY); issue 16 asks
  // for 1 and 2 there. The embedded database belongs to one process.
  const processes = postgres
    ? (process.env.BENCH_PROCESSES ?? '1,2')
        .split(',')
        .map((value) => Number(value.trim()))
        .filter((value) => Number.isInteger(value) && value > 0)
    : [1]
  const profile = process.env.BENCH_PROFILE === '1'
  // Issue 53: the pages again with KEPT_ANSWERS=off, and the new user's path on Slow 3G.
  const keptOff = process.env.BENCH_KEPT_OFF !== '0'
  const slowNetwork = process.env.BENCH_SLOW_NETWORK !== '0'
  let slowNetworkRun = null
  const slice = Number(process.env.BENCH_SLICE ?? 5)
  // A before-and-after of a page or two need not wait for every other page (issue 53).
  const only = process.env.BENCH_PAGES
    ? new Set(process.env.BENCH_PAGES.split(',').map((key) => key.trim()))
    : null

  const loadAverageAtStart = os.loadavg().map((l) => round(l, 2))
  const work = tempDir('prooftrack-bench-')
  const app = await snapshotBuild(work)
  const database = postgres ? 'postgres' : 'pglite'
  console.log(
    `[bench] ${database === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}; sizes ${sizes.join(', ')}; ${duration} s × ${connections} connections per page; ${os.cpus().length} CPUs, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  )

  const calibration = await calibrate({ duration: Math.min(duration, 3), connections })
  console.log(
    `[bench] machine ceiling (bare node:http): ${calibration.rps} req/s, p95 ${calibration.p95} ms`,
  )
  console.log('[bench] building and starting the anchor (an empty Remix 2.17.5 page)…')
  const anchor = await startAnchor(work)
  const anchorTarget = {
    key: 'anchor',
    name: 'anchor: empty Remix page',
    path: '/',
    expect: (body) => body.includes('Empty Remix page'),
  }
  await check(anchor.baseUrl, anchorTarget)
  const runs = []
  const profiles = []
  let bundles = null
  for (const songs of sizes) {
    const dataDir = path.join(work, `data-${songs}`)
    const databaseUrl = postgres
      ? await freshPostgresDatabase(postgres, `prooftrack_bench_${songs}`)
      : undefined
    console.log(`[bench] ${songs} songs: seeding…`)
    const seed = await seedDatabase({
      app,
      dataDir,
      databaseUrl,
      songs,
      // Beyond the timed registrations and their cold first one: the song the Slow-3G path
      // registers, and the song strangers open, registered before the pages are measured (issue 53).
      registrarSongs: registrations + 3,
      countQueries: true,
      outDir: work,
    })
    console.log(`[bench] ${songs} songs: seeded in ${(seed.seededMs / 1000).toFixed(1)} s`)
    const targets = pageTargets(seed, songs)
    // The seconds each page was warmed for (warmUp), reported with its figures.
    const warmedFor = new Map()
    let stranger = null
    for (const count of processes) {
      const label = `${songs} songs, ${count} process${count > 1 ? 'es' : ''}`
      const server = await startServer({ app, dataDir, databaseUrl, processes: count })
      if (!stranger) {
        stranger = await registerStrangersSong(server.baseUrl, seed.registrar)
        targets.push(...strangerTargets(stranger))
      }
      const measured = only ? targets.filter((target) => only.has(target.key)) : targets
      for (const target of measured) await check(server.baseUrl, target, server.output)
      if (warmup > 0) {
        console.log(`[bench] ${label}: warming up…`)
        await warmUp(anchor.baseUrl, anchorTarget, { warmup, connections })
        for (const target of measured)
          warmedFor.set(target.key, await warmUp(server.baseUrl, target, { warmup, connections }))
      }
      // Each page takes turns with the anchor (measureAgainstAnchor), so both see nearly the
      // same load; the anchor's row adds up all its slices.
      const pages = {}
      const anchorParts = []
      const anchorSide = { baseUrl: anchor.baseUrl, target: anchorTarget, pid: anchor.process.pid }
      for (const target of measured) {
        const pair = await measureAgainstAnchor(
          { baseUrl: server.baseUrl, target, pid: server.process.pid },
          anchorSide,
          { duration, connections, slice },
        )
        const page = pair.page
        page.anchorRps = pair.anchor.rps
        page.anchorCpuMsPerRequest = pair.anchor.serverCpuMsPerRequest
        page.ratioToAnchor = pair.anchor.rps > 0 ? round(page.rps / pair.anchor.rps, 3) : null
        // The same comparison by server CPU per request (anchor ÷ page): it leaves out the time
        // either server waited for a CPU.
        page.cpuRatioToAnchor =
          page.serverCpuMsPerRequest && pair.anchor.serverCpuMsPerRequest
            ? round(pair.anchor.serverCpuMsPerRequest / page.serverCpuMsPerRequest, 3)
            : null
        page.warmupSeconds = warmedFor.get(target.key) ?? 0
        pages[target.key] = page
        anchorParts.push(pair.anchor)
        log(label, page)
        log(`${label} (beside ${target.key})`, pair.anchor)
      }
      if (anchorParts.length > 0) pages.anchor = anchorRow(anchorTarget, anchorParts)
      const staticRps = pages.staticRendered?.rps ?? 0
      for (const page of Object.values(pages))
        page.ratioToStatic = staticRps > 0 ? round(page.rps / staticRps, 3) : null
      const rss = rssMb(server.process.pid)
      console.log(`[bench] ${label}: server RSS ${rss} MB`)
      let registration = null
      if (count === 1 && !only) {
        if (!bundles) {
          console.log('[bench] weighing JavaScript and CSS…')
          bundles = await measureBundles(server.baseUrl, seed)
        }
        if (slowNetwork && !slowNetworkRun) {
          console.log('[bench] the new user’s path on Slow 3G…')
          slowNetworkRun = await slowNetworkPath(server.baseUrl, seed, {
            song: seed.registrar.songIds.at(-2),
          }).catch((error) => ({ error: error instanceof Error ? error.message : String(error) }))
        }
        console.log(`[bench] ${label}: timing ${registrations} registrations…`)
        registration = await timeRegistrations(server.baseUrl, seed.registrar, registrations)
      }
      await server.stop()
      // Issue 53: the same pages with every kept answer off (KEPT_ANSWERS=off), each beside the
      // anchor again: what a first look after a change costs, and a memory-tight deployment.
      const offTargets = targets.filter(
        (target) =>
          KEPT_OFF_PAGES.includes(target.key) && (!only || only.has(`${target.key}KeptOff`)),
      )
      const offAnchorParts = []
      if (count === 1 && keptOff && offTargets.length > 0) {
        const off = await startServer({
          app,
          dataDir,
          databaseUrl,
          processes: count,
          extraEnv: { KEPT_ANSWERS: 'off' },
        })
        for (const target of offTargets) await check(off.baseUrl, target, off.output)
        if (warmup > 0)
          for (const target of offTargets)
            warmedFor.set(
              `${target.key}KeptOff`,
              await warmUp(off.baseUrl, target, { warmup, connections }),
            )
        for (const target of offTargets) {
          const pair = await measureAgainstAnchor(
            { baseUrl: off.baseUrl, target, pid: off.process.pid },
            anchorSide,
            { duration, connections, slice },
          )
          const page = pair.page
          page.name = `${target.name}, kept answers off`
          page.anchorRps = pair.anchor.rps
          page.anchorCpuMsPerRequest = pair.anchor.serverCpuMsPerRequest
          page.ratioToAnchor = pair.anchor.rps > 0 ? round(page.rps / pair.anchor.rps, 3) : null
          page.cpuRatioToAnchor =
            page.serverCpuMsPerRequest && pair.anchor.serverCpuMsPerRequest
              ? round(pair.anchor.serverCpuMsPerRequest / page.serverCpuMsPerRequest, 3)
              : null
          page.ratioToStatic = staticRps > 0 ? round(page.rps / staticRps, 3) : null
          page.warmupSeconds = warmedFor.get(`${target.key}KeptOff`) ?? 0
          pages[`${target.key}KeptOff`] = page
          offAnchorParts.push(pair.anchor)
          log(`${label}, kept answers off`, page)
        }
        await off.stop()
      }
      // With only kept-off pages measured (BENCH_PAGES), the anchor's row is their slices'.
      if (!pages.anchor && offAnchorParts.length > 0)
        pages.anchor = anchorRow(anchorTarget, offAnchorParts)
      runs.push({
        songs,
        processes: count,
        seededMs: seed.seededMs,
        rssMb: rss,
        pages,
        queries: seed.queries,
        registration,
      })
    }
    if (profile && profiles.length === 0) {
      const keys = (process.env.BENCH_PROFILE_PAGES ?? 'static,dashboard,apiSongs').split(',')
      for (const key of keys) {
        // `dashboardKeptOff` and the like: the page served with KEPT_ANSWERS=off (issue 53).
        const keptOffKey = key.trim().endsWith('KeptOff')
        const pageKey = keptOffKey ? key.trim().slice(0, -'KeptOff'.length) : key.trim()
        const found = targets.find((one) => one.key === pageKey)
        if (!found) throw new Error(`BENCH_PROFILE_PAGES: no page "${key}"`)
        const target = keptOffKey
          ? { ...found, key: key.trim(), name: `${found.name}, kept answers off` }
          : found
        console.log(`[bench] ${songs} songs: CPU profile of ${target.name}…`)
        profiles.push(
          await profilePage({
            app,
            dataDir,
            databaseUrl,
            target,
            duration,
            connections,
            work,
            extraEnv: keptOffKey ? { KEPT_ANSWERS: 'off' } : {},
          }),
        )
      }
    }
  }
  await stopChild(anchor.process)

  const results = {
    generatedAt: new Date().toISOString(),
    database,
    settings: { duration, slice, connections, warmup, sizes, processes, registrations },
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? null,
      loadAverageAtStart,
      loadAverageAtEnd: os.loadavg().map((l) => round(l, 2)),
      node: process.version,
      calibration,
    },
    runs,
    bundles,
    profiles,
    slowNetwork: slowNetworkRun,
  }
  results.budgets = budgets(results)
  const dir = path.join(root, 'bench/results')
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(path.join(dir, 'latest.json'), JSON.stringify(results, null, 2))
  fs.writeFileSync(
    path.join(dir, `bench-${database}-${results.generatedAt.replace(/[:.]/g, '-')}.json`),
    JSON.stringify(results, null, 2),
  )
  console.log(`\n${report(results)}`)
  console.log(`\n[bench] results written to bench/results/latest.json`)
}

/** The anchor's row: all its slices beside the pages added up. */
function anchorRow(anchorTarget, parts) {
  const requests = parts.reduce((sum, part) => sum + part.requests, 0)
  const seconds = parts.reduce((sum, part) => sum + part.seconds, 0)
  return {
    name: anchorTarget.name,
    path: anchorTarget.path,
    requests,
    rps: round(requests / seconds, 0),
    ratioToAnchor: 1,
    cpuRatioToAnchor: 1,
    serverCpuMsPerRequest: round(
      parts.reduce((sum, part) => sum + part.serverCpuMsPerRequest * part.requests, 0) / requests,
      2,
    ),
    p95: Math.max(...parts.map((part) => part.p95)),
    p97_5: Math.max(...parts.map((part) => part.p97_5)),
    errors: parts.reduce((sum, part) => sum + part.errors, 0),
    non2xx: parts.reduce((sum, part) => sum + part.non2xx, 0),
    note: 'all slices beside the pages; p95 and p97.5 are the worst of them',
  }
}

/** The pages measured at each size: the static page, the landing page, and the owner's pages. */
function pageTargets(seed, songs) {
  const cookie = seed.owner.cookie
  return [
    {
      key: 'static',
      name: 'static /privacy-policy',
      path: '/privacy-policy',
      expect: (body) => body.includes('Privacy Policy'),
    },
    {
      // The same page drawn by React for this request: any cookie does that (here the time-zone
      // cookie the browser's JavaScript sets), since only cookie-less visitors get the kept copy
      // (docs/decisions/043-anonymous-page-cache.md). Issue 8's dashboard ratio is to this one.
      key: 'staticRendered',
      name: 'static /privacy-policy, rendered (a cookie)',
      path: '/privacy-policy',
      cookie: 'pt_tz=UTC',
      expect: (body) => body.includes('Privacy Policy'),
    },
    {
      key: 'landing',
      name: 'landing / (visitor)',
      path: '/',
      expect: (body) => body.includes('Lock in Your Song Details'),
    },
    {
      key: 'dashboard',
      name: 'dashboard /',
      path: '/',
      cookie,
      expect: (body) => body.includes('Dashboard |'),
    },
    {
      key: 'certificate',
      name: 'certificate /certificate/:id',
      path: `/certificate/${seed.sampleSongId}`,
      cookie,
      expect: (body) => body.includes('Bench song'),
    },
    {
      key: 'apiSongs',
      name: 'GET /api/songs',
      path: '/api/songs',
      cookie,
      accept: 'application/json',
      expect: (body) => JSON.parse(body).length === Math.min(100, songs),
    },
  ]
}

/** The pages issue 53 measures with every kept answer off (KEPT_ANSWERS=off). */
const KEPT_OFF_PAGES = ['dashboard', 'apiSongs', 'certificateVisitor', 'verify', 'certificatePdf']

/**
 * The song strangers open (issue 53): one of the registrar's, registered through the API as the
 * browser would, so that its certificate is public and its verify page has a record to check.
 */
async function registerStrangersSong(baseUrl, registrar) {
  const id = registrar.songIds.at(-1)
  const headers = { Cookie: registrar.cookie, 'User-Agent': BROWSER_UA }
  const registered = await fetch(`${baseUrl}/api/songs/${id}/blockchain/sponsored`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: '{}',
  })
  if (registered.status !== 201)
    throw new Error(`Registering the strangers' song answered ${registered.status}`)
  const song = await (await fetch(`${baseUrl}/api/songs/${id}`, { headers })).json()
  if (typeof song.certificateId !== 'string') throw new Error('The song has no certificate id')
  return { songId: id, certificateId: song.certificateId }
}

/** What a QR code, a shared link or a viral song sends strangers to: no cookie, own address. */
function strangerTargets(stranger) {
  return [
    {
      key: 'certificateVisitor',
      name: 'certificate /certificate/:id (visitor)',
      path: `/certificate/${stranger.songId}`,
      ownAddress: true,
      expect: (body) => body.includes('Bench song'),
    },
    {
      key: 'verify',
      name: 'verify /verify/:certificateId (visitor)',
      path: `/verify/${stranger.certificateId}`,
      ownAddress: true,
      expect: (body) => body.includes('Verified'),
    },
    {
      key: 'certificatePdf',
      name: 'certificate PDF /certificate/:id.pdf (visitor)',
      path: `/certificate/${stranger.songId}.pdf`,
      accept: 'application/pdf',
      ownAddress: true,
      expect: (body) => body.startsWith('%PDF-'),
    },
  ]
}

function log(label, measured) {
  console.log(
    `[bench] ${label}: ${measured.name}: ${measured.rps} req/s, p95 ${measured.p95} ms, errors ${measured.errors}, non-2xx ${measured.non2xx}, server CPU ${measured.serverCpuMsPerRequest} ms/request`,
  )
}

/**
 * A CPU profile (node --cpu-prof) of one server process serving one page under load, summarised
 * by where the busy time goes (BENCH_PROFILE=1; the first size only).
 */
async function profilePage({
  app,
  dataDir,
  databaseUrl,
  target,
  duration,
  connections,
  work,
  extraEnv = {},
}) {
  const dir = fs.mkdtempSync(path.join(work, `profile-${target.key}-`))
  const server = await startServer({
    app,
    dataDir,
    databaseUrl,
    nodeArgs: ['--cpu-prof', '--cpu-prof-dir', dir],
    extraEnv,
  })
  await measure(server.baseUrl, target, { duration: 2, connections })
  // Only the samples taken while the page was measured count (not start-up or warm-up): the
  // profile's timestamps are microseconds on the same monotonic clock as process.hrtime.
  const from = process.hrtime.bigint() / 1000n
  const measured = await measure(server.baseUrl, target, { duration, connections })
  const to = process.hrtime.bigint() / 1000n
  await server.stop()
  const file = fs.readdirSync(dir).find((name) => name.endsWith('.cpuprofile'))
  if (!file) return { page: target.name, error: 'no profile was written' }
  const summary = summariseProfile(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')), {
    from: Number(from),
    to: Number(to),
  })
  const keep = process.env.BENCH_PROFILE_DIR
  if (keep) {
    fs.mkdirSync(keep, { recursive: true })
    fs.copyFileSync(path.join(dir, file), path.join(keep, `${target.key}-${file}`))
  }
  return { page: target.name, requests: measured.requests, rps: measured.rps, ...summary }
}

const ROUTE_MATCHING = new Set([
  'matchRoutes',
  'matchRoutesImpl',
  'flattenRoutes',
  'flattenRoute',
  'rankRouteBranches',
  'computeScore',
  'compareIndexes',
  'matchRouteBranch',
  'matchPath',
  'compilePath',
  'compilePathUncached',
  'rankedBranches',
  'explodeOptionalSegments',
  'joinPaths',
  'normalizePathname',
])

/** Self time by package and the top functions, as shares of the busy (non-idle) time. */
export function summariseProfile(profile, window = { from: -Infinity, to: Infinity }) {
  const self = new Map()
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  let at = profile.startTime
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0
    at += delta
    if (at < window.from || at > window.to) continue
    const id = profile.samples[i]
    self.set(id, (self.get(id) ?? 0) + delta)
  }
  const groups = new Map()
  const functions = new Map()
  let busy = 0
  let routeMatching = 0
  for (const [id, micros] of self) {
    const { functionName, url, lineNumber } = byId.get(id).callFrame
    if (functionName === '(idle)') continue
    busy += micros
    const group = profileGroup(functionName, url)
    groups.set(group, (groups.get(group) ?? 0) + micros)
    const key = `${functionName || '(anonymous)'} ${group}:${lineNumber + 1}`
    functions.set(key, (functions.get(key) ?? 0) + micros)
    if (group === '@remix-run/router' && ROUTE_MATCHING.has(functionName)) routeMatching += micros
  }
  const share = (micros) => round((100 * micros) / busy, 1)
  const top = (map, n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, micros]) => ({ name, percent: share(micros), ms: round(micros / 1000, 0) }))
  return {
    busyMs: round(busy / 1000, 0),
    routeMatchingPercent: share(routeMatching),
    groups: top(groups, 12),
    functions: top(functions, 15),
  }
}

function profileGroup(functionName, url) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)'
  const modules = url.lastIndexOf('node_modules/')
  if (modules !== -1) {
    const parts = url.slice(modules + 'node_modules/'.length).split('/')
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]
  }
  if (url.startsWith('node:')) return 'node internals'
  if (url.startsWith('wasm://')) return 'WebAssembly (PGlite)'
  if (url.includes('/build/index.js')) return 'app (build/index.js)'
  if (url.includes('/server/')) return 'server entry (server/*.mjs)'
  return `other: ${url.split('/').slice(-2).join('/')}`
}

// Issue 16: each page's req/s as a ratio to the empty Remix page measured in the same run.
export const ANCHOR_BUDGETS = [
  { key: 'static', name: 'static page', min: 0.6 },
  { key: 'landing', name: 'landing (visitor)', min: 0.5 },
  { key: 'apiSongs', name: 'GET /api/songs', min: 0.6 },
  { key: 'dashboard', name: 'dashboard', min: 0.4 },
  { key: 'certificate', name: 'certificate', min: 0.4 },
]
// Issue 53: the pages strangers open, and the signed-in pages' first look with kept answers off.
export const STRANGER_BUDGETS = [
  { key: 'certificateVisitor', name: 'certificate page (visitor)', min: 1.0 },
  { key: 'verify', name: 'verify page (visitor)', min: 1.0 },
  { key: 'certificatePdf', name: 'certificate PDF (visitor), no error', min: 0.5, noErrors: true },
  { key: 'dashboardKeptOff', name: 'dashboard, kept answers off', min: 0.5 },
  { key: 'apiSongsKeptOff', name: 'GET /api/songs, kept answers off', min: 0.5 },
]
const DASHBOARD_P95_MS = 250
const EMBEDDED_RSS_MB = 400

function budgets(results) {
  const list = []
  const add = (name, met, actual, detail) => list.push({ name, met, actual, detail })
  const runs = results.runs
  const sizes = [...new Set(runs.map((run) => run.songs))]
  const at = (songs) => runs.filter((run) => run.songs === songs)
  const tag = (run) => (results.settings.processes.length > 1 ? ` (${run.processes}p)` : '')
  // With several process counts measured (PostgreSQL), a size meets a budget when one of them
  // does: that is the setting a deployment would choose. Every figure is in the detail.
  for (const budget of ANCHOR_BUDGETS) {
    // A page BENCH_PAGES left out is not judged.
    if (!runs.some((run) => run.pages[budget.key])) continue
    const best = sizes.map((songs) =>
      Math.max(...at(songs).map((run) => run.pages[budget.key]?.ratioToAnchor ?? 0)),
    )
    const worst = Math.min(...best)
    add(
      `${budget.name} ≥ ${budget.min} × the empty Remix page`,
      worst >= budget.min,
      `${worst}×`,
      runs
        .map((run) => `${run.songs}${tag(run)}: ${run.pages[budget.key]?.ratioToAnchor}×`)
        .join(', '),
    )
  }
  // Issue 53's are held on one process (its table's setting).
  for (const budget of STRANGER_BUDGETS) {
    const measured = runs.filter((run) => run.processes === 1 && run.pages[budget.key])
    if (measured.length === 0) continue
    const ratios = measured.map((run) => run.pages[budget.key].ratioToAnchor ?? 0)
    const failures = measured.reduce(
      (sum, run) => sum + run.pages[budget.key].errors + run.pages[budget.key].non2xx,
      0,
    )
    const worst = Math.min(...ratios)
    add(
      `${budget.name} ≥ ${budget.min} × the empty Remix page (one process)`,
      worst >= budget.min && (!budget.noErrors || failures === 0),
      `${worst}×${budget.noErrors ? `, ${failures} errors or non-2xx` : ''}`,
      measured
        .map(
          (run) =>
            `${run.songs}: ${run.pages[budget.key].ratioToAnchor}× (CPU ${run.pages[budget.key].cpuRatioToAnchor}×, p97.5 ${run.pages[budget.key].p97_5} ms, errors ${run.pages[budget.key].errors}, non-2xx ${run.pages[budget.key].non2xx})`,
        )
        .join(', '),
    )
  }
  const slow = results.slowNetwork
  if (slow && !slow.error) {
    const form = slow.pages.find((page) => page.key === 'songForm')
    add(
      'Slow 3G: the song form usable within 8 s, at most two round trips of JavaScript',
      Boolean(form) && form.usableMs <= 8000 && form.jsRoundTrips <= 2,
      form ? `${round(form.usableMs / 1000, 1)} s, ${form.jsRoundTrips} round trips` : 'n/a',
      slow.pages
        .map(
          (page) =>
            `${page.name}: paint ${round(page.firstPaintMs / 1000, 1)} s, usable ${round(page.usableMs / 1000, 1)} s, ${page.jsRequests} JS requests in ${page.jsRoundTrips} round trips`,
        )
        .join('; '),
    )
  }
  // BENCH_PAGES may leave the dashboard out: its budgets are then not judged.
  const withDashboard = runs.length > 0 && runs.every((run) => run.pages.dashboard)
  if (withDashboard) {
    const p95 = Math.max(
      ...sizes.map((songs) => Math.min(...at(songs).map((run) => run.pages.dashboard.p95))),
    )
    add(
      `dashboard p95 ≤ ${DASHBOARD_P95_MS} ms at ${results.settings.connections} connections`,
      p95 <= DASHBOARD_P95_MS,
      `${p95} ms`,
      `${runs.map((run) => `${run.songs}${tag(run)}: ${run.pages.dashboard.p95} ms`).join(', ')}; closed-loop connections: the mean latency is about connections ÷ req/s`,
    )
  }
  const biggest = runs.filter((run) => run.songs === Math.max(...sizes))
  const rss = Math.max(...biggest.map((run) => run.rssMb ?? Infinity))
  add(
    results.database === 'postgres'
      ? `server RSS after the ${Math.max(...sizes).toLocaleString('en')}-song run (reported; the ${EMBEDDED_RSS_MB} MB budget is for the embedded database)`
      : `server RSS ≤ ${EMBEDDED_RSS_MB} MB after the ${Math.max(...sizes).toLocaleString('en')}-song run`,
    results.database === 'postgres' ? rss !== Infinity : rss <= EMBEDDED_RSS_MB,
    `${rss} MB`,
    runs.map((run) => `${run.songs}${tag(run)}: ${run.rssMb} MB`).join(', '),
  )
  const minRatio = withDashboard
    ? runs.reduce((acc, run) => Math.min(acc, run.pages.dashboard.ratioToStatic ?? 0), Infinity)
    : null
  if (minRatio !== null)
    add(
      'dashboard ≥ 0.5 × the static page rendered, req/s (issue 8)',
      minRatio >= 0.5,
      `${minRatio}×`,
      runs
        .map((run) => `${run.songs}${tag(run)}: ${run.pages.dashboard.ratioToStatic}×`)
        .join(', '),
    )
  const counted = runs.flatMap((run) =>
    (run.queries?.pages ?? [])
      .filter((page) => page.budgeted)
      .map((page) => ({ ...page, songs: run.songs })),
  )
  const over = counted.filter((page) => page.queries > 3)
  const maxQueries = counted.reduce((acc, page) => Math.max(acc, page.queries), 0)
  add(
    '≤ 3 queries per page at every size',
    counted.length > 0 && over.length === 0,
    `max ${maxQueries}`,
    over.length > 0
      ? [...new Set(over.map((page) => `${page.name} ${page.queries}`))].join('; ')
      : 'all pages within 3',
  )
  const landing = results.bundles?.landing
  if (results.bundles)
    add(
      'landing JS ≤ 1.15 × baseline',
      Boolean(landing) && landing.ratioToBaseline <= 1.15,
      landing
        ? `${landing.ratioToBaseline}× (${kb(landing.jsGzip)} KB / ${kb(results.bundles.baseline.jsGzip)} KB)`
        : 'n/a',
      landing
        ? `baseline = what every page loads (entry.client + root); against the framework alone: ${round(landing.jsGzip / results.bundles.frameworkOnly.jsGzip, 3)}×`
        : '',
    )
  const largest = results.bundles?.largest
  if (results.bundles)
    add(
      'no page but the payment step above 120 KB gzip JS',
      Boolean(largest) && largest.jsGzip <= 120 * 1024,
      largest ? `${largest.name} ${kb(largest.jsGzip)} KB` : 'n/a',
      largest
        ? `KB = 1024 bytes: ${largest.jsGzip} bytes (${round(largest.jsGzip / 1000, 1)} kB decimal)`
        : '',
    )
  const timed = runs.filter((run) => run.registration)
  const registrationP50 = timed.reduce(
    (acc, run) => Math.max(acc, run.registration.p50 ?? Infinity),
    0,
  )
  if (timed.length > 0)
    add(
      'local registration p50 < 0.5 s',
      timed.length > 0 && Number.isFinite(registrationP50) && registrationP50 < 500,
      `${registrationP50} ms`,
      timed
        .map(
          (run) => `${run.songs}: p50 ${run.registration?.p50} ms, p95 ${run.registration?.p95} ms`,
        )
        .join(', '),
    )
  return list
}

function table(headers, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n')
}

function report(results) {
  const out = []
  const db = results.database === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'
  out.push(
    `## ProofTrack benchmark — ${db}, ${results.settings.duration} s × ${results.settings.connections} connections, ${results.machine.cpus} CPUs (${results.generatedAt})`,
  )
  out.push('')
  out.push(
    `Load average at start ${results.machine.loadAverageAtStart.join(' ')}, at end ${results.machine.loadAverageAtEnd.join(' ')}; machine ceiling (bare node:http, 17 KB): ${results.machine.calibration.rps} req/s, p95 ${results.machine.calibration.p95} ms.`,
  )
  out.push('')
  out.push(
    '### Throughput and latency (× anchor: req/s over the empty Remix 2.17.5 page measured in the same run)',
  )
  const rows = []
  for (const run of results.runs) {
    for (const page of Object.values(run.pages)) {
      rows.push([
        run.songs.toLocaleString('en'),
        run.processes,
        page.name,
        page.rps,
        page.ratioToAnchor,
        page.cpuRatioToAnchor ?? '–',
        page.ratioToStatic,
        page.p50,
        page.p95,
        page.p97_5 ?? '–',
        page.p99,
        page.errors,
        page.non2xx,
        page.serverCpuMsPerRequest ?? '–',
      ])
    }
  }
  out.push(
    table(
      [
        'songs',
        'processes',
        'page',
        'req/s',
        '× anchor',
        '× anchor (CPU)',
        '× static rendered',
        'p50 ms',
        'p95 ms',
        'p97.5 ms',
        'p99 ms',
        'errors',
        'non-2xx',
        'server CPU ms/req',
      ],
      rows,
    ),
  )
  out.push('')
  out.push("### Server memory (RSS after the size's measurements; all processes of the server)")
  out.push(
    table(
      ['songs', 'processes', 'RSS MB'],
      results.runs.map((run) => [run.songs.toLocaleString('en'), run.processes, run.rssMb]),
    ),
  )
  for (const profile of results.profiles ?? []) {
    out.push('')
    out.push(
      `### CPU profile: ${profile.page} (${profile.rps} req/s while profiled; route matching in @remix-run/router: ${profile.routeMatchingPercent} % of busy time)`,
    )
    out.push(
      table(
        ['where (self time)', '% of busy'],
        (profile.groups ?? []).map((group) => [group.name, group.percent]),
      ),
    )
    out.push('')
    out.push(
      table(
        ['top functions (self time)', '% of busy'],
        (profile.functions ?? []).map((fn) => [fn.name, fn.percent]),
      ),
    )
  }
  out.push('')
  out.push(
    '### SQL queries per request (root + page loaders; the page view is buffered and written in batches of up to 100, one insert per batch, not counted here)',
  )
  // Queries are counted once per size (by the seeding process), whatever the process count.
  const counted = results.runs.filter((run) => run.processes === results.runs[0]?.processes)
  const names = [
    ...new Set(counted.flatMap((run) => (run.queries?.pages ?? []).map((page) => page.name))),
  ]
  out.push(
    table(
      ['page', ...counted.map((run) => `${run.songs.toLocaleString('en')} songs`)],
      names.map((name) => [
        name,
        ...counted.map(
          (run) => run.queries?.pages.find((page) => page.name === name)?.queries ?? '–',
        ),
      ]),
    ),
  )
  if (results.bundles) {
    out.push('')
    out.push('### JavaScript and CSS per page (gzip)')
    out.push(
      table(
        ['page', 'JS KB', '× baseline', 'CSS KB', 'files'],
        results.bundles.pages.map((page) =>
          page.error
            ? [page.name, page.error, '', '', '']
            : [
                page.name + (page.paymentStep ? ' (exempt)' : ''),
                kb(page.jsGzip),
                round(page.jsGzip / results.bundles.baseline.jsGzip, 2),
                kb(page.cssGzip),
                page.js.length,
              ],
        ),
      ),
    )
    out.push('')
    out.push(
      `Baseline (what every page loads: entry.client, React, React DOM, Remix and the root route): ${kb(results.bundles.baseline.jsGzip)} KB; the framework alone (entry.client and its imports, no root route): ${kb(results.bundles.frameworkOnly.jsGzip)} KB. The route manifest is inline in the HTML (lazy route discovery), not counted as a file.`,
    )
  }
  if (results.slowNetwork) {
    out.push('')
    out.push(slowNetworkReport(results.slowNetwork, table))
  }
  out.push('')
  out.push('### Local registration end to end (HTTP, embedded chain and storage)')
  out.push(
    table(
      ['songs', 'n', 'p50 ms', 'p95 ms', 'max ms', 'first (cold) ms', 'failures'],
      results.runs
        .filter((run) => run.registration)
        .map((run) => [
          run.songs.toLocaleString('en'),
          run.registration?.count ?? 0,
          run.registration?.p50,
          run.registration?.p95,
          run.registration?.max,
          run.registration?.coldMs,
          run.registration?.failures,
        ]),
    ),
  )
  out.push('')
  out.push('### Budgets')
  out.push(
    table(
      ['budget', 'actual', 'status', 'detail'],
      results.budgets.map((budget) => [
        budget.name,
        budget.actual,
        budget.met ? 'met' : '**missed**',
        budget.detail,
      ]),
    ),
  )
  if (results.database !== 'postgres')
    out.push(
      '\n_Issues 8 and 16 hold the budgets on PostgreSQL: run with DATABASE_URL set (see bench/README.md)._',
    )
  return out.join('\n')
}

// `npm run bench -- audit [count]`: the record audit on 10,000 registered certificates instead
// (scripts/bench-audit.ts, issue 30): event-loop delay and memory while it runs, in this process.
function runAuditScenario(count) {
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', path.join(root, 'scripts/bench-audit.ts'), count],
    { cwd: root, stdio: 'inherit' },
  )
  child.on('exit', (code) => process.exit(code ?? 1))
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  if (process.argv[2] === 'audit') runAuditScenario(process.argv[3] ?? '10000')
  else
    main()
      .catch((error) => {
        console.error(
          `[bench] failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`,
        )
        process.exitCode = 1
      })
      .finally(async () => {
        await cleanup()
        process.exit(process.exitCode ?? 0)
      })
}
