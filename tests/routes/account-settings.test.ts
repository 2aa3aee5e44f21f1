import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import * as deleteAccountRoute from '~/routes/settings_.delete-account'
import * as passwordRoute from '~/routes/settings_.password'
import * as profileRoute from '~/routes/settings_.profile'
import * as sessionsRoute from '~/routes/settings_.sessions'
import * as settingsRoute from '~/routes/settings'
import * as deleteSongRoute from '~/routes/songs.$id.delete'
import * as verifyRoute from '~/routes/verify.$certificateId'
import { describeBrowser } from '~/lib/user-agent'
import { SONG_REGISTERED_CANNOT_DELETE, tombstoneEmail } from '~/services/accounts/account.server'
import { verifyPassword } from '~/services/accounts/password.server'
import { registerSong } from '~/services/registration/registration.server'
import { getSessionUser, sessionStorage } from '~/services/accounts/session.server'
import { verifyLogin } from '~/services/accounts/users.server'
import { db } from '../setup/db'
import {
  args,
  createSplitInvitation,
  createTestSong,
  createUser,
  PASSWORD,
  respond,
} from '../setup/fixtures'
import { lastMailTo, mailTo } from '../setup/mail'

// Issue 28 part 1: the settings a signed-in person runs themselves, each through its route.

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'
const SAFARI_PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'

/** A browser's session as sign-in makes it: its own cookie, its own User-Agent. */
async function browser(userId: string, userAgent = FIREFOX) {
  const session = await sessionStorage().getSession()
  session.set('userId', userId)
  session.set('userAgent', userAgent)
  const cookie = (await sessionStorage().commitSession(session)).split(';')[0]!
  return {
    cookie,
    get: (url: string) =>
      new Request(url, { headers: { Cookie: cookie, 'User-Agent': userAgent } }),
    post: (url: string, fields: Record<string, string>) =>
      new Request(url, {
        method: 'POST',
        headers: {
          Cookie: cookie,
          'User-Agent': userAgent,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams(fields),
      }),
  }
}

const signedIn = async (cookie: string) => Boolean(await getSessionUser(cookie))

describe('profile', () => {
  test('names in any script are saved; the username keeps sign-up’s rules and stays unique', async () => {
    const user = await createUser()
    const other = await createUser({ username: `taken_${Date.now()}` })
    const b = await browser(user.id)
    const url = 'http://localhost/settings/profile'
    const saved = await respond(() =>
      profileRoute.action(
        args(b.post(url, { firstName: '민지', lastName: 'שלום', username: `Minji_${Date.now()}` })),
      ),
    )
    expect(saved.status).toBe(302)
    const row = await db()
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect([row.firstName, row.lastName]).toEqual(['민지', 'שלום'])
    expect(row.username).toMatch(/^Minji_/)

    const bad = await respond(() =>
      profileRoute.action(
        args(b.post(url, { firstName: 'Ann', lastName: 'Lee', username: 'a b' })),
      ),
    )
    expect(bad.status).toBe(400)
    expect(JSON.stringify(await bad.json())).toContain(
      'Username can only contain letters, numbers, and underscores',
    )
    const clash = await respond(() =>
      profileRoute.action(
        args(
          b.post(url, {
            firstName: 'Ann',
            lastName: 'Lee',
            username: other.username.toUpperCase(),
          }),
        ),
      ),
    )
    expect(clash.status).toBe(409)
    expect(JSON.stringify(await clash.json())).toContain('Username is already taken')
    const missing = await respond(() =>
      profileRoute.action(
        args(b.post(url, { firstName: '', lastName: 'Lee', username: 'abc_def' })),
      ),
    )
    expect(missing.status).toBe(400)
    expect(JSON.stringify(await missing.json())).toContain('Enter your first name')
  })
})

describe('password', () => {
  const url = 'http://localhost/settings/password'
  const strong = 'N3w-Passw0rd'

  test('changed with the current one: other browsers end, this one stays, and a mail says so', async () => {
    const user = await createUser()
    const here = await browser(user.id)
    const there = await browser(user.id, SAFARI_PHONE)
    const wrong = await respond(() =>
      passwordRoute.action(
        args(
          here.post(url, { currentPassword: 'nope', newPassword: strong, confirmPassword: strong }),
        ),
      ),
    )
    expect(wrong.status).toBe(400)
    expect(JSON.stringify(await wrong.json())).toContain('Your current password is not correct')
    expect(await signedIn(there.cookie)).toBe(true)

    const done = await respond(() =>
      passwordRoute.action(
        args(
          here.post(url, {
            currentPassword: PASSWORD,
            newPassword: strong,
            confirmPassword: strong,
          }),
        ),
      ),
    )
    expect(done.status).toBe(302)
    expect(await verifyLogin(db(), user.username, strong)).not.toBeNull()
    expect(await verifyLogin(db(), user.username, PASSWORD)).toBeNull()
    expect(await signedIn(here.cookie)).toBe(true)
    expect(await signedIn(there.cookie)).toBe(false)
    const mail = await lastMailTo(user.email)
    expect(mail?.subject).toBe('Your ProofTrack password was changed')
    expect(mail?.text).toContain('Every other browser signed in to the account was signed out.')
  })

  test('a weak or mismatched new password is refused with sign-up’s message', async () => {
    const user = await createUser()
    const b = await browser(user.id)
    const weak = await respond(() =>
      passwordRoute.action(
        args(
          b.post(url, {
            currentPassword: PASSWORD,
            newPassword: 'password',
            confirmPassword: 'password',
          }),
        ),
      ),
    )
    expect(weak.status).toBe(400)
    expect(JSON.stringify(await weak.json())).toContain(
      'Password must contain at least one uppercase letter, one lowercase letter, and one number',
    )
    const mismatch = await respond(() =>
      passwordRoute.action(
        args(
          b.post(url, {
            currentPassword: PASSWORD,
            newPassword: strong,
            confirmPassword: `${strong}x`,
          }),
        ),
      ),
    )
    expect(JSON.stringify(await mismatch.json())).toContain("Passwords don't match")
  })

  test('a Google-only account sets its first password without a current one', async () => {
    const user = await createUser()
    await db()
      .updateTable('users')
      .set({ passwordHash: null, authProvider: 'google' })
      .where('id', '=', user.id)
      .execute()
    const b = await browser(user.id)
    const page = await (await respond(() => passwordRoute.loader(args(b.get(url))))).json()
    expect(page.hasPassword).toBe(false)
    const done = await respond(() =>
      passwordRoute.action(args(b.post(url, { newPassword: strong, confirmPassword: strong }))),
    )
    expect(done.status).toBe(302)
    const row = await db()
      .selectFrom('users')
      .select('passwordHash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(await verifyPassword(row.passwordHash, strong)).toBe(true)
    expect((await lastMailTo(user.email))?.subject).toBe(
      'A password was set on your ProofTrack account',
    )
  })

  test('guesses at the current password are limited per account', async () => {
    const user = await createUser()
    const b = await browser(user.id)
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      const answer = await respond(() =>
        passwordRoute.action(
          args(
            b.post(url, {
              currentPassword: `wrong${i}`,
              newPassword: strong,
              confirmPassword: strong,
            }),
          ),
        ),
      )
      statuses.push(answer.status)
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true)
    expect(statuses[10]).toBe(429)
  })
})

describe('sessions across two browsers', () => {
  const url = 'http://localhost/settings/sessions'

  test('each browser is listed with its name and times; this one is marked; one or all others end', async () => {
    const user = await createUser()
    const laptop = await browser(user.id, FIREFOX)
    const phone = await browser(user.id, SAFARI_PHONE)
    const third = await browser(user.id, FIREFOX)
    const list = await (await respond(() => sessionsRoute.loader(args(laptop.get(url))))).json()
    expect(list.sessions).toHaveLength(3)
    const current = list.sessions.filter((s: { current: boolean }) => s.current)
    expect(current).toHaveLength(1)
    expect(current[0].browser).toBe('Firefox on Linux')
    expect(list.sessions.map((s: { browser: string }) => s.browser)).toContain('Safari on iOS')
    // The session id is the cookie's secret: it never reaches the page.
    const sids = await db()
      .selectFrom('sessions')
      .select('sidHash')
      .where('userId', '=', user.id)
      .execute()
    for (const { sidHash } of sids) expect(JSON.stringify(list)).not.toContain(sidHash)

    // Another user cannot end this user's session with its key.
    const stranger = await createUser()
    const strangerBrowser = await browser(stranger.id)
    const phoneKey = (
      await (await respond(() => sessionsRoute.loader(args(phone.get(url))))).json()
    ).sessions.find((s: { current: boolean }) => s.current).key
    const refused = await respond(() =>
      sessionsRoute.action(args(strangerBrowser.post(url, { intent: 'end', session: phoneKey }))),
    )
    expect(refused.status).toBe(404)
    expect(await signedIn(phone.cookie)).toBe(true)

    const ended = await respond(() =>
      sessionsRoute.action(args(laptop.post(url, { intent: 'end', session: phoneKey }))),
    )
    expect(ended.status).toBe(302)
    expect(await signedIn(phone.cookie)).toBe(false)
    expect(await signedIn(third.cookie)).toBe(true)

    const others = await respond(() =>
      sessionsRoute.action(args(laptop.post(url, { intent: 'end-others' }))),
    )
    expect(others.status).toBe(302)
    expect(await signedIn(third.cookie)).toBe(false)
    expect(await signedIn(laptop.cookie)).toBe(true)
    const bad = await respond(() =>
      sessionsRoute.action(args(laptop.post(url, { intent: 'end', session: 'x' }))),
    )
    expect(bad.status).toBe(400)
  })

  test('browsers are named the way people know them', () => {
    expect(describeBrowser(null)).toBe('Unknown browser')
    expect(
      describeBrowser(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge on Windows')
    expect(
      describeBrowser(
        'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome on Android')
  })
})

async function registeredSong(userId: string, title = 'Registered Song') {
  const song = await createTestSong(userId, { title })
  const outcome = await registerSong(userId, song.id, { confirmed: true })
  if (!outcome.ok) throw new Error(outcome.message)
  return song
}

describe('deleting an unregistered song', () => {
  test('the song goes with its splits and invitations; a registered one and someone else’s cannot', async () => {
    const user = await createUser({ emailVerified: true })
    const b = await browser(user.id)
    const song = await createTestSong(user.id, { title: 'Черновик', coContributorName: 'Bob' })
    await createSplitInvitation(song.id, 'co-contributor')
    const registered = await registeredSong(user.id)
    const hub = await (
      await respond(() => settingsRoute.loader(args(b.get('http://localhost/settings'))))
    ).json()
    expect(hub.songs.map((s: { title: string }) => s.title)).toEqual(['Черновик'])

    const stranger = await createUser()
    const strangerBrowser = await browser(stranger.id)
    const url = `http://localhost/songs/${song.id}/delete`
    const notTheirs = await respond(() =>
      deleteSongRoute.action(
        args(strangerBrowser.post(url, { confirm: 'delete' }), { id: String(song.id) }),
      ),
    )
    expect(notTheirs.status).toBe(404)

    const unconfirmed = await respond(() =>
      deleteSongRoute.action(args(b.post(url, {}), { id: String(song.id) })),
    )
    expect(unconfirmed.status).toBe(400)

    const deleted = await respond(() =>
      deleteSongRoute.action(args(b.post(url, { confirm: 'delete' }), { id: String(song.id) })),
    )
    expect(deleted.status).toBe(302)
    expect(deleted.headers.get('Location')).toBe('/songs')
    const left = await db().selectFrom('songs').select('id').where('id', '=', song.id).execute()
    expect(left).toEqual([])
    const invitations = await db()
      .selectFrom('splitInvitations')
      .select('id')
      .where('songId', '=', song.id)
      .execute()
    expect(invitations).toEqual([])
    const contributions = await db()
      .selectFrom('creativeContributions')
      .select('id')
      .where('songId', '=', song.id)
      .execute()
    expect(contributions).toEqual([])

    const registeredUrl = `http://localhost/songs/${registered.id}/delete`
    const page = await (
      await respond(() =>
        deleteSongRoute.loader(args(b.get(registeredUrl), { id: String(registered.id) })),
      )
    ).json()
    expect(page.lockedMessage).toBe(SONG_REGISTERED_CANNOT_DELETE)
    const refused = await respond(() =>
      deleteSongRoute.action(
        args(b.post(registeredUrl, { confirm: 'delete' }), { id: String(registered.id) }),
      ),
    )
    expect(refused.status).toBe(409)
    expect((await refused.json()).errors).toEqual([SONG_REGISTERED_CANNOT_DELETE])
  })
})

describe('deleting the account', () => {
  test('personal data goes; the registered certificate stays verifiable under its own names; payments stay', async () => {
    const user = await createUser({ emailVerified: true, firstName: 'Aïcha' })
    const b = await browser(user.id)
    const other = await browser(user.id, SAFARI_PHONE)
    const registered = await registeredSong(user.id, 'أغنية مسجلة')
    const pendingOnRegistered = await createSplitInvitation(registered.id, 'main', {
      email: 'x@example.com',
    })
    const draft = await createTestSong(user.id, { title: 'Draft' })
    await db()
      .insertInto('paymentHistory')
      .values({
        userId: user.id,
        stripePaymentIntentId: `pi_${user.id}`,
        amount: '1.99',
        status: 'succeeded',
      })
      .execute()
    await db()
      .insertInto('analyticsEvents')
      .values({
        eventType: 'page_view',
        userId: user.id,
        pagePath: '/songs',
        ipAddress: '203.0.113.9',
        userAgent: FIREFOX,
        source: 'user',
      })
      .execute()
    const url = 'http://localhost/settings/delete-account'

    const mistyped = await respond(() =>
      deleteAccountRoute.action(args(b.post(url, { confirmUsername: 'someone' }))),
    )
    expect(mistyped.status).toBe(400)
    expect(await signedIn(b.cookie)).toBe(true)

    const done = await respond(() =>
      deleteAccountRoute.action(args(b.post(url, { confirmUsername: user.username }))),
    )
    expect(done.status).toBe(302)
    expect(done.headers.get('Location')).toBe('/')
    expect(await signedIn(b.cookie)).toBe(false)
    expect(await signedIn(other.cookie)).toBe(false)

    // No personal data behind, checked in the database: the row is an empty tombstone.
    const row = await db()
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      email: tombstoneEmail(user.id),
      firstName: null,
      lastName: null,
      passwordHash: null,
      externalId: null,
      profileImageUrl: null,
    })
    expect(row.username).not.toBe(user.username)
    expect(row.deletedAt).not.toBeNull()
    for (const needle of [user.email, user.username, 'Aïcha']) {
      const found = await sql<{ n: number }>`
        select count(*)::int as n from users where email = ${needle} or username = ${needle} or first_name = ${needle}`.execute(
        db(),
      )
      expect(found.rows[0]!.n).toBe(0)
    }
    expect(
      await db().selectFrom('songs').select('id').where('id', '=', draft.id).execute(),
    ).toEqual([])
    expect(
      await db()
        .selectFrom('splitInvitations')
        .select('id')
        .where('id', '=', pendingOnRegistered.id)
        .execute(),
    ).toEqual([])
    const events = await db()
      .selectFrom('analyticsEvents')
      .selectAll()
      .where('pagePath', '=', '/songs')
      .where('ipAddress', '=', '203.0.113.9')
      .execute()
    expect(events).toEqual([])
    const payments = await db()
      .selectFrom('paymentHistory')
      .select('userId')
      .where('stripePaymentIntentId', '=', `pi_${user.id}`)
      .execute()
    expect(payments).toHaveLength(1)
    // Only the final mail is still addressed to the old address (until the worker sends it).
    const mails = await mailTo(user.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe('Your ProofTrack account was deleted')
    // Nobody can sign in as the old account.
    expect(await verifyLogin(db(), user.email, PASSWORD)).toBeNull()
    expect(await verifyLogin(db(), tombstoneEmail(user.id), PASSWORD)).toBeNull()

    // The registered song stays, with its certificate verifiable.
    const kept = await db()
      .selectFrom('songs')
      .select(['title', 'contributorName'])
      .where('id', '=', registered.id)
      .executeTakeFirstOrThrow()
    expect(kept.title).toBe('أغنية مسجلة')
    const report = await (
      await respond(() =>
        verifyRoute.loader(
          args(new Request(`http://localhost/verify/${registered.certificateId}`), {
            certificateId: registered.certificateId,
          }),
        ),
      )
    ).json()
    expect(report.ok).toBe(true)
  })
})
