import crypto from 'node:crypto'
import { beforeAll } from 'vitest'
import { COMPONENTS } from '~/lib/song-constants'
import { SongRecordedBeforeSharesSchema } from '~/lib/song-schema'
import { hashPassword } from '~/services/accounts/password.server'
import { sessionStorage } from '~/services/accounts/session.server'
import { getUserById, isAdmin } from '~/services/accounts/users.server'
import { createSong } from '~/services/songs/songs.server'
import { db } from '~/services/platform/db.server'

export const PASSWORD = 'Sup3rSecret!'

export async function createUser(
  overrides: {
    email?: string
    username?: string
    emailVerified?: boolean
    firstName?: string | null
    lastName?: string | null
    password?: string
  } = {},
) {
  const suffix = crypto.randomBytes(4).toString('hex')
  return db()
    .insertInto('users')
    .values({
      email: overrides.email ?? `user-${suffix}@example.com`,
      username: overrides.username ?? `user_${suffix}`,
      firstName: overrides.firstName === undefined ? 'Ann' : overrides.firstName,
      lastName: overrides.lastName === undefined ? 'Writer' : overrides.lastName,
      passwordHash: await hashPassword(overrides.password ?? PASSWORD),
      authProvider: 'local',
      emailVerified: overrides.emailVerified ?? false,
      updatedAt: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** The verified support account (one per database: the email is unique). */
export async function createAdmin() {
  const existing = await db()
    .selectFrom('users')
    .selectAll()
    .where('email', '=', 'support@prooftrack.test')
    .executeTakeFirst()
  if (existing)
    return db()
      .updateTable('users')
      .set({ emailVerified: true })
      .where('id', '=', existing.id)
      .returningAll()
      .executeTakeFirstOrThrow()
  return createUser({
    email: 'support@prooftrack.test',
    username: `admin_${crypto.randomBytes(3).toString('hex')}`,
    emailVerified: true,
  })
}

/**
 * A `Cookie` header value for a fresh database session of this user, as sign-in would make. The
 * admin's session has passed a second factor, as admin pages require (issue 28); tests of that
 * rule ask for `secondFactor: false`.
 */
export async function sessionCookie(userId: string, options: { secondFactor?: boolean } = {}) {
  const secondFactor = options.secondFactor ?? isAdmin(await getUserById(db(), userId))
  const session = await sessionStorage().getSession()
  session.set('userId', userId)
  if (secondFactor) session.set('secondFactor', true)
  const setCookie = await sessionStorage().commitSession(session)
  return setCookie.split(';')[0]!
}

export async function authedRequest(url: string, userId: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers)
  headers.set('Cookie', await sessionCookie(userId))
  return new Request(url, { ...init, headers })
}

/** A form posted by this user, signed in, as a browser without JavaScript posts it. */
export function authedFormRequest(url: string, userId: string, fields: Record<string, string>) {
  return authedRequest(url, userId, { method: 'POST', body: new URLSearchParams(fields) })
}

/**
 * A verified user signed in for the whole file, made before its first test: read `id` and
 * `cookie` inside the tests.
 */
export function useSignedInUser() {
  const user = { id: '', cookie: '' }
  beforeAll(async () => {
    user.id = (await createUser({ emailVerified: true })).id
    user.cookie = await sessionCookie(user.id)
  })
  return user
}

export function formRequest(
  url: string,
  fields: Record<string, string>,
  headers: HeadersInit = {},
) {
  return new Request(url, { method: 'POST', headers, body: new URLSearchParams(fields) })
}

export function jsonRequest(url: string, body: unknown, headers: HeadersInit = {}) {
  return new Request(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
}

/** The `name=value` part of a Set-Cookie header, to send back as a Cookie. */
export function cookieFrom(response: Response, name: string) {
  const header = response.headers.get('Set-Cookie') ?? ''
  const match = new RegExp(`${name}=[^;]*`).exec(header)
  return match?.[0] ?? null
}

export const args = (request: Request, params: Record<string, string> = {}) => ({
  request,
  params,
  context: {},
})

/** Runs a loader or action and returns its Response, whether it was returned or thrown. */
export async function respond(run: () => unknown): Promise<Response> {
  try {
    const result = await run()
    if (result instanceof Response) return result
    throw new Error(`Expected a Response, got ${typeof result}`)
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}

/**
 * A song of this user's, created as the submit form would: a valid song with placeholder details;
 * `overrides` sets the fields a test cares about. Read as records saved before decision 095 were,
 * so a test may name a co-writer without giving them a share.
 */
export async function createTestSong(userId: string, overrides: Record<string, unknown> = {}) {
  return createSong(
    db(),
    userId,
    SongRecordedBeforeSharesSchema.parse({
      title: 'Test Song',
      contributorName: 'Ann',
      dateCreated: '2025-03-01',
      toolsUsed: 'Piano',
      fileLink: 'https://example.com/a.mp3',
      ...overrides,
    }),
  )
}

/**
 * The song form's fields as a browser posts them: `fields`, then a row for each of the five
 * components, holding what `row` gives it (`contributorPercent`, `aiPercent`…).
 */
export function songFormFields(
  fields: Record<string, string>,
  row: (component: (typeof COMPONENTS)[number]) => Record<string, string>,
) {
  const posted = { ...fields }
  COMPONENTS.forEach((component, i) => {
    posted[`contributions[${i}].component`] = component
    for (const [name, value] of Object.entries(row(component)))
      posted[`contributions[${i}].${name}`] = value
  })
  return posted
}

/**
 * A verified owner, signed in (`cookie`), and their song with one co-writer who shares the lyrics
 * half and half: 佐藤's “さくら” with Олег Петров, unless `song` and `owner` say otherwise.
 */
export async function createOwnerWithCoWriter(
  song: Record<string, unknown> = {},
  owner: Parameters<typeof createUser>[0] = {},
) {
  const user = await createUser({ emailVerified: true, firstName: '佐藤', ...owner })
  const created = await createTestSong(user.id, {
    title: 'さくら',
    contributorName: '佐藤 花子',
    coContributorName: 'Олег Петров',
    contributions: [
      {
        component: 'lyrics',
        contributorPercent: 50,
        coContributorPercent: 50,
        coContributor2Percent: 0,
        aiPercent: 0,
      },
    ],
    ...song,
  })
  return { owner: user, song: created, cookie: await sessionCookie(user.id) }
}

/** The recording's length stored for a song, in seconds (null: not given). */
export async function storedDuration(songId: number) {
  const row = await db()
    .selectFrom('songs')
    .select('durationSeconds')
    .where('id', '=', songId)
    .executeTakeFirstOrThrow()
  return row.durationSeconds
}

/**
 * A co-writer's invitation as the invitation flow leaves it (issue 13): sent, confirmed or
 * disputed. Inserted directly, so tests of the record need not run the flow. Returns the row.
 */
export async function createSplitInvitation(
  songId: number,
  slot: 'main' | 'co-contributor' | 'co-contributor-2',
  fields: {
    email?: string
    decision?: 'confirmed' | 'disputed' | null
    decidedAt?: Date
    creditedName?: string
    creditedLatinName?: string | null
    pro?: string | null
    ipi?: string | null
    disputeReason?: string
    expiresAt?: Date
  } = {},
) {
  const random = () => crypto.randomBytes(32).toString('hex')
  const decision = fields.decision ?? null
  return db()
    .insertInto('splitInvitations')
    .values({
      songId,
      slot,
      email: fields.email ?? `${slot}-${random().slice(0, 8)}@example.com`,
      emailSalt: random(),
      tokenHash: random(),
      splitSha256: random(),
      expiresAt: fields.expiresAt ?? new Date(Date.now() + 14 * 86_400_000),
      lastSentAt: new Date(),
      decision,
      decidedAt: decision ? (fields.decidedAt ?? new Date()) : null,
      creditedName: decision === 'confirmed' ? (fields.creditedName ?? 'Credited Name') : null,
      creditedLatinName: fields.creditedLatinName ?? null,
      pro: fields.pro ?? null,
      ipi: fields.ipi ?? null,
      disputeReason: decision === 'disputed' ? (fields.disputeReason ?? 'Not my share') : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}
