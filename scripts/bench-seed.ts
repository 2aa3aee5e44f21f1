// Seeds a benchmark database and, optionally, counts the SQL queries each page costs.
//
//   node --import tsx scripts/bench-seed.ts --songs 10000 [--load-users 200] [--registrar-songs 50]
//     [--count-queries] --out seed.json
//
// Uses DATABASE_URL (PostgreSQL) or DATA_DIR (embedded PGlite) like the server; run it BEFORE the
// server starts (PGlite locks its data directory). It writes a JSON file holding the seeded
// accounts and their signed session cookies (SESSION_SECRET must be the server's), so the
// benchmark can call pages as those users. Used by scripts/bench.mjs and scripts/load.mjs.
import { AsyncLocalStorage } from 'node:async_hooks'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { CompiledQuery, type LogEvent, sql } from 'kysely'
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../db/client'
import { seedPlans } from '../db/seed'
import { SongSchema } from '../app/lib/song-schema'
import { hashPassword } from '../app/services/accounts/password.server'
import { sessionCookie, sessionIdHash } from '../app/services/accounts/session.server'

const { values } = parseArgs({
  options: {
    songs: { type: 'string', default: '10' },
    'load-users': { type: 'string', default: '0' },
    'load-user-songs': { type: 'string', default: '3' },
    'registrar-songs': { type: 'string', default: '50' },
    'count-queries': { type: 'boolean', default: false },
    build: { type: 'string', default: 'build/index.js' },
    out: { type: 'string' },
  },
  strict: true,
})

export const BENCH_PASSWORD = 'BenchPassw0rd'
const SONGS = Number(values.songs)
const LOAD_USERS = Number(values['load-users'])
const LOAD_USER_SONGS = Number(values['load-user-songs'])
const REGISTRAR_SONGS = Number(values['registrar-songs'])
const BATCH = 1000

// ---------------------------------------------------------------------------------------------
// Query counting: every statement Kysely runs while `counting` is on is recorded, with whether
// it ran on behalf of the counted request (its async context) or of background work the bundle
// started (mail worker, housekeeping), which a slow machine can push into the counting window.
let counting = false
let recorded: {
  sql: string
  ms: number
  parameters: readonly unknown[]
  forRequest: boolean
}[] = []
let finished = 0
const requestScope = new AsyncLocalStorage<true>()
function onQuery(event: LogEvent) {
  finished++
  if (!counting) return
  recorded.push({
    sql: event.query.sql,
    ms: Math.round(event.queryDurationMillis * 100) / 100,
    parameters: event.query.parameters,
    forRequest: requestScope.getStore() === true,
  })
}

// ---------------------------------------------------------------------------------------------
interface SeededUser {
  id: string
  username: string
  email: string
  password: string
  cookie: string
  songIds: number[]
}

async function seedAll(handle: DatabaseHandle) {
  const { db } = handle
  // A plan with no monthly limit, so 50 registrations of one user can be timed. The server's
  // start-up seeding only restores the free plan, so this one survives it.
  await db
    .insertInto('subscriptionPlans')
    .values({
      name: 'bench',
      displayName: 'Benchmark (unlimited)',
      monthlyRegistrations: -1,
      pricePerMonth: '0.00',
      pricePerRegistration: '0.00',
      features: JSON.stringify([]),
    })
    .onConflict((oc) => oc.column('name').doUpdateSet({ monthlyRegistrations: -1, active: true }))
    .execute()

  const passwordHash = await hashPassword(BENCH_PASSWORD)
  const template = songTemplate()
  const createUser = async (username: string, tier: string) => {
    const row = await db
      .insertInto('users')
      .values({
        email: `${username}@bench.test`,
        username,
        firstName: 'Bench',
        lastName: username,
        passwordHash,
        authProvider: 'local',
        emailVerified: true,
        subscriptionTier: tier,
        updatedAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }

  const owner = await userWithSongs('bench_owner', 'free', SONGS)
  const registrar = await userWithSongs('bench_registrar', 'bench', REGISTRAR_SONGS)
  const loadUsers: SeededUser[] = []
  for (let i = 0; i < LOAD_USERS; i++)
    loadUsers.push(await userWithSongs(`bench_load_${i}`, 'free', LOAD_USER_SONGS))
  // The dashboard's and certificate page's song: the owner's newest.
  return {
    password: BENCH_PASSWORD,
    songs: SONGS,
    owner: { ...owner, songIds: owner.songIds.slice(-5) },
    sampleSongId: owner.songIds.at(-1) ?? null,
    registrar,
    loadUsers,
  }

  async function userWithSongs(username: string, tier: string, count: number): Promise<SeededUser> {
    const userId = await createUser(username, tier)
    const songIds: number[] = []
    const now = Date.now()
    for (let offset = 0; offset < count; offset += BATCH) {
      const size = Math.min(BATCH, count - offset)
      const rows = Array.from({ length: size }, (_, k) => {
        const n = offset + k
        return {
          userId,
          certificateId: certificateId(),
          title: `${template.title} ${n + 1}`,
          contributorName: template.contributorName,
          coContributorName: template.coContributorName ?? null,
          coContributorName2: null,
          dateCreated: template.dateCreated,
          lyrics: template.lyrics ?? null,
          toolsUsed: template.toolsUsed,
          fileLink: `${template.fileLink}/${n + 1}`,
          genre: template.genre ?? null,
          isrc: null,
          iswc: null,
          upc: null,
          otherIdentifier: null,
          creativeNotes: template.creativeNotes ?? null,
          mainContributorPro: null,
          coContributorPro: null,
          coContributor2Pro: null,
          mainContributorProNumber: null,
          coContributorProNumber: null,
          coContributor2ProNumber: null,
          // Oldest first, one second apart, so "newest first" has a real order to follow.
          createdAt: new Date(now - (count - n) * 1000),
          updatedAt: new Date(now - (count - n) * 1000),
        }
      })
      const inserted = await db.insertInto('songs').values(rows).returning('id').execute()
      const ids = inserted.map((row) => row.id)
      songIds.push(...ids)
      await db
        .insertInto('creativeContributions')
        .values(ids.flatMap((songId) => template.contributions.map((c) => ({ songId, ...c }))))
        .execute()
    }
    const cookie = await sessionFor(userId)
    return {
      id: userId,
      username,
      email: `${username}@bench.test`,
      password: BENCH_PASSWORD,
      cookie,
      songIds,
    }
  }

  async function sessionFor(userId: string) {
    const sid = crypto.randomBytes(32).toString('base64url')
    await db
      .insertInto('sessions')
      .values({
        sidHash: sessionIdHash(sid),
        sess: JSON.stringify({ userId }),
        expire: new Date(Date.now() + 7 * 24 * 3600 * 1000),
        userId,
      })
      .execute()
    const header = await sessionCookie().serialize(sid)
    return header.split(';')[0] ?? ''
  }
}

/** One valid song, through the app's own schema (with its contribution rules applied). */
function songTemplate() {
  return SongSchema.parse({
    title: 'Bench song',
    contributorName: 'Bench Writer',
    coContributorName: 'Co Writer',
    dateCreated: '2024-05-01',
    lyrics: 'La la la\n'.repeat(40),
    toolsUsed: 'Logic Pro, a piano, no AI',
    fileLink: 'https://example.com/bench-song',
    genre: 'Pop',
    creativeNotes: 'Written for the benchmark.',
    contributions: [
      { component: 'lyrics', contributorPercent: 70, coContributorPercent: 30, aiPercent: 0 },
      { component: 'vocals', contributorPercent: 100 },
      {
        component: 'instrumentation',
        contributorPercent: 50,
        coContributorPercent: 40,
        aiPercent: 10,
      },
      { component: 'production', contributorPercent: 80, aiPercent: 20 },
      { component: 'mixing', contributorPercent: 60, coContributorPercent: 40 },
    ],
  })
}

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const usedIds = new Set<string>()
function certificateId() {
  for (;;) {
    const chars = Array.from({ length: 8 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)])
    const id = `PT-${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`
    if (!usedIds.has(id)) {
      usedIds.add(id)
      return id
    }
  }
}

// ---------------------------------------------------------------------------------------------
/**
 * Counts the statements each page costs, exactly as the production build runs them: the built
 * server bundle is imported in this process with our (counting) database handle installed, and
 * its request handler is called with real Requests. A document request runs the root loader and
 * the page's loader (and entry.server's page-view insert); every statement until the response
 * is finished and the process is idle again belongs to that request.
 */
async function countQueries(handle: DatabaseHandle, seed: Awaited<ReturnType<typeof seedAll>>) {
  const holder = globalThis as typeof globalThis & {
    __prooftrackDb?: DatabaseHandle
    __prooftrackDbReady?: Promise<DatabaseHandle>
  }
  holder.__prooftrackDb = handle
  holder.__prooftrackDbReady = Promise.resolve(handle)
  const buildPath = path.resolve(values.build)
  const build = await import(pathToFileURL(buildPath).href)
  const { createRequestHandler } = await import('@remix-run/node')
  const handler = createRequestHandler(build, 'production')
  const flushPageViews: () => Promise<void> = build.entry.module.flushPageViews
  await idle() // entry.server's start-up reconcile

  const base = 'http://localhost'
  const ua =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'
  const song = seed.sampleSongId
  const pages: { name: string; path: string; cookie?: string; budgeted: boolean }[] = [
    { name: 'static /privacy-policy', path: '/privacy-policy', budgeted: true },
    { name: 'landing / (signed out)', path: '/', budgeted: true },
    { name: 'dashboard /', path: '/', cookie: seed.owner.cookie, budgeted: true },
    {
      name: 'certificate /certificate/:id',
      path: `/certificate/${song}`,
      cookie: seed.owner.cookie,
      budgeted: true,
    },
    { name: 'GET /api/songs', path: '/api/songs', cookie: seed.owner.cookie, budgeted: true },
    { name: 'submit /submit', path: '/submit', cookie: seed.owner.cookie, budgeted: true },
    { name: 'songs list /songs', path: '/songs', cookie: seed.owner.cookie, budgeted: true },
    {
      name: 'register /songs/:id/register',
      path: `/songs/${song}/register`,
      cookie: seed.owner.cookie,
      budgeted: true,
    },
    {
      name: 'dashboard data (client navigation)',
      path: '/?_data=routes%2F_index',
      cookie: seed.owner.cookie,
      budgeted: false,
    },
  ]
  const results = []
  const plans: Record<string, string[]> = {}
  for (const page of pages) {
    // Once to warm caches (compiled queries, the env, the adapters), then the counted run.
    await call(page)
    await idle()
    await flushPageViews()
    recorded = []
    counting = true
    const status = await requestScope.run(true, () => call(page))
    await idle()
    await flushPageViews()
    counting = false
    // Page views are buffered and written in batches (one insert per up to 100 views, or per
    // 250 ms), whenever the batch timer fires: such an insert is reported apart, not as this
    // request's query. Anything else the request ran counts.
    const isPageViewBatch = (q: { sql: string }) =>
      q.sql.startsWith('insert into "analytics_events"')
    const requestStatements = recorded.filter((q) => q.forRequest && !isPageViewBatch(q))
    const statements = requestStatements.map((q) => ({ sql: shorten(q.sql), ms: q.ms }))
    const pageViewInserts = recorded.filter(isPageViewBatch).length
    const background = recorded
      .filter((q) => !q.forRequest && !isPageViewBatch(q))
      .map((q) => shorten(q.sql, 80))
    results.push({
      name: page.name,
      path: page.path,
      status,
      queries: statements.length,
      pageViewInserts,
      // Reported, not counted: statements of background work that ran meanwhile.
      background,
      budgeted: page.budgeted,
      statements,
    })
    if (page.name === 'dashboard /') {
      for (const q of requestStatements.filter((q) => /from "songs"/.test(q.sql)))
        plans[shorten(q.sql, 60)] = await explain(handle, q.sql, q.parameters)
    }
  }
  return { pages: results, dashboardPlans: plans }

  async function call(page: { path: string; cookie?: string }) {
    const headers = new Headers({ 'User-Agent': ua, Accept: 'text/html' })
    if (page.cookie) headers.set('Cookie', page.cookie)
    const response = await handler(new Request(base + page.path, { headers }))
    await response.text()
    return response.status
  }
}

/** Resolves once no statement has finished for a while (fire-and-forget inserts included). */
async function idle() {
  let seen = -1
  while (seen !== finished) {
    seen = finished
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
}

async function explain(handle: DatabaseHandle, statement: string, parameters: readonly unknown[]) {
  try {
    const result = await handle.db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`EXPLAIN (ANALYZE, BUFFERS) ${statement}`, [...parameters]),
    )
    return result.rows.map((row) => Object.values(row)[0] as string)
  } catch (error) {
    return [`EXPLAIN failed: ${error instanceof Error ? error.message : String(error)}`]
  }
}

function shorten(statement: string, max = 160) {
  const flat = statement.replace(/\s+/g, ' ')
  return flat.length > max ? `${flat.slice(0, max)}…` : flat
}

// ---------------------------------------------------------------------------------------------
async function main() {
  const started = performance.now()
  const handle = await openDatabase({
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: process.env.DATA_DIR ?? './data',
    onQuery,
  })
  try {
    await migrateToLatest(handle.db)
    await seedPlans(handle.db)
    const seed = await seedAll(handle)
    // Vacuumed and analysed, as a live database would be by now: PostgreSQL by its autovacuum,
    // the embedded one by the hourly housekeeping (vacuumEmbedded). Besides statistics, that marks
    // the pages all-visible, which lets a count be answered from an index alone.
    await sql`vacuum (analyze)`.execute(handle.db)
    const seededMs = Math.round(performance.now() - started)
    const queries = values['count-queries'] ? await countQueries(handle, seed) : undefined
    const output = { ...seed, seededMs, queries }
    if (values.out) fs.writeFileSync(values.out, JSON.stringify(output, null, 2))
    else console.log(JSON.stringify(output, null, 2))
    console.error(
      `[bench-seed] ${SONGS} songs seeded in ${seededMs} ms${queries ? ', queries counted' : ''}`,
    )
  } finally {
    await handle.close()
  }
}

await main()
// The built server bundle (imported to count queries) may leave the embedded chain's handles open.
process.exit(0)
