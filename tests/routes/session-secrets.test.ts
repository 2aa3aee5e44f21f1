import crypto from 'node:crypto'
import { createCookie } from '@remix-run/node'
import { sql } from 'kysely'
import { expect, test } from 'vitest'
import * as stats from '~/resource-routes/api.admin.stats'
import * as login from '~/routes/login'
import * as reset from '~/routes/reset-password'
import * as settings from '~/routes/settings'
import { env } from '~/env.server'
import { getSessionId, getSessionUser, sessionIdHash } from '~/services/accounts/session.server'
import { type CookiePurpose, cookieSecrets } from '~/services/platform/cookie-keys.server'
import { db } from '../setup/db'
import {
  args,
  cookieFrom,
  createAdmin,
  createUser,
  formRequest,
  PASSWORD,
  respond,
  sessionCookie,
} from '../setup/fixtures'

// Issue 38 (decision 077): the WAL held live session ids in clear, and the reset link's cookie
// signed any string with the session cookie's key, so an id read off the disk became a cookie.

async function signIn(usernameOrEmail: string) {
  const response = await respond(() =>
    login.action(
      args(formRequest('http://localhost/login', { usernameOrEmail, password: PASSWORD })),
    ),
  )
  expect(response.status).toBe(302)
  return cookieFrom(response, 'pt_session')!
}

/** Every row of every table of ours, as text: where a secret kept in clear would show. */
async function everyRow() {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db())
  const texts: string[] = []
  for (const { name } of tables.rows) {
    const rows = await sql<{
      row: unknown
    }>`select row_to_json(t) as row from ${sql.table(name)} t`.execute(db())
    for (const { row } of rows.rows) texts.push(`${name}: ${JSON.stringify(row)}`)
  }
  return texts
}

test('after a sign-in no row of the database holds the session id; the sessions table holds its SHA-256', async () => {
  const user = await createUser({ firstName: 'สมชาย', username: 'somchai_rak' })
  const cookie = await signIn('somchai_rak')
  const sid = (await getSessionId(cookie))!
  expect(sid).toMatch(/^[A-Za-z0-9_-]{43}$/)
  expect((await getSessionUser(cookie))?.id).toBe(user.id)

  const stored = await db()
    .selectFrom('sessions')
    .select('sidHash')
    .where('userId', '=', user.id)
    .execute()
  expect(stored).toEqual([{ sidHash: crypto.createHash('sha256').update(sid).digest('hex') }])
  expect(stored[0]!.sidHash).not.toBe(sid)
  const rows = await everyRow()
  expect(rows.some((row) => row.startsWith('sessions: '))).toBe(true)
  expect(rows.filter((row) => row.includes(sid))).toEqual([])
})

test('the reset link’s cookie, made from another user’s session id, signs nobody in', async () => {
  const admin = await createAdmin()
  const adminCookie = await sessionCookie(admin.id)
  const adminSid = (await getSessionId(adminCookie))!
  // Before: the administrator's own cookie answers the stats.
  const own = await respond(() =>
    stats.loader(
      args(new Request('http://localhost/api/admin/stats', { headers: { Cookie: adminCookie } })),
    ),
  )
  expect(own.status).toBe(200)

  // The review's attack: an id read off the disk, signed by the reset page, replayed.
  const link = await respond(() =>
    reset.loader(args(new Request(`http://localhost/reset-password?token=${adminSid}`))),
  )
  expect(link.status).toBe(302)
  const kept = cookieFrom(link, 'pt_reset')!
  expect(kept).toMatch(/^pt_reset=.+/)
  const forged = kept.replace(/^pt_reset=/, 'pt_session=')
  expect(await getSessionId(forged)).toBeNull()
  expect(await getSessionUser(forged)).toBeNull()

  const api = await respond(() =>
    stats.loader(
      args(new Request('http://localhost/api/admin/stats', { headers: { Cookie: forged } })),
    ),
  )
  expect(api.status).toBe(401)
  const page = await respond(() =>
    settings.loader(
      args(new Request('http://localhost/settings', { headers: { Cookie: forged } })),
    ),
  )
  expect(page.status).toBe(302)
  expect(page.headers.get('Location')).toMatch(/^\/login/)
})

const PURPOSES: CookiePurpose[] = [
  'session',
  'password-reset',
  'pending-two-factor',
  'passkey-ceremony',
  'sign-in-device',
  'google-state',
  'toast',
]

test('a value signed for one cookie’s purpose is refused by every other', async () => {
  const value = 'Привет — नमस्ते — こんにちは — שלום — مرحبا 🎵'
  for (const from of PURPOSES) {
    const header = (
      await createCookie('pt_test', { secrets: cookieSecrets(from) }).serialize(value)
    ).split(';')[0]!
    for (const to of PURPOSES) {
      const parsed: unknown = await createCookie('pt_test', { secrets: cookieSecrets(to) }).parse(
        header,
      )
      expect({ from, to, accepted: parsed === value }).toEqual({ from, to, accepted: from === to })
    }
  }
})

test('a session cookie signed before the upgrade (the shared key) signs nobody in: it could be a reset cookie minted from a session id', async () => {
  const user = await createUser({ firstName: 'Иван' })
  const sid = (await getSessionId(await sessionCookie(user.id)))!
  const legacy = (
    await createCookie('pt_session', { secrets: [env().SESSION_SECRET] }).serialize(sid)
  ).split(';')[0]!
  expect(await getSessionUser(legacy)).toBeNull()
  // The shared key signs no cookie of ours, and checks none.
  for (const purpose of PURPOSES) expect(cookieSecrets(purpose)).not.toContain(env().SESSION_SECRET)
  expect(sessionIdHash(sid)).toHaveLength(64)
})
