import crypto from 'node:crypto'
import { createCookie, createSessionStorage, redirect } from '@remix-run/node'
import { sql } from 'kysely'
import { z } from 'zod'
import { env } from '~/env.server'
import type { User } from '#db/schema'
import { db, type Executor } from '../platform/db.server'
import { decisionsAwaitingNotice } from '../co-writers/decision-notices.server'
import { cookieSecrets } from '../platform/cookie-keys.server'

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60
const SessionData = z.object({
  userId: z.string().uuid(),
  userAgent: z.string().optional(),
  secondFactor: z.boolean().optional(),
})
type SessionData = z.infer<typeof SessionData>

const USER_AGENT_MAX = 512
const expiry = (expires?: Date) => expires ?? new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000)

/**
 * Sessions live in the `sessions` table; the cookie holds only the random session id, so a
 * session can be ended on the server (sign-out, password reset) and any app server can read it.
 * The table keeps the id's SHA-256, never the id (decision 077): a copy of the database, its WAL
 * or a backup signs nobody in. Every read and write below goes through this hash.
 */
export const sessionIdHash = (sid: string) => crypto.createHash('sha256').update(sid).digest('hex')

let cookie: ReturnType<typeof createCookie> | undefined
export function sessionCookie() {
  cookie ??= createCookie('pt_session', {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: env().isProduction,
    secrets: cookieSecrets('session'),
    maxAge: SESSION_MAX_AGE_SECONDS,
  })
  return cookie
}

let storage: ReturnType<typeof createSessionStorage<SessionData>> | undefined
export function sessionStorage() {
  storage ??= createSessionStorage<SessionData>({
    cookie: sessionCookie(),
    async createData(data, expires) {
      const sid = crypto.randomBytes(32).toString('base64url')
      // The browser's name and the second factor go to their own columns, not into the session data.
      const { userAgent, secondFactor, ...parsed } = SessionData.partial().parse(data)
      await db()
        .insertInto('sessions')
        .values({
          sidHash: sessionIdHash(sid),
          sess: JSON.stringify(parsed),
          expire: expiry(expires),
          userId: parsed.userId ?? null,
          userAgent: userAgent?.slice(0, USER_AGENT_MAX) || null,
          secondFactorAt: secondFactor ? new Date() : null,
        })
        .execute()
      return sid
    },
    async readData(sid) {
      const row = await db()
        .selectFrom('sessions')
        .select('sess')
        .where('sidHash', '=', sessionIdHash(sid))
        .where('expire', '>', new Date())
        .executeTakeFirst()
      const parsed = SessionData.safeParse(row?.sess)
      return parsed.success ? parsed.data : null
    },
    async updateData(sid, data, expires) {
      const { userAgent: _kept, secondFactor: _set, ...parsed } = SessionData.partial().parse(data)
      await db()
        .updateTable('sessions')
        .set({
          sess: JSON.stringify(parsed),
          expire: expiry(expires),
          userId: parsed.userId ?? null,
        })
        .where('sidHash', '=', sessionIdHash(sid))
        .execute()
    },
    async deleteData(sid) {
      await db().deleteFrom('sessions').where('sidHash', '=', sessionIdHash(sid)).execute()
    },
  })
  return storage
}

/**
 * Answers to a request that carries the session cookie are one person's: neither a proxy nor
 * the browser (the back button on a shared computer after sign-out) may keep them. Only the
 * cookie's presence is checked, so no page pays a query for it; a stale one costs a cache miss.
 */
export function noStoreWhenSignedIn(cookieHeader: string | null, headers: Headers) {
  const name = `${sessionCookie().name}=`
  const cookies = cookieHeader?.split(';') ?? []
  if (cookies.some((cookie) => cookie.trim().startsWith(name)))
    headers.set('Cache-Control', 'no-store')
}

/** The session id from the signed cookie, or null when there is none or it was tampered with. */
export async function getSessionId(cookieHeader: string | null): Promise<string | null> {
  const sid: unknown = await sessionCookie().parse(cookieHeader)
  return typeof sid === 'string' && sid.length > 0 ? sid : null
}

/** A live session's user, and whether a co-writer's answer waits to be told to them as a toast. */
export interface SignedIn {
  user: User
  /** When the session began, last proved its owner again (the confirm page), passed a second factor. */
  session: { createdAt: Date; reauthenticatedAt: Date | null; secondFactorAt: Date | null }
  /** Some decision on the user's songs has no owner_notified_at yet (takeDecisionNotice takes it). */
  decisionWaiting: boolean
  /** Moves with every change to what the owner's song lists show (decision 089). */
  dataVersion: string
}

/** The signed-in user in one query (session joined to user); a session whose user is gone counts as signed out. */
export async function getSignedIn(cookieHeader: string | null) {
  const sid = await getSessionId(cookieHeader)
  return sid ? signedInBySessionId(db(), sid) : null
}

/** The signed-in user alone, for callers that show no toast. */
export async function getSessionUser(cookieHeader: string | null) {
  return (await getSignedIn(cookieHeader))?.user ?? null
}

/**
 * The user of a live session, null when it has expired or its user is gone. The same statement
 * answers whether a decision notice waits (an EXISTS over a small partial index), so the root
 * loader runs its UPDATE only on the one page that has a toast to show (issue 16).
 */
export async function signedInBySessionId(
  database: Executor,
  sid: string,
): Promise<SignedIn | null> {
  const row = await database
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .selectAll('users')
    .select((eb) => [
      eb.exists(decisionsAwaitingNotice(database, eb.ref('users.id'))).as('decisionWaiting'),
      eb
        .selectFrom('ownerDataVersions as v')
        .select(sql<string>`v.version::text`.as('version'))
        .whereRef('v.userId', '=', 'users.id')
        .as('dataVersion'),
      'sessions.lastSeenAt as sessionLastSeenAt',
      'sessions.createdAt as sessionCreatedAt',
      'sessions.reauthenticatedAt as sessionReauthenticatedAt',
      'sessions.secondFactorAt as sessionSecondFactorAt',
    ])
    .where('sessions.sidHash', '=', sessionIdHash(sid))
    .where('sessions.expire', '>', new Date())
    .executeTakeFirst()
  if (!row) return null
  const {
    decisionWaiting,
    dataVersion,
    sessionLastSeenAt,
    sessionCreatedAt,
    sessionReauthenticatedAt,
    sessionSecondFactorAt,
    ...user
  } = row
  if (Date.now() - new Date(sessionLastSeenAt).getTime() > LAST_SEEN_STEP_MS)
    await database
      .updateTable('sessions')
      .set({ lastSeenAt: new Date() })
      .where('sidHash', '=', sessionIdHash(sid))
      .execute()
  return {
    user,
    decisionWaiting: Boolean(decisionWaiting),
    dataVersion: dataVersion ?? '0',
    session: {
      createdAt: sessionCreatedAt,
      reauthenticatedAt: sessionReauthenticatedAt,
      secondFactorAt: sessionSecondFactorAt,
    },
  }
}

/**
 * "Last seen" moves in steps of five minutes: the sessions list needs no finer answer, and a page
 * then costs a write only once in a while rather than on every request.
 */
const LAST_SEEN_STEP_MS = 5 * 60 * 1000

/**
 * Starts a fresh session (a new id, never a reused one) and redirects with its cookie. Sign-in
 * goes through completeSignIn (sign-in.server.ts), which decides `secondFactor`.
 */
export async function createUserSession(
  request: Request,
  userId: string,
  redirectTo: string,
  headers = new Headers(),
  { secondFactor = false }: { secondFactor?: boolean } = {},
) {
  const session = await sessionStorage().getSession()
  session.set('userId', userId)
  if (secondFactor) session.set('secondFactor', true)
  const userAgent = request.headers.get('User-Agent')
  if (userAgent) session.set('userAgent', userAgent)
  headers.append('Set-Cookie', await sessionStorage().commitSession(session, { expires: expiry() }))
  return redirect(redirectTo, { headers })
}

export async function destroySessionHeaders(cookieHeader: string | null) {
  const session = await sessionStorage().getSession(cookieHeader)
  return new Headers({ 'Set-Cookie': await sessionStorage().destroySession(session) })
}

/** Ends every session of a user except, optionally, the one making the request. */
export async function endUserSessions(database: Executor, userId: string, exceptSid?: string) {
  let query = database.deleteFrom('sessions').where('userId', '=', userId)
  if (exceptSid) query = query.where('sidHash', '!=', sessionIdHash(exceptSid))
  await query.execute()
}

/** A session as its owner sees it in the list: never its id, which is the cookie's secret. */
export interface SessionListing {
  /** SHA-256 of the id, cut short: names the session in a form without revealing it. */
  key: string
  userAgent: string | null
  createdAt: Date
  lastSeenAt: Date
  current: boolean
}

// The same key as when the table held the ids: the hash, cut short, in base64url.
const sessionKey = (sidHash: string) =>
  Buffer.from(sidHash, 'hex').toString('base64url').slice(0, 22)

/** A user's live sessions, the newest first; `current` marks the one making the request. */
export async function listUserSessions(
  database: Executor,
  userId: string,
  currentSid: string | null,
): Promise<SessionListing[]> {
  const rows = await database
    .selectFrom('sessions')
    .select(['sidHash', 'userAgent', 'createdAt', 'lastSeenAt'])
    .where('userId', '=', userId)
    .where('expire', '>', new Date())
    .orderBy('lastSeenAt', 'desc')
    .execute()
  const current = currentSid ? sessionIdHash(currentSid) : null
  return rows.map((row) => ({
    key: sessionKey(row.sidHash),
    userAgent: row.userAgent,
    createdAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
    current: row.sidHash === current,
  }))
}

/**
 * Ends the user's one session named by its key; only that user's sessions are looked at, so a
 * key from someone else's list ends nothing. False when no session of theirs has that key.
 */
export async function endSessionByKey(database: Executor, userId: string, key: string) {
  const rows = await database
    .selectFrom('sessions')
    .select('sidHash')
    .where('userId', '=', userId)
    .execute()
  const match = rows.find((row) => sessionKey(row.sidHash) === key)
  if (!match) return false
  await database
    .deleteFrom('sessions')
    .where('sidHash', '=', match.sidHash)
    .where('userId', '=', userId)
    .execute()
  return true
}

/** The session proved its owner again (the confirm page): sensitive changes are open 10 minutes. */
export async function markReauthenticated(
  database: Executor,
  sid: string,
  { secondFactor = false }: { secondFactor?: boolean } = {},
) {
  const now = new Date()
  await database
    .updateTable('sessions')
    .set(
      secondFactor ? { reauthenticatedAt: now, secondFactorAt: now } : { reauthenticatedAt: now },
    )
    .where('sidHash', '=', sessionIdHash(sid))
    .execute()
}
