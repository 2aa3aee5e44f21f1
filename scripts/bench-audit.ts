// The record audit on 10,000 registered certificates (issue 30): memory and event-loop delay,
// measured, not asserted. `npm run bench -- audit [count]` (or `node --expose-gc --import tsx
// scripts/bench-audit.ts [count]`). It prints the event-loop delay while the audit runs beside the
// same measure taken for 5 s while this process idles (the machine's own noise: on shared cores
// the scheduler alone makes delays), and the slowest SQL statements (on PGlite each one runs on
// the event loop).
// 20 songs are registered for real (local ledger, local store); the rest are copies of those
// registrations under fresh certificate ids and fresh signatures, their ledger records copied
// under the new signature. A copy runs every step of the verification — the transaction and its
// signatures, the memo, the stored manifest read and re-hashed — and fails at the comparison
// (the manifest names another certificate), so each is as much work as a real record.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import bs58 from 'bs58'

const count = Number(process.argv[2] ?? 10_000)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-audit-bench-'))
Object.assign(process.env, {
  APP_ENV: 'test',
  DATA_DIR: dataDir,
  SESSION_SECRET: 'bench-session-secret-that-is-at-least-32-characters',
  APP_URL: 'http://localhost:3000',
})

const { migrateToLatest, openDatabase } = await import('../db/client')
const { seedPlans } = await import('../db/seed')
const { db, useDatabase } = await import('../app/services/platform/db.server')
const { createSong } = await import('../app/services/songs/songs.server')
const { SongSchema } = await import('../app/lib/song-schema')
const { registerSong } = await import('../app/services/registration/registration.server')
const { runRecordAudit, AUDIT_BATCH_SIZE } =
  await import('../app/services/admin/record-audit.server')

// Every statement's duration while the audit runs: the slowest show what holds the event loop.
let recording = false
const slowest: { ms: number; sql: string }[] = []
const handle = await openDatabase({
  dataDir,
  onQuery: (event) => {
    if (!recording) return
    slowest.push({ ms: event.queryDurationMillis, sql: event.query.sql.slice(0, 90) })
    if (slowest.length > 200) {
      slowest.sort((a, b) => b.ms - a.ms)
      slowest.length = 20
    }
  },
})
await migrateToLatest(handle.db)
await seedPlans(handle.db)
useDatabase(handle)

// One free registration a month each: every real registration gets its own writer.
async function newUser(i: number) {
  return db()
    .insertInto('users')
    .values({
      email: `bench-${i}@example.com`,
      username: `bench_${i}`,
      firstName: 'Ann',
      lastName: 'Writer',
      passwordHash: 'x',
      authProvider: 'local',
      emailVerified: true,
      updatedAt: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

const REAL = 20
const real: { songId: number; signature: string }[] = []
for (let i = 0; i < REAL; i++) {
  const user = await newUser(i)
  const song = await createSong(
    db(),
    user.id,
    SongSchema.parse({
      title: `Bench ${i} — 벤치`,
      contributorName: 'Ann',
      dateCreated: '2025-03-01',
      toolsUsed: 'Piano',
      fileLink: 'https://example.com/a.mp3',
    }),
  )
  const outcome = await registerSong(user.id, song.id, { confirmed: true })
  if (!outcome.ok) throw new Error(outcome.message)
  real.push({ songId: song.id, signature: outcome.transactionSignature })
}

const ledger = path.join(dataDir, 'ledger', 'tx')
const songs = await db()
  .selectFrom('songs')
  .selectAll()
  .where(
    'id',
    'in',
    real.map((r) => r.songId),
  )
  .execute()
const registrations = await db()
  .selectFrom('blockchainRegistrations')
  .selectAll()
  .where(
    'songId',
    'in',
    real.map((r) => r.songId),
  )
  .execute()
const seedStarted = performance.now()
for (let made = REAL; made < count; made += 500) {
  const n = Math.min(500, count - made)
  const copies = Array.from({ length: n }, (_, k) => {
    const from = songs[(made + k) % REAL]!
    const { id: _id, ...rest } = from
    const digits = String(made + k).padStart(8, '0')
    return { ...rest, certificateId: `PT-${digits.slice(0, 4)}-${digits.slice(4)}` }
  })
  const inserted = await db()
    .insertInto('songs')
    .values(copies as never)
    .returning(['id'])
    .execute()
  const rows = inserted.map(({ id }, k) => {
    const source = registrations.find((r) => r.songId === songs[(made + k) % REAL]!.id)!
    const signature = bs58.encode(crypto.randomBytes(64))
    fs.copyFileSync(
      path.join(ledger, `${source.transactionSignature}.json`),
      path.join(ledger, `${signature}.json`),
    )
    const { id: _id, ...rest } = source
    return { ...rest, songId: id, transactionSignature: signature, supersedesSongId: null }
  })
  const registered = await db()
    .insertInto('blockchainRegistrations')
    .values(rows as never)
    .returning(['id'])
    .execute()
  // As a confirmed registration gets it (registration-finish.server.ts, decision 069).
  await db()
    .insertInto('recordAudits')
    .values(
      registered.map(({ id }, k) => ({
        registrationId: id,
        certificateId: copies[k]!.certificateId,
        ok: false,
      })),
    )
    .execute()
}
console.log(
  `seeded ${count} registered certificates in ${Math.round(performance.now() - seedStarted)} ms`,
)

const errors = console.error
console.error = () => {}
global.gc?.()
const idle = monitorEventLoopDelay({ resolution: 10 })
idle.enable()
await new Promise((resolve) => setTimeout(resolve, 5000))
idle.disable()
const before = process.memoryUsage()
const delay = monitorEventLoopDelay({ resolution: 10 })
recording = true
let peakRss = before.rss
let peakHeap = before.heapUsed
const sampler = setInterval(() => {
  const now = process.memoryUsage()
  peakRss = Math.max(peakRss, now.rss)
  peakHeap = Math.max(peakHeap, now.heapUsed)
}, 100)
delay.enable()
const started = performance.now()
const pass = await runRecordAudit()
const ms = performance.now() - started
delay.disable()
recording = false
clearInterval(sampler)
slowest.sort((a, b) => b.ms - a.ms)
console.error = errors
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
console.log(
  JSON.stringify(
    {
      records: pass.checked,
      holding: pass.holding,
      failing: pass.failing,
      batchSize: AUDIT_BATCH_SIZE,
      seconds: Math.round(ms / 100) / 10,
      perRecordMs: Math.round((ms / pass.checked) * 100) / 100,
      rssBefore: mb(before.rss),
      rssPeak: mb(peakRss),
      heapBefore: mb(before.heapUsed),
      heapPeak: mb(peakHeap),
      eventLoopDelayMs: {
        p50: delay.percentile(50) / 1e6,
        p99: delay.percentile(99) / 1e6,
        max: delay.max / 1e6,
      },
      idleEventLoopDelayMs: {
        p50: idle.percentile(50) / 1e6,
        p99: idle.percentile(99) / 1e6,
        max: idle.max / 1e6,
      },
      slowestStatements: slowest.slice(0, 5).map((q) => `${q.ms.toFixed(1)} ms: ${q.sql}`),
    },
    null,
    2,
  ),
)
await handle.close()
fs.rmSync(dataDir, { recursive: true, force: true })
