import { beforeEach, describe, expect, test } from 'vitest'
import * as adminAnalyticsRoute from '~/resource-routes/api.admin.analytics'
import * as apiLogin from '~/resource-routes/api.auth.login'
import * as apiRegister from '~/resource-routes/api.auth.register'
import * as apiContact from '~/resource-routes/api.contact'
import * as apiSong from '~/resource-routes/api.songs.$id'
import * as apiSponsored from '~/resource-routes/api.songs.$id.blockchain.sponsored'
import * as apiSongs from '~/resource-routes/api.songs'
import * as contact from '~/routes/contact'
import * as edit from '~/routes/edit.$id'
import * as login from '~/routes/login'
import * as register from '~/routes/register'
import * as registration from '~/routes/songs.$id.register'
import * as submit from '~/routes/submit'
import { db } from '../setup/db'
import {
  args,
  authedRequest,
  createAdmin,
  createUser,
  formRequest,
  jsonRequest,
  PASSWORD,
  respond,
  createTestSong,
} from '../setup/fixtures'

const headers = { 'User-Agent': 'ActionTest/1.0', 'X-ProofTrack-Client-Address': '198.51.100.7' }

beforeEach(async () => {
  await db().deleteFrom('analyticsEvents').execute()
})

/** The user_action rows, oldest first, with what the admin may read of them. */
async function actions() {
  const rows = await db()
    .selectFrom('analyticsEvents')
    .selectAll()
    .where('eventType', '=', 'user_action')
    .orderBy('id')
    .execute()
  return rows.map((row) => ({
    action: (typeof row.metadata === 'string' ? JSON.parse(row.metadata) : row.metadata).action,
    metadata: typeof row.metadata === 'string' ? JSON.parse(row.metadata) : row.metadata,
    userId: row.userId,
    pagePath: row.pagePath,
    source: row.source,
    userAgent: row.userAgent,
    ipAddress: row.ipAddress,
    sessionId: row.sessionId,
  }))
}

const songFields = () => {
  const fields: Record<string, string> = {
    title: 'Counted Song',
    dateCreated: '2025-03-01',
    contributorName: 'Ann',
    toolsUsed: 'Piano',
    fileLink: 'https://example.com/a.mp3',
  }
  ;['lyrics', 'vocals', 'instrumentation', 'production', 'mixing'].forEach((component, i) => {
    fields[`contributions[${i}].component`] = component
    fields[`contributions[${i}].contributorPercent`] = '100'
    fields[`contributions[${i}].aiPercent`] = '0'
  })
  return fields
}

async function formAs(userId: string, url: string, fields: Record<string, string>) {
  return authedRequest(url, userId, {
    method: 'POST',
    headers,
    body: new URLSearchParams(fields),
  })
}

describe('user actions are recorded by the server actions (SPEC §7), so they count without JavaScript', () => {
  test('sign-up, sign-in, submit, edit, register and contact as plain form posts', async () => {
    const suffix = Date.now().toString(36)
    const signUp = await respond(() =>
      register.action(
        args(
          formRequest(
            'http://localhost/register',
            {
              firstName: 'Ann',
              lastName: 'Writer',
              username: `ann_${suffix}`,
              email: `ann-${suffix}@example.com`,
              password: PASSWORD,
            },
            headers,
          ),
        ),
      ),
    )
    expect(signUp.status).toBe(302)
    const user = await db()
      .selectFrom('users')
      .select('id')
      .where('username', '=', `ann_${suffix}`)
      .executeTakeFirstOrThrow()

    const signIn = await respond(() =>
      login.action(
        args(
          formRequest(
            'http://localhost/login',
            { usernameOrEmail: `ann_${suffix}`, password: PASSWORD },
            headers,
          ),
        ),
      ),
    )
    expect(signIn.status).toBe(302)

    // Refused and unfinished posts count for nothing: a wrong password, a bad form, a review.
    await respond(() =>
      login.action(
        args(
          formRequest('http://localhost/login', {
            usernameOrEmail: `ann_${suffix}`,
            password: 'wrong-password',
          }),
        ),
      ),
    )
    await respond(async () =>
      submit.action(
        args(await formAs(user.id, 'http://localhost/submit', { title: '', intent: 'create' })),
      ),
    )
    await respond(async () =>
      submit.action(
        args(
          await formAs(user.id, 'http://localhost/submit', { ...songFields(), intent: 'review' }),
        ),
      ),
    )
    await respond(() =>
      contact.action(args(formRequest('http://localhost/contact', { name: 'A' }))),
    )

    const created = await respond(async () =>
      submit.action(
        args(
          await formAs(user.id, 'http://localhost/submit', { ...songFields(), intent: 'create' }),
        ),
      ),
    )
    expect(created.status).toBe(302)
    const songId = new URL(created.headers.get('Location')!, 'http://localhost').searchParams.get(
      'created',
    )!

    const edited = await respond(async () =>
      edit.action(
        args(
          await formAs(user.id, `http://localhost/edit/${songId}`, {
            ...songFields(),
            // A save without a change records nothing (issue 39.17): this one changes the title.
            title: 'Counted Song (v2)',
          }),
          {
            id: songId,
          },
        ),
      ),
    )
    expect(edited.status).toBe(302)

    await db().updateTable('users').set({ emailVerified: true }).where('id', '=', user.id).execute()
    const registered = await respond(async () =>
      registration.action(
        args(
          await formAs(user.id, `http://localhost/songs/${songId}/register`, { confirmed: 'yes' }),
          { id: songId },
        ),
      ),
    )
    expect(registered.status).toBe(302)

    const sent = await respond(() =>
      contact.action(
        args(
          formRequest(
            'http://localhost/contact',
            {
              name: 'Ann Writer',
              email: 'ann@example.com',
              subject: 'A question',
              message: 'How do I register a song?',
            },
            headers,
          ),
        ),
      ),
    )
    expect(sent.status).toBe(302)

    const rows = await actions()
    expect(rows.map((row) => [row.action, row.pagePath, row.userId])).toEqual([
      ['sign_up', '/register', user.id],
      ['sign_in', '/login', user.id],
      ['submit_song', '/submit', user.id],
      ['edit_song', `/edit/${songId}`, user.id],
      ['register_song', `/songs/${songId}/register`, user.id],
      ['contact', '/contact', null],
    ])
    for (const row of rows) {
      // What a page view stores, and the action's name: nothing the form carried.
      expect(row).toMatchObject({
        source: 'server',
        userAgent: 'ActionTest/1.0',
        ipAddress: '198.51.100.7',
      })
      expect(row.metadata).toEqual({ action: row.action })
    }
  })

  test('the JSON routes record the same actions', async () => {
    const suffix = Date.now().toString(36)
    const password = PASSWORD
    const signUp = await apiRegister.action(
      args(
        jsonRequest(
          'http://localhost/api/auth/register',
          {
            firstName: 'Bo',
            lastName: 'Writer',
            username: `bo_${suffix}`,
            email: `bo-${suffix}@example.com`,
            password,
          },
          headers,
        ),
      ),
    )
    expect(signUp.status).toBe(201)
    // The answer names no account (decision 094): the new row is found by its username.
    const { id: userId } = await db()
      .selectFrom('users')
      .select('id')
      .where('username', '=', `bo_${suffix}`)
      .executeTakeFirstOrThrow()
    const signIn = await apiLogin.action(
      args(
        jsonRequest(
          'http://localhost/api/auth/login',
          { usernameOrEmail: `bo_${suffix}`, password },
          headers,
        ),
      ),
    )
    expect(signIn.status).toBe(200)
    const song = {
      title: 'JSON Song',
      dateCreated: '2025-03-01',
      contributorName: 'Bo',
      toolsUsed: 'Piano',
      fileLink: 'https://example.com/b.mp3',
      contributions: [{ component: 'lyrics', contributorPercent: 100 }],
    }
    const created = await apiSongs.action(
      args(
        await authedRequest('http://localhost/api/songs', userId, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...headers },
          body: JSON.stringify(song),
        }),
      ),
    )
    expect(created.status).toBe(201)
    const { id } = (await created.json()) as { id: number }
    const updated = await apiSong.action(
      args(
        await authedRequest(`http://localhost/api/songs/${id}`, userId, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json', ...headers },
          body: JSON.stringify({ ...song, title: 'JSON Song (v2)' }),
        }),
        { id: String(id) },
      ),
    )
    expect(updated.status).toBe(200)
    await db().updateTable('users').set({ emailVerified: true }).where('id', '=', userId).execute()
    const registered = await apiSponsored.action(
      args(
        await authedRequest(`http://localhost/api/songs/${id}/blockchain/sponsored`, userId, {
          method: 'POST',
          headers,
        }),
        { id: String(id) },
      ),
    )
    expect(registered.status).toBe(201)
    const sent = await apiContact.action(
      args(
        jsonRequest(
          'http://localhost/api/contact',
          {
            name: 'Bo Writer',
            email: 'bo@example.com',
            subject: 'A question',
            message: 'How do I register a song?',
          },
          headers,
        ),
      ),
    )
    expect(sent.status).toBe(201)
    expect((await actions()).map((row) => [row.action, row.userId])).toEqual([
      ['sign_up', userId],
      ['sign_in', userId],
      ['submit_song', userId],
      ['edit_song', userId],
      ['register_song', userId],
      ['contact', null],
    ])
  })

  test("the admin's Recent Activity shows them", async () => {
    const user = await createUser({ emailVerified: true })
    const song = await createTestSong(user.id, {
      title: 'Shown',
      contributions: [{ component: 'lyrics', contributorPercent: 100 }],
    })
    await respond(async () =>
      edit.action(
        args(await formAs(user.id, `http://localhost/edit/${song.id}`, songFields()), {
          id: String(song.id),
        }),
      ),
    )
    const admin = await createAdmin()
    const response = await adminAnalyticsRoute.loader(
      args(await authedRequest('http://localhost/api/admin/analytics', admin.id)),
    )
    const body = (await response.json()) as {
      recentActivity: { description: string; unverified: boolean }[]
    }
    expect(body.recentActivity[0]).toMatchObject({
      description: 'User action: edit_song',
      unverified: false,
    })
  })
})
