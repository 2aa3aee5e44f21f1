// `npm run bench`: measures the production build. For each song count (10, 1,000, 10,000) it
// seeds a fresh database (a temporary PGlite data directory, or a fresh PostgreSQL database
// `prooftrack_bench_<n>` when DATABASE_URL is set), starts the server entry (server/index.mjs) on a free port and
// measures with autocannon; it also counts SQL queries per page, weighs the JavaScript and CSS
// each page ships, and times local registrations end to end. Writes bench/results/latest.json
// and prints markdown tables with the budgets of issue 8. See bench/README.md.
//
// Environment: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50),
// BENCH_SIZES (default 10,1000,10000), BENCH_REGISTRATIONS (default 50), BENCH_WARMUP (s, 2),
// DATABASE_URL (PostgreSQL server to create the bench databases on), BENCH_KEEP=1 (keep them).
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

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const SESSION_SECRET = 'bench-session-secret-that-is-at-least-32-characters'
export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'

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
        console.warn('[bench] clean-up step failed:', error instanceof Error ? error.message : error)
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
      fs.copyFileSync(path.join(root, 'package.json'), path.join(dir, 'package.json'))
      fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir')
      const server = fs.readFileSync(path.join(dir, 'build/index.js'), 'utf8')
      const assets = [...new Set([...server.matchAll(/"(\/build\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]))]
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
  if (process.env.BENCH_KEEP !== '1') onCleanup(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
  return withDatabase(serverUrl, name)
}

/** The environment a bench server and its seeding share: same secret, same database. */
export function serverEnv({ dataDir, databaseUrl, port }) {
  const env = { ...process.env }
  delete env.DATABASE_URL
  // Nothing real is configured: the embedded chain and storage, no mail, no payments.
  for (const key of ['SOLANA_RPC_URL', 'SOLANA_SPONSOR_SECRET_KEY', 'ARWEAVE_HOST', 'ARWEAVE_WALLET_JWK', 'SMTP_URL', 'STRIPE_SECRET_KEY', 'GOOGLE_CLIENT_ID']) delete env[key]
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
    ...(port ? { PORT: String(port), HOST: '127.0.0.1', APP_URL: `http://127.0.0.1:${port}` } : { APP_URL: 'http://127.0.0.1:3000' }),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  }
}

/** Runs scripts/bench-seed.ts (before the server starts: PGlite locks its directory). */
export async function seedDatabase({ app, dataDir, databaseUrl, songs, loadUsers = 0, registrarSongs = 0, countQueries = false, outDir }) {
  const out = path.join(outDir, `seed-${songs}-${crypto.randomBytes(3).toString('hex')}.json`)
  const args = ['--import', 'tsx', 'scripts/bench-seed.ts', '--songs', String(songs), '--load-users', String(loadUsers), '--registrar-songs', String(registrarSongs), '--build', path.join(app, 'build/index.js'), '--out', out]
  if (countQueries) args.push('--count-queries')
  const { code, output } = await run(process.execPath, args, serverEnv({ dataDir, databaseUrl }))
  if (code !== 0) throw new Error(`Seeding ${songs} songs failed (exit ${code}):\n${output.slice(-4000)}`)
  return JSON.parse(fs.readFileSync(out, 'utf8'))
}

function run(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
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
export async function startServer({ app, dataDir, databaseUrl }) {
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, [path.join(root, 'server/index.mjs'), 'build/index.js'], {
    cwd: app,
    env: serverEnv({ dataDir, databaseUrl, port }),
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
    if (Date.now() > deadline) throw new Error(`The server did not answer /healthz within 60 s:\n${tail}`)
    await sleep(200)
  }
  return { baseUrl, port, stop, output: () => tail, process: child }
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

// ---------------------------------------------------------------------------------------------
// Measuring
export function percentile(sorted, p) {
  if (sorted.length === 0) return null
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index]
}
export const round = (value, digits = 1) => (value === null || value === undefined || Number.isNaN(value) ? null : Math.round(value * 10 ** digits) / 10 ** digits)

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
        client.on('request', () => process.nextTick(() => (client.benchInFlight = client.requestIterator?.currentRequest?.name ?? 'request')))
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
      if (onClient) onClient(client.requestIterator?.currentRequest?.name ?? 'request', status, time)
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

async function measure(baseUrl, target, { duration, connections, pid }) {
  const cpuBefore = pid ? cpuMs(pid) : null
  const { result, latencies } = await cannon({
    url: baseUrl + target.path,
    connections,
    duration,
    headers: { 'User-Agent': BROWSER_UA, Accept: target.accept ?? 'text/html', ...(target.cookie ? { Cookie: target.cookie } : {}) },
  })
  const seconds = result.duration || duration
  const total = result.requests.total
  const cpuAfter = pid ? cpuMs(pid) : null
  return {
    // The server's own CPU per answered request: less sensitive to a busy machine than req/s.
    serverCpuMsPerRequest: cpuBefore !== null && cpuAfter !== null && total > 0 ? round((cpuAfter - cpuBefore) / total, 2) : null,
    name: target.name,
    path: target.path,
    requests: total,
    rps: round(result.requests.average, 0),
    rpsTotal: round(total / seconds, 0),
    p50: round(percentile(latencies, 50), 1),
    p95: round(percentile(latencies, 95), 1),
    p99: round(percentile(latencies, 99), 1),
    max: round(latencies.at(-1) ?? null, 1),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, value]) => [code, value.count])),
  }
}

/** A quick correctness check before measuring: the page must really be what we think it is. */
async function check(baseUrl, target) {
  const response = await fetch(baseUrl + target.path, {
    headers: { 'User-Agent': BROWSER_UA, Accept: target.accept ?? 'text/html', ...(target.cookie ? { Cookie: target.cookie } : {}) },
    redirect: 'manual',
  })
  const body = await response.text()
  if (response.status !== 200) throw new Error(`${target.name} answered ${response.status} before the benchmark`)
  if (target.expect && !target.expect(body)) throw new Error(`${target.name} did not look right before the benchmark: ${body.slice(0, 300)}`)
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
    const { result, latencies } = await cannon({ url: `http://127.0.0.1:${port}/`, connections, duration })
    return { description: 'bare node:http, 17 KB body', rps: round(result.requests.average, 0), p50: round(percentile(latencies, 50), 1), p95: round(percentile(latencies, 95), 1) }
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
    for (const imported of match[1].matchAll(/import\s*(?:[^"';]*?from\s*)?["']([^"']+\.js)["']/g)) js.add(imported[1])
  }
  return { js: [...js].map((href) => href.replace(/&amp;/g, '&')), css: [...css].map((href) => href.replace(/&amp;/g, '&')) }
}

function staticImports(code, from) {
  const found = new Set()
  for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js|\/[^"']+\.js)["']/g)) found.add(new URL(match[1], `http://x${from}`).pathname)
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
          return { pathname, raw: body.length, gzip: zlib.gzipSync(body).length, code: pathname.endsWith('.js') ? body.toString('utf8') : '' }
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
    { name: '/songs/:id/register (payment step)', path: `/songs/${song}/register`, cookie, paymentStep: true },
  ]
  const results = []
  for (const page of pages) {
    const response = await fetch(baseUrl + page.path, { headers: { 'User-Agent': BROWSER_UA, ...(page.cookie ? { Cookie: page.cookie } : {}) }, redirect: 'manual' })
    const html = await response.text()
    if (response.status !== 200) {
      results.push({ ...page, cookie: undefined, status: response.status, error: `answered ${response.status}` })
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
      js: js.map(({ pathname, raw, gzip }) => ({ pathname, raw, gzip })).sort((a, b) => b.gzip - a.gzip),
      css: css.map(({ pathname, raw, gzip }) => ({ pathname, raw, gzip })),
    })
  }
  const ok = results.filter((page) => !page.error)
  // The scripts every page loads: the framework's entry and the root route, with everything they
  // import (the route manifest is inline in the HTML). That is what an empty route of this app ships.
  const common = ok.length > 0 ? ok[0].js.filter((asset) => ok.every((page) => page.js.some((other) => other.pathname === asset.pathname))) : []
  const framework = common.filter((asset) => /\/(entry\.client|manifest)-|\/chunk-/.test(asset.pathname) && !/\/root-/.test(asset.pathname))
  const entryClosure = ok[0] ? await sizer.closure(ok[0].js.filter((asset) => /\/(entry\.client|manifest)-/.test(asset.pathname)).map((asset) => asset.pathname)) : []
  const landing = ok.find((page) => page.name === 'landing /')
  const baseline = sum(common)
  const budgeted = ok.filter((page) => !page.paymentStep)
  const largest = budgeted.reduce((max, page) => (!max || page.jsGzip > max.jsGzip ? page : max), null)
  return {
    pages: results,
    baseline: { description: 'entry.client + root route and their static imports (loaded by every page)', jsGzip: baseline, files: common.map(({ pathname, gzip }) => ({ pathname, gzip })) },
    frameworkOnly: { description: 'entry.client and its static imports (React, React DOM, Remix): no root route', jsGzip: sum(entryClosure), sharedChunksGzip: sum(framework) },
    landing: landing ? { jsGzip: landing.jsGzip, cssGzip: landing.cssGzip, ratioToBaseline: round(landing.jsGzip / baseline, 3), overBaseline: landing.jsGzip - baseline } : null,
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
      headers: { Cookie: registrar.cookie, 'Content-Type': 'application/json', 'User-Agent': BROWSER_UA },
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
  const sizes = (process.env.BENCH_SIZES ?? '10,1000,10000').split(',').map((value) => Number(value.trim())).filter((value) => Number.isInteger(value) && value > 0)
  const postgres = process.env.DATABASE_URL || null

  const loadAverageAtStart = os.loadavg().map((l) => round(l, 2))
  const work = tempDir('prooftrack-bench-')
  const app = await snapshotBuild(work)
  const database = postgres ? 'postgres' : 'pglite'
  console.log(`[bench] ${database === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}; sizes ${sizes.join(', ')}; ${duration} s × ${connections} connections per page; ${os.cpus().length} CPUs, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`)

  const calibration = await calibrate({ duration: Math.min(duration, 3), connections })
  console.log(`[bench] machine ceiling (bare node:http): ${calibration.rps} req/s, p95 ${calibration.p95} ms`)
  const runs = []
  let bundles = null
  for (const songs of sizes) {
    const dataDir = path.join(work, `data-${songs}`)
    const databaseUrl = postgres ? await freshPostgresDatabase(postgres, `prooftrack_bench_${songs}`) : undefined
    console.log(`[bench] ${songs} songs: seeding…`)
    const seed = await seedDatabase({ app, dataDir, databaseUrl, songs, registrarSongs: registrations + 1, countQueries: true, outDir: work })
    console.log(`[bench] ${songs} songs: seeded in ${(seed.seededMs / 1000).toFixed(1)} s; starting the server…`)
    const server = await startServer({ app, dataDir, databaseUrl })
    const cookie = seed.owner.cookie
    const targets = [
      { key: 'static', name: 'static /privacy-policy', path: '/privacy-policy', expect: (body) => body.includes('Privacy Policy') },
      { key: 'dashboard', name: 'dashboard /', path: '/', cookie, expect: (body) => body.includes('Dashboard |') },
      { key: 'certificate', name: 'certificate /certificate/:id', path: `/certificate/${seed.sampleSongId}`, cookie, expect: (body) => body.includes('Bench song') },
      { key: 'apiSongs', name: 'GET /api/songs', path: '/api/songs', cookie, accept: 'application/json', expect: (body) => JSON.parse(body).length === Math.min(100, songs) },
    ]
    for (const target of targets) await check(server.baseUrl, target)
    if (warmup > 0) {
      console.log(`[bench] ${songs} songs: warming up…`)
      for (const target of targets) await measure(server.baseUrl, target, { duration: warmup, connections })
    }
    const pages = {}
    for (const target of targets) {
      const measured = await measure(server.baseUrl, target, { duration, connections, pid: server.process.pid })
      pages[target.key] = measured
      console.log(`[bench] ${songs} songs: ${target.name}: ${measured.rps} req/s, p95 ${measured.p95} ms, errors ${measured.errors}, non-2xx ${measured.non2xx}, server CPU ${measured.serverCpuMsPerRequest} ms/request`)
    }
    for (const page of Object.values(pages)) page.ratioToStatic = round(page.rps / pages.static.rps, 3)
    if (!bundles) {
      console.log('[bench] weighing JavaScript and CSS…')
      bundles = await measureBundles(server.baseUrl, seed)
    }
    console.log(`[bench] ${songs} songs: timing ${registrations} registrations…`)
    const registration = await timeRegistrations(server.baseUrl, seed.registrar, registrations)
    await server.stop()
    runs.push({ songs, seededMs: seed.seededMs, pages, queries: seed.queries, registration })
  }

  const results = {
    generatedAt: new Date().toISOString(),
    database,
    settings: { duration, connections, warmup, sizes, registrations },
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? null, loadAverageAtStart, loadAverageAtEnd: os.loadavg().map((l) => round(l, 2)), node: process.version, calibration },
    runs,
    bundles,
  }
  results.budgets = budgets(results)
  const dir = path.join(root, 'bench/results')
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(path.join(dir, 'latest.json'), JSON.stringify(results, null, 2))
  fs.writeFileSync(path.join(dir, `bench-${database}-${results.generatedAt.replace(/[:.]/g, '-')}.json`), JSON.stringify(results, null, 2))
  console.log(`\n${report(results)}`)
  console.log(`\n[bench] results written to bench/results/latest.json`)
}

function budgets(results) {
  const list = []
  const add = (name, met, actual, detail) => list.push({ name, met, actual, detail })
  const runs = results.runs
  const worst = (fn) => runs.reduce((acc, run) => (acc === null || fn(run) > fn(acc) ? run : acc), null)
  const minRatio = runs.reduce((acc, run) => Math.min(acc, run.pages.dashboard.ratioToStatic), Infinity)
  add('dashboard ≥ 0.5 × static req/s', minRatio >= 0.5, `${minRatio}×`, runs.map((run) => `${run.songs}: ${run.pages.dashboard.ratioToStatic}×`).join(', '))
  const p95 = worst((run) => run.pages.dashboard.p95)
  const needed = Math.round((results.settings.connections / 0.1) * 1)
  add(
    `dashboard p95 < 100 ms at ${results.settings.connections} connections`,
    runs.every((run) => run.pages.dashboard.p95 < 100),
    `${p95.pages.dashboard.p95} ms`,
    `${runs.map((run) => `${run.songs}: ${run.pages.dashboard.p95} ms`).join(', ')}; ${results.settings.connections} closed-loop connections need ≥ ~${needed} req/s for a mean under 100 ms (static here: ${runs.map((run) => run.pages.static.rps).join('/')} req/s)`,
  )
  const counted = runs.flatMap((run) => (run.queries?.pages ?? []).filter((page) => page.budgeted).map((page) => ({ ...page, songs: run.songs })))
  const over = counted.filter((page) => page.queries > 3)
  const maxQueries = counted.reduce((acc, page) => Math.max(acc, page.queries), 0)
  add('≤ 3 queries per page at every size', counted.length > 0 && over.length === 0, `max ${maxQueries}`, over.length > 0 ? [...new Set(over.map((page) => `${page.name} ${page.queries}`))].join('; ') : 'all pages within 3')
  const landing = results.bundles?.landing
  add('landing JS ≤ 1.15 × baseline', Boolean(landing) && landing.ratioToBaseline <= 1.15, landing ? `${landing.ratioToBaseline}× (${kb(landing.jsGzip)} KB / ${kb(results.bundles.baseline.jsGzip)} KB)` : 'n/a', landing ? `baseline = what every page loads (entry.client + root); against the framework alone: ${round(landing.jsGzip / results.bundles.frameworkOnly.jsGzip, 3)}×` : '')
  const largest = results.bundles?.largest
  add(
    'no page but the payment step above 120 KB gzip JS',
    Boolean(largest) && largest.jsGzip <= 120 * 1024,
    largest ? `${largest.name} ${kb(largest.jsGzip)} KB` : 'n/a',
    largest ? `KB = 1024 bytes: ${largest.jsGzip} bytes (${round(largest.jsGzip / 1000, 1)} kB decimal)` : '',
  )
  const registrationP50 = runs.reduce((acc, run) => Math.max(acc, run.registration?.p50 ?? Infinity), 0)
  add('local registration p50 < 0.5 s', Number.isFinite(registrationP50) && registrationP50 < 500, `${registrationP50} ms`, runs.map((run) => `${run.songs}: p50 ${run.registration?.p50} ms, p95 ${run.registration?.p95} ms`).join(', '))
  return list
}

function table(headers, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n')
}

function report(results) {
  const out = []
  const db = results.database === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'
  out.push(`## ProofTrack benchmark — ${db}, ${results.settings.duration} s × ${results.settings.connections} connections, ${results.machine.cpus} CPUs (${results.generatedAt})`)
  out.push('')
  out.push(`Load average at start ${results.machine.loadAverageAtStart.join(' ')}, at end ${results.machine.loadAverageAtEnd.join(' ')}; machine ceiling (bare node:http, 17 KB): ${results.machine.calibration.rps} req/s, p95 ${results.machine.calibration.p95} ms.`)
  out.push('')
  out.push('### Throughput and latency')
  const rows = []
  for (const run of results.runs) {
    for (const page of Object.values(run.pages)) {
      rows.push([run.songs.toLocaleString('en'), page.name, page.rps, page.ratioToStatic, page.p50, page.p95, page.p99, page.errors, page.non2xx, page.serverCpuMsPerRequest ?? '–'])
    }
  }
  out.push(table(['songs', 'page', 'req/s', '× static', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'non-2xx', 'server CPU ms/req'], rows))
  out.push('')
  out.push('### SQL queries per request (root + page loaders; the page view is buffered and written in batches of up to 100, one insert per batch, not counted here)')
  const names = [...new Set(results.runs.flatMap((run) => (run.queries?.pages ?? []).map((page) => page.name)))]
  out.push(
    table(
      ['page', ...results.runs.map((run) => `${run.songs.toLocaleString('en')} songs`)],
      names.map((name) => [name, ...results.runs.map((run) => run.queries?.pages.find((page) => page.name === name)?.queries ?? '–')]),
    ),
  )
  if (results.bundles) {
    out.push('')
    out.push('### JavaScript and CSS per page (gzip)')
    out.push(
      table(
        ['page', 'JS KB', '× baseline', 'CSS KB', 'files'],
        results.bundles.pages.map((page) => (page.error ? [page.name, page.error, '', '', ''] : [page.name + (page.paymentStep ? ' (exempt)' : ''), kb(page.jsGzip), round(page.jsGzip / results.bundles.baseline.jsGzip, 2), kb(page.cssGzip), page.js.length])),
      ),
    )
    out.push('')
    out.push(`Baseline (what every page loads: entry.client, React, React DOM, Remix and the root route): ${kb(results.bundles.baseline.jsGzip)} KB; the framework alone (entry.client and its imports, no root route): ${kb(results.bundles.frameworkOnly.jsGzip)} KB. The route manifest is inline in the HTML (lazy route discovery), not counted as a file.`)
  }
  out.push('')
  out.push('### Local registration end to end (HTTP, embedded chain and storage)')
  out.push(table(['songs', 'n', 'p50 ms', 'p95 ms', 'max ms', 'first (cold) ms', 'failures'], results.runs.map((run) => [run.songs.toLocaleString('en'), run.registration?.count ?? 0, run.registration?.p50, run.registration?.p95, run.registration?.max, run.registration?.coldMs, run.registration?.failures])))
  out.push('')
  out.push('### Budgets')
  out.push(table(['budget', 'actual', 'status', 'detail'], results.budgets.map((budget) => [budget.name, budget.actual, budget.met ? 'met' : '**missed**', budget.detail])))
  if (results.database !== 'postgres') out.push('\n_Issue 8 asks for the budgets against PostgreSQL: run with DATABASE_URL set (see bench/README.md)._')
  return out.join('\n')
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main()
    .catch((error) => {
      console.error(`[bench] failed: ${error instanceof Error ? error.stack ?? error.message : error}`)
      process.exitCode = 1
    })
    .finally(async () => {
      await cleanup()
      process.exit(process.exitCode ?? 0)
    })
}
