// The data download of an account at the song ceiling (issue 38.3, decision 079): memory and
// event-loop delay, measured, not asserted. `node --expose-gc --import tsx
// scripts/bench-data-download.ts [songs] [lyrics characters]` (defaults: the ceiling, 25,000).
// The songs are written straight to the table with long multi-script lyrics; the download runs
// through the route's loader, its body read as a client would, never kept. It prints the peak
// RSS above the level before the download, the event loop's largest delay while it ran (what a
// /healthz request would have waited at worst), its 99th percentile, the time and the bytes.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-download-bench-'))
Object.assign(process.env, {
  APP_ENV: 'test',
  DATA_DIR: dataDir,
  SESSION_SECRET: 'bench-session-secret-that-is-at-least-32-characters',
  APP_URL: 'http://localhost:3000',
})

const { migrateToLatest, openDatabase } = await import('../db/client')
const { seedPlans } = await import('../db/seed')
const { db, useDatabase } = await import('../app/services/platform/db.server')
const { sessionStorage } = await import('../app/services/accounts/session.server')
const { sql } = await import('kysely')
const route = await import('../app/resource-routes/settings_.data[.]zip')

const songs = Number(process.argv[2] ?? 2_000)
const characters = Number(process.argv[3] ?? 25_000)
const handle = await openDatabase({ dataDir })
await migrateToLatest(handle.db)
await seedPlans(handle.db)
useDatabase(handle)

const user = await db()
  .insertInto('users')
  .values({
    email: 'bench-download@example.com',
    username: 'bench_download',
    firstName: 'ミナ',
    authProvider: 'local',
    emailVerified: true,
    updatedAt: new Date(),
  })
  .returningAll()
  .executeTakeFirstOrThrow()
const verse = 'さくら गीत เพลง שיר أغنية песня 🎸 '
const lyrics = verse.repeat(Math.ceil(characters / verse.length)).slice(0, characters)
for (let start = 0; start < songs; start += 100)
  await sql`
    insert into songs (user_id, title, contributor_name, date_created, tools_used, file_link,
                       certificate_id, lyrics, creative_notes, updated_at)
    select ${user.id}, 'गीत ' || g, 'ミナ', '2025-03-01', 'Piano', 'https://example.com/a.mp3',
           'PT-BENCH-' || lpad(g::text, 8, '0'), ${lyrics}, 'notes', now()
    from generate_series(${start + 1}::int, ${Math.min(songs, start + 100)}::int) g`.execute(db())
console.info(`[bench] ${songs} songs of ${characters} characters seeded`)

const session = await sessionStorage().getSession()
session.set('userId', user.id)
const cookie = (await sessionStorage().commitSession(session)).split(';')[0]!

globalThis.gc?.()
await new Promise((resolve) => setTimeout(resolve, 500))
const before = process.memoryUsage().rss
let peak = before
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss)
}, 20)
const delay = monitorEventLoopDelay({ resolution: 10 })
delay.enable()
const started = performance.now()
const response = await route.loader({
  request: new Request('http://localhost/settings/data.zip', { headers: { Cookie: cookie } }),
  params: {},
  context: {},
})
let bytes = 0
const reader = response.body!.getReader()
for (;;) {
  const { done, value } = await reader.read()
  if (done) break
  bytes += value.byteLength
}
const ms = performance.now() - started
delay.disable()
clearInterval(sampler)
const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`
console.info(
  `[bench] data download, ${songs} songs: status ${response.status}, ${mb(bytes)} zipped in ${(ms / 1000).toFixed(1)} s; ` +
    `RSS ${mb(before)} before, peak +${mb(peak - before)}; event-loop delay max ${Math.round(delay.max / 1e6)} ms, ` +
    `p99 ${Math.round(delay.percentile(99) / 1e6)} ms`,
)
await handle.close?.()
fs.rmSync(dataDir, { recursive: true, force: true })
process.exit(0)
