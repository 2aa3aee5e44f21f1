// Issue 15's proof: two app servers on one PostgreSQL behave as one. Server A is one process,
// server B a cluster of two (WEB_CONCURRENCY=2), each with its own DATA_DIR (the local ledger
// and store stay per machine; decision 025), against a fresh database. Runs only with
// DATABASE_URL, i.e. in .ci/run's PostgreSQL stage.
import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, inject, test, vi } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../../db/client'
import { useDatabase } from '~/services/platform/db.server'
import { hashPassword } from '~/services/accounts/password.server'
import { sessionStorage } from '~/services/accounts/session.server'
import { ensureBuild } from '../../scripts/lib/build.mjs'
import { freePort, type RunningServer, startServer } from '../e2e/server'
import { createDatabaseFromTemplate, dropDatabase } from '../setup/postgres'
import { testEnv } from '../setup/test-env'

const root = path.resolve(__dirname, '../..')
const baseUrl = process.env.DATABASE_URL!
const SUPPORT = 'support@prooftrack.test'

// One SMTP server on two ports, one per app server, so the count says who delivered what.
const received: { port: number; subject: string }[] = []
const smtp = [0, 1].map(
  () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        simpleParser(stream).then((mail) => {
          // Slow enough that both servers' workers are draining at once.
          setTimeout(() => {
            received.push({ port: session.localPort, subject: mail.subject ?? '' })
            callback()
          }, 100)
        }, callback)
      },
    }),
)
const smtpPorts: number[] = []

let database: { name: string; url: string }
let handle: DatabaseHandle
let a: RunningServer
let b: RunningServer
const dataDirs = { a: '', b: '' }

const db = () => handle.db
const json = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' }
const form = (fields: Record<string, string>, ip: string) => ({
  method: 'POST',
  redirect: 'manual' as const,
  headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': ip },
  body: new URLSearchParams(fields),
})

function serverEnv(which: 'a' | 'b', smtpPort: number): Record<string, string> {
  return {
    DATA_DIR: dataDirs[which],
    DATABASE_URL: database.url,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    ...(which === 'b' ? { WEB_CONCURRENCY: '2' } : {}),
  }
}

/** A user with a verified email, a password, one song, and a signed session cookie made directly. */
async function seedWriter(label: string) {
  const id = crypto.randomBytes(4).toString('hex')
  const user = await db()
    .insertInto('users')
    .values({
      email: `${label}-${id}@example.com`,
      username: `${label}_${id}`,
      emailVerified: true,
      authProvider: 'local',
      passwordHash: await hashPassword('Sup3rSecret!'),
      updatedAt: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  const certificateId =
    `PT-${crypto.randomBytes(2).toString('hex').toUpperCase()}-${crypto.randomBytes(2).toString('hex').toUpperCase()}`.replace(
      /[ILOU]/g,
      '0',
    )
  const song = await db()
    .insertInto('songs')
    .values({
      userId: user.id,
      title: `Song ${label}`,
      contributorName: 'Ann',
      dateCreated: '2025-03-01',
      toolsUsed: 'x',
      fileLink: 'https://example.com/x',
      certificateId,
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const session = await sessionStorage().getSession()
  session.set('userId', user.id)
  const cookie = (await sessionStorage().commitSession(session)).split(';')[0]!
  return { user, songId: song.id, certificateId, cookie }
}

/** Every memo anchored on the local ledgers of both servers. */
function memos() {
  return Object.values(dataDirs).flatMap((dir) => {
    const ledger = path.join(dir, 'ledger', 'tx')
    return fs.existsSync(ledger)
      ? fs
          .readdirSync(ledger)
          .map((f) => String(JSON.parse(fs.readFileSync(path.join(ledger, f), 'utf8')).memo))
      : []
  })
}

beforeAll(async () => {
  ensureBuild(root)
  database = await createDatabaseFromTemplate(baseUrl, inject('postgresTemplate'))
  handle = await openDatabase({ databaseUrl: database.url, dataDir: '' })
  // The app's services in this process (sessions, password hashing) use the servers' database.
  useDatabase(handle)
  for (const server of smtp) {
    const port = await freePort()
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
    smtpPorts.push(port)
  }
  dataDirs.a = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-two-a-'))
  dataDirs.b = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-two-b-'))
  ;[a, b] = await Promise.all([
    startServer(serverEnv('a', smtpPorts[0]!)),
    startServer(serverEnv('b', smtpPorts[1]!)),
  ])
}, 300_000)

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
  await Promise.all(
    smtp.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
  )
  await handle?.close()
  if (database) await dropDatabase(baseUrl, database.name)
})

describe('two servers on one PostgreSQL', () => {
  test('both are ready; a session made on one is valid on the other, and signing out on one ends it on both', async () => {
    for (const server of [a, b])
      expect(await (await fetch(`${server.baseUrl}/readyz`)).json()).toEqual({ status: 'ok' })
    const writer = await seedWriter('session')
    const login = await fetch(
      `${a.baseUrl}/login`,
      form({ usernameOrEmail: writer.user.email, password: 'Sup3rSecret!' }, '198.51.100.10'),
    )
    expect(login.status).toBe(302)
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith('pt_session='))!
      .split(';')[0]!
    for (const server of [a, b]) {
      const me = await fetch(`${server.baseUrl}/api/auth/user`, { headers: { Cookie: cookie } })
      expect(me.status).toBe(200)
      expect(await me.json()).toMatchObject({ email: writer.user.email })
    }
    const logout = await fetch(`${b.baseUrl}/api/auth/logout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: cookie },
    })
    expect(logout.status).toBe(302)
    for (const server of [a, b])
      expect(
        (await fetch(`${server.baseUrl}/api/auth/user`, { headers: { Cookie: cookie } })).status,
      ).toBe(401)
  })

  test('a rate limit holds across both: the eleventh failed sign-in from one address is refused on either', async () => {
    const attempt = (server: RunningServer) =>
      fetch(
        `${server.baseUrl}/login`,
        form(
          {
            usernameOrEmail: `nobody-${crypto.randomBytes(3).toString('hex')}`,
            password: 'wrong-password',
          },
          '198.51.100.77',
        ),
      ).then((r) => r.status)
    const first = []
    for (let i = 0; i < 10; i++) first.push(await attempt(i % 2 === 0 ? a : b))
    expect(first.filter((status) => status === 429)).toEqual([])
    expect(await attempt(a)).toBe(429)
    expect(await attempt(b)).toBe(429)
  })

  test(
    '50 concurrent registrations of one song over both servers: one registration, one quota unit, one memo',
    { timeout: 120_000 },
    async () => {
      const writer = await seedWriter('race')
      const statuses = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          fetch(
            `${(i % 2 === 0 ? a : b).baseUrl}/api/songs/${writer.songId}/blockchain/sponsored`,
            { method: 'POST', headers: { ...json, Cookie: writer.cookie } },
          ).then((r) => r.status),
        ),
      )
      expect(statuses.filter((s) => s === 201)).toHaveLength(1)
      expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([])
      const rows = await db()
        .selectFrom('blockchainRegistrations')
        .select('status')
        .where('songId', '=', writer.songId)
        .execute()
      expect(rows).toEqual([{ status: 'confirmed' }])
      const usage = await db()
        .selectFrom('monthlyUsage')
        .select('registrationsUsed')
        .where('userId', '=', writer.user.id)
        .execute()
      expect(usage).toEqual([{ registrationsUsed: 1 }])
      expect(memos().filter((memo) => memo.includes(` ${writer.certificateId} `))).toHaveLength(1)
    },
  )

  test(
    'a video uploaded through one plays, with ranges, from the other',
    { timeout: 120_000 },
    async () => {
      const admin = await db()
        .insertInto('users')
        .values({
          email: SUPPORT,
          username: 'admin_two',
          emailVerified: true,
          authProvider: 'local',
          updatedAt: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const session = await sessionStorage().getSession()
      session.set('userId', admin.id)
      // The administrator's session must have passed a second factor (issue 28, decision 063).
      session.set('secondFactor', true)
      const cookie = (await sessionStorage().commitSession(session)).split(';')[0]!
      // Three 256 KB chunks and a bit: ranges cross chunk boundaries.
      const video = crypto.randomBytes(3 * 256 * 1024 + 1000)
      const body = new FormData()
      body.set('video', new Blob([video], { type: 'video/mp4' }), 'two-servers.mp4')
      const upload = await fetch(`${a.baseUrl}/api/admin/upload-video`, {
        method: 'POST',
        headers: { ...json, Cookie: cookie },
        body,
      })
      expect(upload.status).toBe(201)

      const whole = await fetch(`${b.baseUrl}/media/landing-video`)
      expect(whole.status).toBe(200)
      expect(whole.headers.get('content-type')).toBe('video/mp4')
      expect(Buffer.from(await whole.arrayBuffer()).equals(video)).toBe(true)
      const part = await fetch(`${b.baseUrl}/media/landing-video`, {
        headers: { Range: 'bytes=262000-524500' },
      })
      expect(part.status).toBe(206)
      expect(part.headers.get('content-range')).toBe(`bytes 262000-524500/${video.byteLength}`)
      expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(262000, 524501))).toBe(
        true,
      )
      // Both servers name the same version, so a player's If-Range holds across them.
      const etags = await Promise.all(
        [a, b].map(async (server) =>
          (await fetch(`${server.baseUrl}/media/landing-video`, { method: 'HEAD' })).headers.get(
            'etag',
          ),
        ),
      )
      expect(etags[0]).toBeTruthy()
      expect(etags[0]).toBe(etags[1])
    },
  )

  test(
    '20 mails queued through both servers, both draining: each delivered exactly once',
    { timeout: 120_000 },
    async () => {
      const tag = crypto.randomBytes(3).toString('hex')
      const posts = Array.from({ length: 20 }, (_, i) =>
        fetch(
          `${(i % 2 === 0 ? a : b).baseUrl}/contact`,
          form(
            {
              name: 'Queue',
              email: 'queue@example.com',
              subject: `Mail ${tag} ${i}`,
              message: 'Delivered exactly once, please.',
            },
            `203.0.113.${100 + i}`,
          ),
        ).then((r) => r.status),
      )
      expect(await Promise.all(posts)).toEqual(Array(20).fill(302))
      const ours = () => received.filter((mail) => mail.subject.includes(`Mail ${tag} `))
      await vi.waitFor(() => expect(ours().length).toBeGreaterThanOrEqual(20), {
        timeout: 60_000,
        interval: 200,
      })
      // Past the next poll of both workers: nothing arrives twice.
      await new Promise((resolve) => setTimeout(resolve, 6000))
      const subjects = ours().map((mail) => mail.subject)
      expect(subjects).toHaveLength(20)
      expect(new Set(subjects).size).toBe(20)
      // Both servers delivered some.
      expect(new Set(ours().map((mail) => mail.port))).toEqual(new Set(smtpPorts))
      const outbox = await db()
        .selectFrom('mailOutbox')
        .select(['status', 'attempts'])
        .where('subject', 'like', `%Mail ${tag} %`)
        .execute()
      expect(outbox).toHaveLength(20)
      for (const row of outbox) expect(row).toEqual({ status: 'sent', attempts: 1 })
    },
  )

  test(
    'kill -9 of one server mid-registrations, then its restart: nothing lost, doubled or left pending',
    { timeout: 240_000 },
    async () => {
      const writers = []
      for (let i = 0; i < 16; i++) writers.push(await seedWriter(`crash${i}`))
      const requests = writers.map((w) =>
        fetch(`${a.baseUrl}/api/songs/${w.songId}/blockchain/sponsored`, {
          method: 'POST',
          headers: { ...json, Cookie: w.cookie },
        }).then(
          (r) => r.status,
          () => 'killed',
        ),
      )
      // Kill just after the first registration completes: some are done, others caught half-way.
      await Promise.race(requests)
      await new Promise((resolve) => setTimeout(resolve, 15))
      await a.stop('SIGKILL')
      const answered = await Promise.all(requests)
      // B kept serving throughout.
      expect((await fetch(`${b.baseUrl}/readyz`)).status).toBe(200)

      a = await startServer(serverEnv('a', smtpPorts[0]!))
      // The start-up pass leaves fresh rows to a possibly live server; the operator's
      // `npm run reconcile` (on A's machine, whose ledger signed them) finishes the job.
      const reconcile = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/reconcile.ts'], {
        cwd: root,
        env: { ...process.env, ...testEnv(dataDirs.a), DATABASE_URL: database.url },
        encoding: 'utf8',
      })
      expect(reconcile.status, reconcile.stderr).toBe(0)

      const rows = await db()
        .selectFrom('blockchainRegistrations as r')
        .innerJoin('songs as s', 's.id', 'r.songId')
        .select(['r.status', 's.certificateId', 's.userId', 's.arweaveId'])
        .where(
          's.certificateId',
          'in',
          writers.map((w) => w.certificateId),
        )
        .execute()
      console.log(
        '[two-servers] crash outcome',
        JSON.stringify(
          rows
            .map((r) => r.status)
            .reduce<Record<string, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {}),
        ),
        'answered',
        JSON.stringify(answered),
      )
      expect(rows.length).toBeGreaterThan(0)
      expect(rows.filter((r) => r.status === 'pending')).toEqual([])
      const anchoredMemos = memos()
      const usage = await db()
        .selectFrom('monthlyUsage')
        .select(['userId', 'registrationsUsed'])
        .execute()
      for (const writer of writers) {
        const anchored = anchoredMemos.filter((memo) => memo.includes(` ${writer.certificateId} `))
        const row = rows.find((r) => r.certificateId === writer.certificateId)
        expect(anchored.length).toBeLessThanOrEqual(1)
        if (anchored.length === 1) expect(row?.status).toBe('confirmed')
        if (row?.status === 'confirmed') {
          expect(anchored).toHaveLength(1)
          expect(row.arweaveId).toBeTruthy()
        }
        const used = usage.find((u) => u.userId === writer.user.id)?.registrationsUsed ?? 0
        expect(used).toBe(row?.status === 'confirmed' ? 1 : 0)
      }
    },
  )

  test('SIGTERM: the cluster and the single server both exit 0', { timeout: 60_000 }, async () => {
    const [codeA, codeB] = await Promise.all([a.stop('SIGTERM'), b.stop('SIGTERM')])
    expect(codeA).toBe(0)
    expect(codeB).toBe(0)
    expect(b.output()).toContain('[server] starting 2 processes (WEB_CONCURRENCY)')
  })
})
