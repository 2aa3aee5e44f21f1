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

/**
 * The last authenticator step used on each server's database, by its data directory: a code is
 * taken once per account and database, so a server started again on the same directory keeps
 * its count, and one process's sign-ins on other servers do not make this one's wait.
 */
const lastAdminStep = new Map<string, number>()
/** Each running server's data directory, by its address (a restart gets a new address). */
const dataDirByOrigin = new Map<string, string>()
let adminClockOffsetMs = 0
/**
 * For a server whose clock is set elsewhere in time (tests/setup/fake-clock.mjs): the app's codes
 * follow that clock, as they would on a phone whose clock agrees with the server's.
 */
export function adminClockAt(offsetMs: number) {
  adminClockOffsetMs = offsetMs
  lastAdminStep.clear()
}

/**
 * The administrator's authenticator code for the server at `origin`, as the app would show it.
 * A code is taken once per 30-second step, so sign-ins in quick succession on one server take
 * the next step's (accepted: ±1), and wait for the clock past that.
 */
export async function adminCode(origin: string) {
  const key = dataDirByOrigin.get(new URL(origin).origin) ?? new URL(origin).origin
  for (;;) {
    const now = Math.floor((Date.now() + adminClockOffsetMs) / 30_000)
    const step = Math.max(now, (lastAdminStep.get(key) ?? 0) + 1)
    if (step <= now + 1) {
      lastAdminStep.set(key, step)
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
  const second = await post('/login/two-factor', { code: await adminCode(baseUrl) }, pending)
  const session = second.headers.getSetCookie().find((cookie) => cookie.startsWith('pt_session='))
  if (!session) throw new Error(`The administrator's code answered ${second.status}`)
  return session.split(';')[0]!
}

let postgresTemplates: PostgresTemplates | undefined
/** On PostgreSQL: the migrated template, and its copy with the administrator already created. */
export interface PostgresTemplates {
  plain: string
  admin: string
}
/** The global setup, which has no `inject`, names the migrated templates it made. */
export function usePostgresTemplates(templates: PostgresTemplates) {
  postgresTemplates = templates
}
const databases = new Map<string, Promise<string>>()
/** The browser tests' databases are named so, and dropped together when the run ends. */
export const E2E_DATABASES = 'prooftrack_e2e'
/**
 * On PostgreSQL (CI's last stage), one database per DATA_DIR, cloned from the migrated template
 * (or, for a server whose administrator is made for it, the template holding one): the same
 * isolation the embedded database gives, which lives in DATA_DIR. A server restarted on its
 * DATA_DIR finds its data again; servers never see each other's rows, administrator codes,
 * audit results or snapshots stamped by another DATA_DIR's local TSA (decision 025).
 * Undefined on the embedded database.
 */
export function databaseUrlFor(dataDir: string, withAdmin = false): Promise<string> | undefined {
  const url = process.env.DATABASE_URL
  if (!url) return undefined
  let database = databases.get(dataDir)
  if (!database) {
    postgresTemplates ??= inject('postgresTemplates')
    const template = withAdmin ? postgresTemplates.admin : postgresTemplates.plain
    database = createDatabaseFromTemplate(url, template, E2E_DATABASES).then(
      (created) => created.url,
    )
    databases.set(dataDir, database)
  }
  return database
}

/** What a server or script started on `dataDir` is given: its own database on PostgreSQL. */
async function databaseEnv(dataDir: string, extraEnv: Record<string, string>, withAdmin = false) {
  if (extraEnv.DATABASE_URL !== undefined) return {}
  const url = await databaseUrlFor(dataDir, withAdmin)
  return url ? { DATABASE_URL: url } : {}
}

/** `npm run admin:create` as an operator runs it, on `dataDir`'s database. */
export function createAdministrator(env: Record<string, string | undefined>) {
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
    { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' },
  )
  if (result.status !== 0) throw new Error(`admin:create failed: ${result.stderr}${result.stdout}`)
}

/**
 * Embedded data directories made once per run by the global setup (issue 36): one migrated, one
 * migrated with the administrator. A new server's DATA_DIR starts as a copy of one of them
 * instead of creating and migrating a database (and, for the administrator, running
 * `npm run admin:create` in a process of its own): that was most of every server's start.
 */
export interface EmbeddedTemplates {
  plain: string
  admin: string
}
let embeddedTemplates: EmbeddedTemplates | undefined
export function useEmbeddedTemplates(templates: EmbeddedTemplates) {
  embeddedTemplates = templates
}

export function makeEmbeddedTemplates(): EmbeddedTemplates {
  const embedded = { DATABASE_URL: '' }
  const plain = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-e2e-template-'))
  const migrate = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/migrate.ts'], {
    cwd: root,
    env: { ...process.env, ...testEnv(plain), ...embedded },
    encoding: 'utf8',
  })
  if (migrate.status !== 0) throw new Error(`db:migrate failed: ${migrate.stderr}${migrate.stdout}`)
  const admin = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-e2e-template-'))
  fs.cpSync(path.join(plain, 'pglite'), path.join(admin, 'pglite'), { recursive: true })
  createAdministrator({ ...testEnv(admin), ...embedded })
  return { plain, admin }
}

/**
 * Starts `dataDir` as a copy of a template when it is new, on the embedded database, with the
 * test configuration's SESSION_SECRET (the administrator's second-factor key is sealed under
 * it). False when the caller must create the database's content itself.
 */
export function seedFromTemplate(
  dataDir: string,
  extraEnv: Record<string, string>,
  withAdmin: boolean,
) {
  const embedded = extraEnv.DATABASE_URL === '' || !process.env.DATABASE_URL
  if (!embedded || extraEnv.DATABASE_URL || extraEnv.SESSION_SECRET) return false
  const target = path.join(dataDir, 'pglite')
  if (fs.existsSync(target)) return false
  embeddedTemplates ??= inject('embeddedTemplates')
  const template = withAdmin ? embeddedTemplates.admin : embeddedTemplates.plain
  fs.cpSync(path.join(template, 'pglite'), target, { recursive: true })
  return true
}

/** Creates the administrator (as `npm run admin:create` would), then starts the server. */
export async function startServerWithAdmin(extraEnv: Record<string, string> = {}) {
  const dataDir = extraEnv.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-e2e-'))
  const onPostgres = process.env.DATABASE_URL && extraEnv.DATABASE_URL === undefined
  const cloned = onPostgres && !databases.has(dataDir) && !extraEnv.SESSION_SECRET
  if (cloned) await databaseEnv(dataDir, extraEnv, true)
  else if (!seedFromTemplate(dataDir, extraEnv, true))
    createAdministrator({
      ...testEnv(dataDir),
      ...(await databaseEnv(dataDir, extraEnv)),
      ...extraEnv,
    })
  return startServer({ ...extraEnv, DATA_DIR: dataDir })
}

class PortTakenError extends Error {}

/**
 * Starts the production build with the server entry, exactly as `npm start` would after building.
 * A free port is found by letting the system pick one and letting it go; the child binds it only
 * after opening its database, seconds later, and a server another test file starts meanwhile can
 * take it first. The child then exits with EADDRINUSE while the other server answers /healthz on
 * that port, and a test would go on talking to a stranger (issue 36: the backup-while-serving
 * failure). So a server is ready only when its own output says it listens on its port, and is
 * started again on another port when that one was taken.
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = extraEnv.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-e2e-'))
  seedFromTemplate(dataDir, extraEnv, false)
  for (let attempt = 1; ; attempt++) {
    try {
      return await launch({ ...extraEnv, DATA_DIR: dataDir })
    } catch (error) {
      // A PORT given is used as it is (a test that must know its address first, as passkeys' rpID).
      if (!(error instanceof PortTakenError) || extraEnv.PORT || attempt === 3) throw error
    }
  }
}

/**
 * V8 compiles the embedded database's WebAssembly with its baseline compiler only: a test
 * server lives seconds to a minute, and the optimising tier's background compiling cost more
 * CPU than its faster code saved (decision 099). The same code runs; only how fast differs.
 */
const SERVER_FLAGS = ['--liftoff-only']

async function launch(
  extraEnv: Record<string, string> & { DATA_DIR: string },
): Promise<RunningServer> {
  const port = extraEnv.PORT ? Number(extraEnv.PORT) : await freePort()
  const dataDir = extraEnv.DATA_DIR
  const baseUrl = `http://127.0.0.1:${port}`
  dataDirByOrigin.set(baseUrl, dataDir)
  // The tests stand in for one proxy: each browser context sends its own X-Forwarded-For, so
  // per-address limits count per test. tests/e2e/hardening.test.ts starts one with 0 hops.
  const child = spawn(process.execPath, [...SERVER_FLAGS, path.join(root, 'server/index.mjs')], {
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

  // Ours listens when it says so ('[server] http://127.0.0.1:<port>'), and then answers /healthz.
  const listening = new RegExp(`\\[server\\] http://[^\\s/]+:${port}\\b`)
  const deadline = Date.now() + 90_000
  for (;;) {
    if (child.exitCode !== null) {
      if (log.includes('EADDRINUSE')) throw new PortTakenError(log)
      throw new Error(`The server exited during start-up:\n${log}`)
    }
    if (listening.test(log)) {
      const response = await fetch(`${baseUrl}/healthz`).catch(() => undefined)
      if (response?.ok) break
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`The server did not answer /healthz within 90 s:\n${log}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
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
 * The run's shared server, started by the global setup with its administrator, whose session it
 * made once (tests/e2e/global-setup.ts): for files that need nothing of a server but its pages,
 * its administrator and its mail (decision 099). Each test makes its own accounts and songs,
 * and each browser context is its own client address, so files on it do not meet. The one
 * administrator session is shared because a second sign-in from another file in the same
 * 30-second step would reuse its code, which the server refuses.
 */
export function sharedServer() {
  return {
    baseUrl: inject('baseUrl'),
    dataDir: inject('sharedDataDir'),
    adminSession: inject('adminSession'),
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
