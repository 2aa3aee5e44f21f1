import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createCookie } from '@remix-run/node'
import { expect, test } from 'vitest'
import { migrateToLatest, openDatabase } from '../../db/client'
import { seedPlans } from '../../db/seed'
import { sessionIdHash } from '~/services/accounts/session.server'
import { cookieKeyFor } from '~/services/platform/cookie-keys.server'
import { testEnv } from '../setup/test-env'
import { ADMIN, adminCode, databaseUrlFor, startServer, startServerWithAdmin } from './server'

/** Users with a verified email, one song each, and a signed session cookie — written before the server starts. */
async function seedWriters(dataDir: string, count: number) {
  const handle = await openDatabase({ databaseUrl: await databaseUrlFor(dataDir), dataDir })
  await migrateToLatest(handle.db)
  await seedPlans(handle.db)
  const cookie = createCookie('pt_session', {
    secrets: [cookieKeyFor(testEnv(dataDir).SESSION_SECRET, 'session')],
  })
  const writers: { cookie: string; songId: number; certificateId: string }[] = []
  for (let i = 0; i < count; i++) {
    const id = crypto.randomBytes(4).toString('hex')
    const user = await handle.db
      .insertInto('users')
      .values({
        email: `crash-${id}@example.com`,
        username: `crash_${id}`,
        emailVerified: true,
        authProvider: 'local',
        updatedAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const certificateId = `PT-${id
      .slice(0, 4)
      .toUpperCase()
      .replace(/[ILOU]/g, '0')}-${crypto
      .randomBytes(2)
      .toString('hex')
      .toUpperCase()
      .replace(/[ILOU]/g, '0')}`
    const song = await handle.db
      .insertInto('songs')
      .values({
        userId: user.id,
        title: `Crash ${i}`,
        contributorName: 'Ann',
        dateCreated: '2025-03-01',
        toolsUsed: 'x',
        fileLink: 'https://example.com/x',
        certificateId,
        updatedAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const sid = crypto.randomBytes(32).toString('base64url')
    await handle.db
      .insertInto('sessions')
      .values({
        sidHash: sessionIdHash(sid),
        sess: JSON.stringify({ userId: user.id }),
        expire: new Date(Date.now() + 86_400_000),
        userId: user.id,
      })
      .execute()
    writers.push({
      cookie: (await cookie.serialize(sid)).split(';')[0]!,
      songId: song.id,
      certificateId,
    })
  }
  await handle.close()
  return writers
}

test(
  'a server killed with SIGKILL mid-registration loses, doubles and leaves pending nothing after restart',
  { timeout: 240_000 },
  async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-crash-'))
    const writers = await seedWriters(dataDir, 16)
    const first = await startServer({ DATA_DIR: dataDir })
    const requests = writers.map((w) =>
      fetch(`${first.baseUrl}/api/songs/${w.songId}/blockchain/sponsored`, {
        method: 'POST',
        headers: { Cookie: w.cookie },
      }).then(
        (r) => r.status,
        () => 'killed',
      ),
    )
    // Kill just after the first registration completes: some are done, others caught half-way.
    await Promise.race(requests)
    await new Promise((resolve) => setTimeout(resolve, 15))
    await first.stop('SIGKILL')
    const answered = await Promise.all(requests)
    expect(answered.length).toBe(16)

    // Restart: reconcile runs at start-up; then stop cleanly to read the database.
    const second = await startServer({ DATA_DIR: dataDir })
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(await second.stop('SIGTERM')).toBe(0)
    // On PostgreSQL the start-up pass leaves fresh rows to their (possibly live) server, so the
    // operator's `npm run reconcile` finishes the job; on the embedded database it is a no-op.
    const reconcile = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/reconcile.ts'], {
      cwd: path.resolve(__dirname, '../..'),
      env: {
        ...process.env,
        ...testEnv(dataDir),
        DATABASE_URL: (await databaseUrlFor(dataDir)) ?? '',
      },
      encoding: 'utf8',
    })
    expect(reconcile.status, reconcile.stderr).toBe(0)

    const handle = await openDatabase({ databaseUrl: await databaseUrlFor(dataDir), dataDir })
    try {
      const rows = await handle.db
        .selectFrom('blockchainRegistrations as r')
        .innerJoin('songs as s', 's.id', 'r.songId')
        .select([
          'r.status',
          'r.transactionSignature',
          's.certificateId',
          's.userId',
          's.arweaveId',
        ])
        .where(
          's.certificateId',
          'in',
          writers.map((w) => w.certificateId),
        )
        .execute()
      console.log(
        '[crash] outcome',
        JSON.stringify(
          rows
            .map((r) => r.status)
            .reduce<Record<string, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {}),
        ),
        'answered',
        JSON.stringify(answered),
      )
      // Some registrations had started when the process died, so the test exercises recovery.
      expect(rows.length).toBeGreaterThan(0)
      expect(rows.filter((r) => r.status === 'pending')).toEqual([])
      const ledger = path.join(dataDir, 'ledger', 'tx')
      const memos = fs.existsSync(ledger)
        ? fs
            .readdirSync(ledger)
            // A write the kill cut short leaves its temporary sibling (<signature>.json.<random>.tmp),
            // never a half <signature>.json: the ledger's records are the renamed files only.
            .filter((f) => f.endsWith('.json'))
            .map((f) => String(JSON.parse(fs.readFileSync(path.join(ledger, f), 'utf8')).memo))
        : []
      for (const writer of writers) {
        const anchored = memos.filter((memo) => memo.includes(` ${writer.certificateId} `))
        const row = rows.find((r) => r.certificateId === writer.certificateId)
        // Never anchored twice; anything anchored is recorded as registered (nothing lost).
        expect(anchored.length).toBeLessThanOrEqual(1)
        if (anchored.length === 1) expect(row?.status).toBe('confirmed')
        if (row?.status === 'confirmed') {
          expect(anchored.length).toBe(1)
          expect(row.arweaveId).toBeTruthy()
        }
      }
      // Usage counts exactly the confirmed registrations: a failed one gave its unit back.
      const usage = await handle.db
        .selectFrom('monthlyUsage')
        .select(['userId', 'registrationsUsed'])
        .execute()
      for (const writer of rows) {
        const used = usage.find((u) => u.userId === writer.userId)?.registrationsUsed ?? 0
        expect(used).toBe(writer.status === 'confirmed' ? 1 : 0)
      }
    } finally {
      await handle.close()
    }
  },
)

test(
  'in production: HSTS, an upgrade-insecure-requests CSP and Secure, HttpOnly, SameSite=Lax cookies',
  // Its own SESSION_SECRET: the database is made and migrated and the administrator created in
  // processes of their own (no template), then a fresh authenticator step may be waited for.
  // That took over two minutes once on a machine at load 20.
  { timeout: 240_000 },
  async () => {
    // Production on the embedded ledger and store only when allowed outright (decision 019).
    const server = await startServerWithAdmin({
      APP_ENV: 'production',
      APP_URL: 'https://prooftrack.example',
      SESSION_SECRET: 'p'.repeat(48),
      ALLOW_LOCAL_LEDGER: 'true',
      ALLOW_LOCAL_STORAGE: 'true',
      ALLOW_LOCAL_TSA: 'true',
      ALLOW_LOCAL_SIGNING: 'true',
    })
    try {
      const page = await fetch(`${server.baseUrl}/login`)
      expect(page.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/)
      expect(page.headers.get('content-security-policy')).toContain('upgrade-insecure-requests')
      expect(page.headers.get('x-frame-options')).toBe('DENY')
      const login = await fetch(`${server.baseUrl}/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'X-Forwarded-For': '198.51.100.7',
        },
        body: new URLSearchParams({ usernameOrEmail: ADMIN.email, password: ADMIN.password }),
      })
      expect(login.status).toBe(302)
      // The administrator's second factor (issue 28): the code step makes the session.
      const pending = login.headers.getSetCookie().find((c) => c.startsWith('pt_2fa='))!
      for (const flag of ['Secure', 'HttpOnly', 'SameSite=Lax']) expect(pending).toContain(flag)
      const second = await fetch(`${server.baseUrl}/login/two-factor`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'X-Forwarded-For': '198.51.100.7',
          Cookie: pending.split(';')[0]!,
        },
        body: new URLSearchParams({ code: await adminCode(server.baseUrl) }),
      })
      expect(second.status).toBe(302)
      const cookies = [...login.headers.getSetCookie(), ...second.headers.getSetCookie()]
      const session = cookies.find((c) => c.startsWith('pt_session='))
      expect(session).toBeDefined()
      for (const flag of ['Secure', 'HttpOnly', 'SameSite=Lax', 'Path=/'])
        expect(session).toContain(flag)
      for (const cookie of cookies) expect(cookie).toContain('Secure')
      const api = await fetch(`${server.baseUrl}/api/auth/user`, {
        headers: { Cookie: session!.split(';')[0]! },
      })
      expect(api.status).toBe(200)
      expect(api.headers.get('strict-transport-security')).toBeTruthy()
    } finally {
      await server.stop()
    }
  },
)
