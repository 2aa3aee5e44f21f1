// `npm run load`: mixed traffic against the production build on a seeded database.
//
// Every connection follows a visitor's journey again and again: the landing page, sign-in
// (POST /login with valid credentials), the dashboard, a certificate, the submit page, the
// dashboard and the certificate once more, with the session cookie its sign-in returned.
// Sign-in rotates across many seeded accounts and gives each attempt its own X-Forwarded-For,
// so the sign-in rate limits (10 per account, 50 per address, per 15 min) are not what is being
// measured; any 429 is still counted, separately from errors.
//
// Errors (the goal is 0): 5xx answers, socket errors and timeouts. Anything else unexpected (a
// failed sign-in, a page that redirects to /login) is reported as "unexpected".
//
// Environment: LOAD_DURATION (s, default 60), LOAD_CONNECTIONS (default 50), LOAD_USERS
// (accounts to rotate, default 200), LOAD_SONGS (songs of the main account, default 1000),
// LOAD_WARMUP (s of uncounted traffic first, default 5), LOAD_TIMEOUT (s before a request
// counts as timed out, default 10), DATABASE_URL (PostgreSQL server; a fresh database
// `prooftrack_load` is made on it).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { URLSearchParams } from 'node:url'
import {
  BROWSER_UA,
  cannon,
  cleanup,
  freshPostgresDatabase,
  installExitHandlers,
  percentile,
  root,
  round,
  seedDatabase,
  snapshotBuild,
  startServer,
  tempDir,
} from './bench.mjs'

const duration = Number(process.env.LOAD_DURATION ?? 60)
const connections = Number(process.env.LOAD_CONNECTIONS ?? 50)
const userCount = Number(process.env.LOAD_USERS ?? 200)
const ownerSongs = Number(process.env.LOAD_SONGS ?? 1000)
const postgres = process.env.DATABASE_URL || null

const EXPECTED = { landing: 200, 'sign-in': 302, dashboard: 200, certificate: 200, submit: 200 }

async function main() {
  installExitHandlers()
  process.chdir(root)
  const work = tempDir('prooftrack-load-')
  const app = await snapshotBuild(work)
  const dataDir = path.join(work, 'data')
  const databaseUrl = postgres
    ? await freshPostgresDatabase(postgres, 'prooftrack_load')
    : undefined
  console.log(
    `[load] ${postgres ? 'PostgreSQL' : 'embedded PGlite'}; seeding ${userCount} accounts and ${ownerSongs} songs…`,
  )
  const seed = await seedDatabase({
    app,
    dataDir,
    databaseUrl,
    songs: ownerSongs,
    loadUsers: userCount,
    registrarSongs: 0,
    outDir: work,
  })
  const users = [seed.owner, ...seed.loadUsers].map((user) => ({
    ...user,
    songId: user.songIds.at(-1),
  }))
  const server = await startServer({ app, dataDir, databaseUrl })
  console.log(
    `[load] ${duration} s of mixed traffic at ${connections} connections against ${server.baseUrl} (${os.cpus().length} CPUs)…`,
  )

  let nextUser = 0
  let nextAddress = 0
  const base = { 'User-Agent': BROWSER_UA, Accept: 'text/html' }
  const cookieOf = (context) => context.cookie ?? context.user?.cookie ?? users[0].cookie
  const signedIn = (name, pathOf) => ({
    name,
    method: 'GET',
    setupRequest: (request, context) => ({
      ...request,
      path: pathOf(context),
      headers: { ...base, Cookie: cookieOf(context) },
    }),
  })
  const journey = [
    { name: 'landing', method: 'GET', path: '/', headers: base },
    {
      name: 'sign-in',
      method: 'POST',
      setupRequest: (request, context) => {
        const user = users[nextUser++ % users.length]
        context.user = user
        context.cookie = undefined
        const n = nextAddress++
        const body = new URLSearchParams({
          usernameOrEmail: user.username,
          password: user.password,
          redirectTo: '',
        }).toString()
        return {
          ...request,
          path: '/login',
          headers: {
            ...base,
            'Content-Type': 'application/x-www-form-urlencoded',
            'X-Forwarded-For': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
          },
          body,
        }
      },
      onResponse: (status, _body, context, headers) => {
        const setCookie = Object.entries(headers ?? {}).find(
          ([key]) => key.toLowerCase() === 'set-cookie',
        )?.[1]
        const session = [setCookie ?? []]
          .flat()
          .map(String)
          .find((value) => value.startsWith('pt_session='))
        if (status === 302 && session) context.cookie = session.split(';')[0]
      },
    },
    signedIn('dashboard', () => '/'),
    signedIn('certificate', (context) => `/certificate/${(context.user ?? users[0]).songId}`),
    signedIn('submit', () => '/submit'),
    signedIn('dashboard', () => '/'),
    signedIn('certificate', (context) => `/certificate/${(context.user ?? users[0]).songId}`),
  ]

  // A warm server, as production would have: a few seconds of the same traffic, not counted.
  const warmup = Number(process.env.LOAD_WARMUP ?? 5)
  if (warmup > 0)
    await cannon({
      url: server.baseUrl,
      connections: Math.min(10, connections),
      duration: warmup,
      requests: journey,
      timeout: 30,
    })

  const byType = new Map()
  const entryOf = (name) => {
    let entry = byType.get(name)
    if (!entry) byType.set(name, (entry = { latencies: [], statuses: {}, timeouts: 0 }))
    return entry
  }
  const record = (name, status, ms) => {
    const entry = entryOf(name)
    entry.latencies.push(ms)
    entry.statuses[status] = (entry.statuses[status] ?? 0) + 1
  }
  const { result } = await cannon({
    url: server.baseUrl,
    connections,
    duration,
    requests: journey,
    timeout: Number(process.env.LOAD_TIMEOUT ?? 10),
    onClient: record,
    onTimeout: (name) => entryOf(name).timeouts++,
  })

  const rows = []
  for (const [name, entry] of byType) {
    entry.latencies.sort((a, b) => a - b)
    const count = entry.latencies.length
    const sumStatus = (test) =>
      Object.entries(entry.statuses).reduce(
        (total, [status, n]) => (test(Number(status)) ? total + n : total),
        0,
      )
    rows.push({
      name,
      requests: count,
      rps: round(count / (result.duration || duration), 1),
      p50: round(percentile(entry.latencies, 50), 1),
      p95: round(percentile(entry.latencies, 95), 1),
      p99: round(percentile(entry.latencies, 99), 1),
      max: round(entry.latencies.at(-1), 1),
      expected: sumStatus((status) => status === EXPECTED[name]),
      tooMany: sumStatus((status) => status === 429),
      serverErrors: sumStatus((status) => status >= 500),
      timeouts: entry.timeouts,
      unexpected: sumStatus(
        (status) => status !== EXPECTED[name] && status !== 429 && status < 500,
      ),
      statuses: entry.statuses,
    })
  }
  const order = Object.keys(EXPECTED)
  rows.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name))
  const totals = {
    requests: rows.reduce((total, row) => total + row.requests, 0),
    serverErrors: rows.reduce((total, row) => total + row.serverErrors, 0),
    socketErrors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    tooMany: rows.reduce((total, row) => total + row.tooMany, 0),
    unexpected: rows.reduce((total, row) => total + row.unexpected, 0),
  }
  totals.errors = totals.serverErrors + totals.socketErrors + totals.timeouts
  const serverLog = server.output()
  const errorLines = serverLog
    .split('\n')
    .filter((line) => /error|exception|unhandled/i.test(line) && !/ - \d+ ms$/.test(line))
  await server.stop()

  const results = {
    generatedAt: new Date().toISOString(),
    database: postgres ? 'postgres' : 'pglite',
    settings: { duration, connections, users: users.length, ownerSongs },
    machine: {
      cpus: os.cpus().length,
      loadAverageAtEnd: os.loadavg().map((l) => round(l, 2)),
      node: process.version,
    },
    totals,
    requestTypes: rows,
    serverErrorSamples: errorLines.slice(0, 10),
  }
  const dir = path.join(root, 'bench/results')
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(path.join(dir, 'load-latest.json'), JSON.stringify(results, null, 2))

  const line = (cells) => `| ${cells.join(' | ')} |`
  const out = []
  out.push(
    `## ProofTrack load test — ${results.database === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}, ${duration} s, ${connections} connections, ${users.length} accounts (${results.generatedAt})`,
  )
  out.push('')
  out.push(
    line([
      'request',
      'answered',
      'req/s',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'max ms',
      'expected',
      '429',
      '5xx',
      'timeouts',
      'unexpected',
    ]),
  )
  out.push(line(Array(12).fill('---')))
  for (const row of rows)
    out.push(
      line([
        `${row.name} (${EXPECTED[row.name]})`,
        row.requests,
        row.rps,
        row.p50,
        row.p95,
        row.p99,
        row.max,
        row.expected,
        row.tooMany,
        row.serverErrors,
        row.timeouts,
        row.unexpected,
      ]),
    )
  out.push(
    line([
      '**total**',
      totals.requests,
      round(totals.requests / duration, 1),
      '',
      '',
      '',
      '',
      '',
      totals.tooMany,
      totals.serverErrors,
      totals.timeouts,
      totals.unexpected,
    ]),
  )
  out.push('')
  out.push(
    `Errors (5xx + socket errors + timeouts): **${totals.errors}** (goal 0) — 5xx ${totals.serverErrors}, socket errors ${totals.socketErrors}, timeouts ${totals.timeouts}. Rate-limited (429, reported apart): ${totals.tooMany}. Unexpected non-error answers: ${totals.unexpected}.`,
  )
  if (errorLines.length > 0)
    out.push(
      `\nServer log lines mentioning errors (first ${Math.min(10, errorLines.length)}):\n${errorLines
        .slice(0, 10)
        .map((l) => `    ${l}`)
        .join('\n')}`,
    )
  console.log(`\n${out.join('\n')}`)
  console.log('\n[load] results written to bench/results/load-latest.json')
}

main()
  .catch((error) => {
    console.error(
      `[load] failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`,
    )
    process.exitCode = 1
  })
  .finally(async () => {
    await cleanup()
    process.exit(process.exitCode ?? 0)
  })
