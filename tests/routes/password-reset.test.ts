import crypto from 'node:crypto'
import { describe, expect, test } from 'vitest'
import * as apiRequest from '../../app/routes/api.auth.password-reset-request'
import * as apiReset from '../../app/routes/api.auth.reset-password'
import * as forgot from '../../app/routes/forgot-password'
import * as reset from '../../app/routes/reset-password'
import { verifyLogin } from '../../app/services/users.server'
import { db } from '../setup/db'
import { args, createUser, formRequest, jsonRequest, PASSWORD, respond, sessionCookie } from '../setup/fixtures'

const NEW_PASSWORD = 'N3wPassword'

async function lastResetLink(to: string) {
  const mail = await db().selectFrom('mailOutbox').selectAll().where('toAddress', '=', to).orderBy('id', 'desc').executeTakeFirst()
  const link = /http:\/\/localhost:3000\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.textBody ?? '')
  return link ? { url: link[0], token: link[1]! } : null
}

async function requestReset(email: string) {
  return respond(() => forgot.action(args(formRequest('http://localhost/forgot-password', { email }))))
}

describe('forgot password', () => {
  test('always answers with the same check-your-email page, mailing a link only when the account exists', async () => {
    const user = await createUser()
    const known = await requestReset(user.email.toUpperCase())
    const unknown = await requestReset('nobody@example.com')
    for (const response of [known, unknown]) {
      expect(response.status).toBe(302)
      expect(response.headers.get('Location')).toBe('/forgot-password?sent=1')
    }
    expect(await lastResetLink(user.email)).not.toBeNull()
    expect(await lastResetLink('nobody@example.com')).toBeNull()
    const page = await respond(() => forgot.loader(args(new Request('http://localhost/forgot-password?sent=1'))))
    expect(await page.json()).toMatchObject({ sent: true })
  })

  test('a bad email gets the spec message', async () => {
    const response = await requestReset('not-an-email')
    expect(response.status).toBe(400)
    expect((await response.json()).error).toEqual({ email: ['Please enter a valid email address'] })
  })

  test('the token is 32 random bytes, stored only as its SHA-256, valid for one hour', async () => {
    const user = await createUser()
    await requestReset(user.email)
    const link = await lastResetLink(user.email)
    expect(Buffer.from(link!.token, 'base64url')).toHaveLength(32)
    const row = await db().selectFrom('passwordResetTokens').selectAll().where('userId', '=', user.id).executeTakeFirstOrThrow()
    expect(row.token).toBe(crypto.createHash('sha256').update(link!.token).digest('hex'))
    const ttl = row.expiresAt.getTime() - row.createdAt.getTime()
    expect(ttl).toBeGreaterThan(59 * 60 * 1000)
    expect(ttl).toBeLessThanOrEqual(60 * 60 * 1000 + 1000)
  })

  test('the JSON endpoint gives the neutral answer too', async () => {
    const response = await apiRequest.action(args(jsonRequest('http://localhost/api/auth/password-reset-request', { email: 'ghost@example.com' })))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ message: "If an account with that email exists, you'll receive a password reset link shortly." })
  })
})

describe('reset password', () => {
  test('without a token, or with an unknown one, the page shows the invalid-link view', async () => {
    for (const url of ['http://localhost/reset-password', 'http://localhost/reset-password?token=nope']) {
      const response = await respond(() => reset.loader(args(new Request(url))))
      expect(await response.json()).toMatchObject({ token: null })
    }
  })

  test('field rules: required token, 6+ characters, matching confirmation — errors under the fields', async () => {
    const short = await respond(() => reset.action(args(formRequest('http://localhost/reset-password', { token: 'x', password: 'abc', confirmPassword: 'abc' }))))
    expect(short.status).toBe(400)
    expect((await short.json()).result.error).toMatchObject({ password: ['Password must be at least 6 characters'], confirmPassword: ['Please confirm your password'] })
    const mismatch = await respond(() => reset.action(args(formRequest('http://localhost/reset-password', { token: 'x', password: NEW_PASSWORD, confirmPassword: 'N3wPasswordX' }))))
    expect((await mismatch.json()).result.error).toEqual({ confirmPassword: ["Passwords don't match"] })
    const noToken = await respond(() => reset.action(args(formRequest('http://localhost/reset-password', { token: '', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }))))
    expect((await noToken.json()).result.error).toEqual({ token: ['Reset token is required'] })
  })

  test('a link works once: the password changes, the old one stops working, every session ends', async () => {
    const user = await createUser()
    await sessionCookie(user.id)
    await sessionCookie(user.id)
    await requestReset(user.email)
    const { token } = (await lastResetLink(user.email))!
    const page = await respond(() => reset.loader(args(new Request(`http://localhost/reset-password?token=${token}`))))
    expect(await page.json()).toMatchObject({ token })

    const done = await respond(() => reset.action(args(formRequest('http://localhost/reset-password', { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }))))
    expect(done.status).toBe(302)
    expect(done.headers.get('Location')).toBe('/login')
    expect(await verifyLogin(user.username, PASSWORD)).toBeNull()
    expect((await verifyLogin(user.username, NEW_PASSWORD))?.id).toBe(user.id)
    expect(await db().selectFrom('sessions').select('sid').where('userId', '=', user.id).execute()).toHaveLength(0)

    const again = await respond(() => reset.action(args(formRequest('http://localhost/reset-password', { token, password: 'An0therPass', confirmPassword: 'An0therPass' }))))
    expect(again.status).toBe(400)
    const body = await again.json()
    expect(body.toast).toMatchObject({ title: 'Password reset failed', description: 'The password reset link is invalid or has expired.' })
    expect(await verifyLogin(user.username, 'An0therPass')).toBeNull()
  })

  test('a link older than its hour no longer works', async () => {
    const user = await createUser()
    await requestReset(user.email)
    const { token } = (await lastResetLink(user.email))!
    await db().updateTable('passwordResetTokens').set({ expiresAt: new Date(Date.now() - 1000) }).where('userId', '=', user.id).execute()
    const page = await respond(() => reset.loader(args(new Request(`http://localhost/reset-password?token=${token}`))))
    expect(await page.json()).toMatchObject({ token: null })
    const api = await apiReset.action(args(jsonRequest('http://localhost/api/auth/reset-password', { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })))
    expect(api.status).toBe(400)
    expect(await api.json()).toEqual({ message: 'The password reset link is invalid or has expired.' })
  })

  test('a reset password must be as strong as a new account password', async () => {
    const response = await respond(() => reset.action(args(formRequest('http://localhost/reset-password', { token: 'x', password: 'weakweak', confirmPassword: 'weakweak' }))))
    expect((await response.json()).result.error.password).toEqual(['Password must contain at least one uppercase letter, one lowercase letter, and one number'])
  })

  test('requests are rate-limited per address and per email', async () => {
    const user = await createUser()
    let last: Response | undefined
    for (let i = 0; i < 6; i++) last = await requestReset(user.email)
    expect(last?.status).toBe(429)
  })
})
