import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { generateSync } from 'otplib'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, inject } from 'vitest'
import { createDatabaseFromTemplate } from '../setup/postgres'
import { testEnv } from '../setup/test-env'

const root = path.resolve(__dirname, '../..')

export interface RunningServer {
  baseUrl: string
  dataDir: string
  process: ChildProcess
  output: () => string
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

export async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = net.createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        address && typeof address === 'object'
          ? resolve(address.port)
          : reject(new Error('no port')),
      )
    })
  })
}

export const ADMIN = {
  email: 'support@prooftrack.test',
  password: 'Adm1nistrator',
  /** The administrator must sign in with a second factor (issue 28): the key of its "app". */
  twoFactorKey: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
}

let lastAdminStep = 0
let adminClockOffsetMs = 0
/**
 * For a server whose clock is set elsewhere in time (tests/setup/fake-clock.mjs): the app's codes
 * follow that clock, as they would on a phone whose clock agrees with the server's.
 */
export function adminClockAt(offsetMs: number) {
  adminClockOffsetMs = offsetMs
  lastAdminStep = 0
}
/**
 * The administrator's authenticator code, as the app would show it. A code is taken once per
 * 30-second step, so sign-ins in quick succession take the next step's (accepted: ±1), and wait
 * for the clock past that.
 */
export async function adminCode() {
  for (;;) {
    const now = Math.floor((Date.now() + adminClockOffsetMs) / 30_000)
    const step = Math.max(now, lastAdminStep + 1)
    if (step <= now + 1) {
      lastAdminStep = step
      return generateSync({ secret: ADMIN.twoFactorKey, epoch: step * 30 })
    }
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
}

/**
 * Signs the administrator in through the login form, as a browser on our page would (from its own
 * client address, so the sign-in limit counts per test file); returns the session cookie.
 */
export async function adminSession(baseUrl: string, clientAddress: string) {
  // A form post from our own page, as the browser sends it.
  const post = (path: string, fields: Record<string, string>, cookie?: string) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: baseUrl,
        'Sec-Fetch-Site': 'same-origin',
        'X-Forwarded-For': clientAddress,
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: new URLSearchParams(fields),
    })
  const login = await post('/login', { usernameOrEmail: ADMIN.email, password: ADMIN.password })
  if (login.status !== 302) throw new Error(`The administrator's sign-in answered ${login.status}`)
  const pending = login.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('pt_2fa='))!
    .split(';')[0]!
  const second = await post('/login/two-factor', { code: await adminCode() }, pending)
  const session = second.headers.getSetCookie().find((cookie) => cookie.startsWith('pt_session='))
  if (!session) throw new Error(`The administrator's code answered ${second.status}`)
  return session.split(';')[0]!
}

let postgresTemplate: string | undefined
/** The global setup, which has no `inject`, names the migrated template it made. */
export function usePostgresTemplate(name: string) {
  postgresTemplate = name
}
const databases = new Map<string, Promise<string>>()
/** The browser tests' databases are named so, and dropped together when the run ends. */
export const E2E_DATABASES = 'prooftrack_e2e'
/**
 * On PostgreSQL (CI's last stage), one database per DATA_DIR, cloned from the migrated template:
 * the same isolation the embedded database gives, which lives in DATA_DIR. A server restarted on
 * its DATA_DIR finds its data again; servers never see each other's rows, administrator codes,
 * audit results or snapshots stamped by another DATA_DIR's local TSA (decision 025).
 * Undefined on the embedded database.
 */
export function databaseUrlFor(dataDir: string): Promise<string> | undefined {
  const url = process.env.DATABASE_URL
  if (!url) return undefined
  let database = databases.get(dataDir)
  if (!database) {
    postgresTemplate ??= inject('postgresTemplate')
    database = createDatabaseFromTemplate(url, postgresTemplate, E2E_DATABASES).then(
      (created) => created.url,
    )
    databases.set(dataDir, database)
  }
  return database
}

/** What a server or script started on `dataDir` is given: its own database on PostgreSQL. */
async function databaseEnv(dataDir: string, extraEnv: Record<string, string>) {
  if (extraEnv.DATABASE_URL !== undefined) return {}
  const url = await databaseUrlFor(dataDir)
  return url ? { DATABASE_URL: url } : {}
}

/** Creates the administrator with `npm run admin:create` (as an operator would), then starts the server. */
export async function startServerWithAdmin(extraEnv: Record<string, string> = {}) {
  const dataDir = extraEnv.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-e2e-'))
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/admin-create.ts',
      '--email',
      ADMIN.email,
      '--password',
      ADMIN.password,
      '--two-factor-key',
      ADMIN.twoFactorKey,
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        ...testEnv(dataDir),
        ...(await databaseEnv(dataDir, extraEnv)),
        ...extraEnv,
      },
      encoding: 'utf8',
    },
  )
  if (result.status !== 0) throw new Error(`admin:create failed: ${result.stderr}${result.stdout}`)
  return startServer({ ...extraEnv, DATA_DIR: dataDir })
}

/** Starts the production build with the server entry, exactly as `npm start` would after building. */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  // A PORT given is used (a test that must know its address first, as passkeys' rpID does).
  const port = extraEnv.PORT ? Number(extraEnv.PORT) : await freePort()
  const dataDir = extraEnv.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-e2e-'))
  const baseUrl = `http://127.0.0.1:${port}`
  // The tests stand in for one proxy: each browser context sends its own X-Forwarded-For, so
  // per-address limits count per test. tests/e2e/hardening.test.ts starts one with 0 hops.
  const child = spawn(process.execPath, [path.join(root, 'server/index.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      ...testEnv(dataDir),
      APP_URL: baseUrl,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      TRUST_PROXY_HOPS: '1',
      ...(await databaseEnv(dataDir, extraEnv)),
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))

  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited during start-up:\n${log}`)
    try {
      const response = await fetch(`${baseUrl}/healthz`)
      if (response.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`The server did not answer /healthz within 60 s:\n${log}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }

  return {
    baseUrl,
    dataDir,
    process: child,
    output: () => log,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal)
      return exited
    },
  }
}

/**
 * A server of this test file's (or describe block's) own: started in beforeAll, stopped in afterAll.
 * `admin` creates the administrator first; `env` is read when the server starts, so it can use what
 * earlier beforeAll hooks set up (a stand-in Stripe, an OAuth server).
 */
export function useServer(
  options: { admin?: boolean; env?: () => Record<string, string> } = {},
): RunningServer {
  let running: RunningServer | undefined
  beforeAll(async () => {
    const env = options.env?.() ?? {}
    running = options.admin ? await startServerWithAdmin(env) : await startServer(env)
  })
  afterAll(async () => {
    await running?.stop()
  })
  const current = () => {
    if (!running) throw new Error('The server starts in beforeAll: use it inside hooks and tests')
    return running
  }
  return {
    get baseUrl() {
      return current().baseUrl
    },
    get dataDir() {
      return current().dataDir
    },
    get process() {
      return current().process
    },
    output: () => current().output(),
    stop: (signal) => current().stop(signal),
  }
}
