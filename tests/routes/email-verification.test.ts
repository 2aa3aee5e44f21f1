import { describe, expect, test } from 'vitest'
import * as adminVerify from '~/routes/admin.verify'
import * as apiRequest from '~/resource-routes/api.auth.request-email-verification'
import * as apiVerify from '~/resource-routes/api.auth.verify-email'
import * as verifyEmail from '~/routes/verify-email'
import { pendingVerifications } from '~/services/accounts/email-verification.server'
import { db } from '../setup/db'
import {
  args,
  authedRequest,
  createAdmin,
  createUser,
  jsonRequest,
  respond,
} from '../setup/fixtures'

/** The spec's flow, the page's fallback step (decision 080): a code shown to send support. */
async function generate(userId: string) {
  const response = await respond(async () =>
    verifyEmail.action(
      args(
        await authedRequest('http://localhost/verify-email', userId, {
          method: 'POST',
          body: new URLSearchParams({ intent: 'support' }),
        }),
      ),
    ),
  )
  return (await response.json()) as { kind: string; code: string; expiresAt: string }
}

describe('email verification', () => {
  test('a user generates a 6-digit code valid for 24 hours; a new code replaces the old', async () => {
    const user = await createUser()
    const first = await generate(user.id)
    expect(first.kind).toBe('code')
    expect(first.code).toMatch(/^\d{6}$/)
    const hours = (new Date(first.expiresAt).getTime() - Date.now()) / 3_600_000
    expect(hours).toBeGreaterThan(23.9)
    expect(hours).toBeLessThanOrEqual(24)
    const second = await generate(user.id)
    const rows = await db()
      .selectFrom('emailVerificationTokens')
      .select('token')
      .where('userId', '=', user.id)
      .execute()
    expect(rows.map((row) => row.token)).toEqual([second.code])
  })

  test('the JSON endpoint answers the code, and 401 to a visitor', async () => {
    const user = await createUser()
    const response = await apiRequest.action(
      args(
        await authedRequest('http://localhost/api/auth/request-email-verification', user.id, {
          method: 'POST',
        }),
      ),
    )
    expect(response.status).toBe(200)
    expect((await response.json()).verificationCode).toMatch(/^\d{6}$/)
    const visitor = await respond(() =>
      apiRequest.action(
        args(
          new Request('http://localhost/api/auth/request-email-verification', { method: 'POST' }),
        ),
      ),
    )
    expect(visitor.status).toBe(401)
  })

  test('the admin verifies by code, once; the pending list shows it with the user email until then', async () => {
    const admin = await createAdmin()
    const user = await createUser()
    const { code } = await generate(user.id)
    const pending = await pendingVerifications(db())
    expect(pending).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ token: code, userId: user.id, email: user.email }),
      ]),
    )

    const response = await apiVerify.action(
      args(
        await authedRequest('http://localhost/api/auth/verify-email', admin.id, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ token: code }),
        }),
      ),
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ message: 'User email verified successfully!' })
    expect(
      (
        await db()
          .selectFrom('users')
          .select('emailVerified')
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).emailVerified,
    ).toBe(true)
    expect((await pendingVerifications(db())).some((row) => row.userId === user.id)).toBe(false)

    const reused = await apiVerify.action(
      args(
        await authedRequest('http://localhost/api/auth/verify-email', admin.id, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ token: code }),
        }),
      ),
    )
    expect(reused.status).toBe(400)
    expect(await reused.json()).toEqual({ message: 'Invalid or expired verification code' })
  })

  test('an expired code is refused', async () => {
    const admin = await createAdmin()
    const user = await createUser()
    const { code } = await generate(user.id)
    await db()
      .updateTable('emailVerificationTokens')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('userId', '=', user.id)
      .execute()
    const result = await respond(async () =>
      adminVerify.action(
        args(
          await authedRequest('http://localhost/admin/verify', admin.id, {
            method: 'POST',
            body: new URLSearchParams({ token: code }),
          }),
        ),
      ),
    )
    expect(result.status).toBe(400)
    expect(await result.json()).toMatchObject({
      message: 'Invalid or expired verification code',
      toast: { title: 'Error' },
    })
  })

  test('the /admin/verify form: 6 digits checked on the server, blank ignored, success clears the input', async () => {
    const admin = await createAdmin()
    const post = async (token: string) =>
      respond(async () =>
        adminVerify.action(
          args(
            await authedRequest('http://localhost/admin/verify', admin.id, {
              method: 'POST',
              body: new URLSearchParams({ token }),
            }),
          ),
        ),
      )
    const blank = await post('   ')
    expect(blank.status).toBe(200)
    expect(await blank.json()).toEqual({ message: null, toast: null })
    const short = await post('12345')
    expect(short.status).toBe(400)
    expect((await short.json()).message).toBe('The code must be exactly 6 digits')
    const user = await createUser()
    const { code } = await generate(user.id)
    const ok = await post(` ${code} `)
    expect(ok.status).toBe(302)
    expect(ok.headers.get('Location')).toBe('/admin/verify')
  })
})

describe('admin powers are checked on the server', () => {
  test('a plain user and an unverified holder of the support email get 403; a visitor is sent to sign in', async () => {
    const plain = await createUser()
    // The support email's holder, before it is verified, has no admin powers.
    const squatter = await db()
      .updateTable('users')
      .set({ emailVerified: false })
      .where('id', '=', (await createAdmin()).id)
      .returningAll()
      .executeTakeFirstOrThrow()
    for (const user of [plain, squatter]) {
      const page = await respond(async () =>
        adminVerify.loader(args(await authedRequest('http://localhost/admin/verify', user.id))),
      )
      expect(page.status).toBe(403)
      const post = await respond(async () =>
        adminVerify.action(
          args(
            await authedRequest('http://localhost/admin/verify', user.id, {
              method: 'POST',
              body: new URLSearchParams({ token: '123456' }),
            }),
          ),
        ),
      )
      expect(post.status).toBe(403)
      const api = await respond(async () =>
        apiVerify.action(
          args(
            await authedRequest('http://localhost/api/auth/verify-email', user.id, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ token: '123456' }),
            }),
          ),
        ),
      )
      expect(api.status).toBe(403)
      expect(await api.json()).toEqual({ message: 'Admin access required' })
    }
    const visitor = await respond(() =>
      adminVerify.loader(args(new Request('http://localhost/admin/verify'))),
    )
    expect(visitor.status).toBe(302)
    expect(visitor.headers.get('Location')).toBe('/login?redirectTo=%2Fadmin%2Fverify')
    const visitorApi = await respond(() =>
      apiVerify.action(
        args(jsonRequest('http://localhost/api/auth/verify-email', { token: '123456' })),
      ),
    )
    expect(visitorApi.status).toBe(401)
  })

  test('the verified support account is the admin', async () => {
    const admin = await createAdmin()
    const page = await respond(async () =>
      adminVerify.loader(args(await authedRequest('http://localhost/admin/verify', admin.id))),
    )
    expect(page.status).toBe(200)
    const home = await respond(async () =>
      (await import('~/routes/_index')).loader(
        args(await authedRequest('http://localhost/', admin.id)),
      ),
    )
    expect(await home.json()).toMatchObject({ view: 'admin' })
  })
})
