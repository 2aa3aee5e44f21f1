import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import { describe, expect, test, vi } from 'vitest'
import * as apiRequest from '~/resource-routes/api.auth.password-reset-request'
import * as apiReset from '~/resource-routes/api.auth.reset-password'
import * as forgot from '~/routes/forgot-password'
import * as reset from '~/routes/reset-password'
import { processResetRequests } from '~/services/accounts/password-reset.server'
import { pageViewOf } from '~/lib/client-address.server'
import {
  flushPageViews,
  recordEvent,
  recordServerPageView,
} from '~/services/platform/analytics.server'
import { fileTransport, MailWorker } from '~/services/platform/mail.server'
import { verifyLogin } from '~/services/accounts/users.server'
import { db } from '../setup/db'
import {
  args,
  cookieFrom,
  createUser,
  formRequest,
  jsonRequest,
  PASSWORD,
  respond,
  sessionCookie,
} from '../setup/fixtures'
import { lastMailTo } from '../setup/mail'

const NEW_PASSWORD = 'N3wPassword'

/** The link mailed last to an address, once the queued requests are resolved (the worker's first step). */
async function lastResetLink(to: string) {
  await processResetRequests(db())
  const mail = await lastMailTo(to)
  const link = /http:\/\/localhost:3000\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(
    mail?.text ?? '',
  )
  return link ? { url: link[0], token: link[1]! } : null
}

/** Follows a mailed link as a browser would: the token moves into a cookie, then the page. */
async function openResetLink(token: string) {
  const link = await respond(() =>
    reset.loader(args(new Request(`http://localhost/reset-password?token=${token}`))),
  )
  expect(link.status).toBe(302)
  expect(link.headers.get('Location')).toBe('/reset-password')
  const cookie = cookieFrom(link, 'pt_reset')
  const page = await respond(() =>
    reset.loader(
      args(
        new Request('http://localhost/reset-password', {
          headers: cookie ? { Cookie: cookie } : {},
        }),
      ),
    ),
  )
  return { link, cookie, page, data: (await page.json()) as { token: string | null } }
}

async function requestReset(email: string) {
  return respond(() =>
    forgot.action(args(formRequest('http://localhost/forgot-password', { email }))),
  )
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
    const page = await respond(() =>
      forgot.loader(args(new Request('http://localhost/forgot-password?sent=1'))),
    )
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
    const row = await db()
      .selectFrom('passwordResetTokens')
      .selectAll()
      .where('userId', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(row.token).toBe(crypto.createHash('sha256').update(link!.token).digest('hex'))
    const ttl = row.expiresAt.getTime() - row.createdAt.getTime()
    expect(ttl).toBeGreaterThan(59 * 60 * 1000)
    expect(ttl).toBeLessThanOrEqual(60 * 60 * 1000 + 1000)
  })

  test('the JSON endpoint gives the neutral answer too', async () => {
    const response = await apiRequest.action(
      args(
        jsonRequest('http://localhost/api/auth/password-reset-request', {
          email: 'ghost@example.com',
        }),
      ),
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      message:
        "If an account with that email exists, you'll receive a password reset link shortly.",
    })
  })
})

describe('reset password', () => {
  test('without a token, or with an unknown one, the page shows the invalid-link view', async () => {
    const none = await respond(() =>
      reset.loader(args(new Request('http://localhost/reset-password'))),
    )
    expect(await none.json()).toMatchObject({ token: null })
    expect((await openResetLink('nope')).data).toMatchObject({ token: null })
  })

  test('field rules: required token, the one password rule (8+ characters), matching confirmation — errors under the fields', async () => {
    const short = await respond(() =>
      reset.action(
        args(
          formRequest('http://localhost/reset-password', {
            token: 'x',
            password: 'Abc1',
            confirmPassword: '',
          }),
        ),
      ),
    )
    expect(short.status).toBe(400)
    expect((await short.json()).result.error).toMatchObject({
      password: ['Password must be at least 8 characters'],
      confirmPassword: ['Please confirm your password'],
    })
    const mismatch = await respond(() =>
      reset.action(
        args(
          formRequest('http://localhost/reset-password', {
            token: 'x',
            password: NEW_PASSWORD,
            confirmPassword: 'N3wPasswordX',
          }),
        ),
      ),
    )
    expect((await mismatch.json()).result.error).toEqual({
      confirmPassword: ["Passwords don't match"],
    })
    const noToken = await respond(() =>
      reset.action(
        args(
          formRequest('http://localhost/reset-password', {
            token: '',
            password: NEW_PASSWORD,
            confirmPassword: NEW_PASSWORD,
          }),
        ),
      ),
    )
    expect((await noToken.json()).result.error).toEqual({ token: ['Reset token is required'] })
  })

  test('a link works once: the password changes, the old one stops working, every session ends', async () => {
    const user = await createUser()
    await sessionCookie(user.id)
    await sessionCookie(user.id)
    await requestReset(user.email)
    const { token } = (await lastResetLink(user.email))!
    expect((await openResetLink(token)).data).toMatchObject({ token })

    const done = await respond(() =>
      reset.action(
        args(
          formRequest('http://localhost/reset-password', {
            token,
            password: NEW_PASSWORD,
            confirmPassword: NEW_PASSWORD,
          }),
        ),
      ),
    )
    expect(done.status).toBe(302)
    expect(done.headers.get('Location')).toBe('/login')
    expect(await verifyLogin(db(), user.username, PASSWORD)).toBeNull()
    expect((await verifyLogin(db(), user.username, NEW_PASSWORD))?.id).toBe(user.id)
    expect(
      await db().selectFrom('sessions').select('sidHash').where('userId', '=', user.id).execute(),
    ).toHaveLength(0)

    const again = await respond(() =>
      reset.action(
        args(
          formRequest('http://localhost/reset-password', {
            token,
            password: 'An0therPass',
            confirmPassword: 'An0therPass',
          }),
        ),
      ),
    )
    expect(again.status).toBe(400)
    const body = await again.json()
    expect(body.toast).toMatchObject({
      title: 'Password reset failed',
      description: 'The password reset link is invalid or has expired.',
    })
    expect(await verifyLogin(db(), user.username, 'An0therPass')).toBeNull()
  })

  test('a link older than its hour no longer works', async () => {
    const user = await createUser()
    await requestReset(user.email)
    const { token } = (await lastResetLink(user.email))!
    await db()
      .updateTable('passwordResetTokens')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('userId', '=', user.id)
      .execute()
    expect((await openResetLink(token)).data).toMatchObject({ token: null })
    const api = await apiReset.action(
      args(
        jsonRequest('http://localhost/api/auth/reset-password', {
          token,
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        }),
      ),
    )
    expect(api.status).toBe(400)
    expect(await api.json()).toEqual({
      message: 'The password reset link is invalid or has expired.',
    })
  })

  test('a reset password must be as strong as a new account password', async () => {
    const response = await respond(() =>
      reset.action(
        args(
          formRequest('http://localhost/reset-password', {
            token: 'x',
            password: 'weakweak',
            confirmPassword: 'weakweak',
          }),
        ),
      ),
    )
    expect((await response.json()).result.error.password).toEqual([
      'Password must contain at least one uppercase letter, one lowercase letter, and one number',
    ])
  })

  test('requests are rate-limited per address and per email', async () => {
    const user = await createUser()
    let last: Response | undefined
    for (let i = 0; i < 6; i++) last = await requestReset(user.email)
    expect(last?.status).toBe(429)
  })
})

describe('reset links (issue 11)', () => {
  // Each test asks from its own address, so the per-address limit of the tests above stays theirs.
  const from = (address: string) => ({ 'X-ProofTrack-Client-Address': address })
  const ask = (email: string, address: string) =>
    respond(() =>
      forgot.action(
        args(formRequest('http://localhost/forgot-password', { email }, from(address))),
      ),
    )
  const resetWith = (token: string, password: string) =>
    respond(() =>
      reset.action(
        args(
          formRequest('http://localhost/reset-password', {
            token,
            password,
            confirmPassword: password,
          }),
        ),
      ),
    )

  test('the request does the same work whether or not the account exists: one queued row, resolved later', async () => {
    const user = await createUser()
    const count = async (table: 'passwordResetTokens' | 'mailOutbox' | 'passwordResetRequests') =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select(({ fn }) => fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    await processResetRequests(db())
    const before = { tokens: await count('passwordResetTokens'), mail: await count('mailOutbox') }
    for (const email of [user.email, 'nobody-at-all@example.com']) {
      expect((await ask(email, '198.51.100.5')).headers.get('Location')).toBe(
        '/forgot-password?sent=1',
      )
    }
    const queued = await db()
      .selectFrom('passwordResetRequests')
      .select('email')
      .orderBy('id')
      .execute()
    expect(queued).toEqual([{ email: user.email }, { email: 'nobody-at-all@example.com' }])
    expect({ tokens: await count('passwordResetTokens'), mail: await count('mailOutbox') }).toEqual(
      before,
    )

    expect(await processResetRequests(db())).toBe(2)
    expect(await count('passwordResetRequests')).toBe(0)
    expect({ tokens: await count('passwordResetTokens'), mail: await count('mailOutbox') }).toEqual(
      { tokens: before.tokens + 1, mail: before.mail + 1 },
    )
    expect((await lastMailTo(user.email))?.subject).toBe('Reset your ProofTrack password')
  })

  test('a stranger asking for the owner’s mailbox cannot stop the owner asking, nor flood the inbox', async () => {
    const user = await createUser()
    const queuedFor = async () =>
      (
        await db()
          .selectFrom('passwordResetRequests')
          .select('id')
          .where('email', '=', user.email)
          .execute()
      ).length
    // Five from the stranger's address use up only that address's count for this mailbox…
    for (let i = 0; i < 5; i++) expect((await ask(user.email, '203.0.113.66')).status).toBe(302)
    expect((await ask(user.email, '203.0.113.66')).status).toBe(429)
    // …and the owner, from their own address, is still answered and mailed.
    expect((await ask(user.email, '198.51.100.8')).headers.get('Location')).toBe(
      '/forgot-password?sent=1',
    )
    expect(await queuedFor()).toBe(6)
    // Past 30 links an hour for one mailbox, from however many addresses, the answer stays the
    // same and nothing more is queued.
    for (let i = 0; i < 30; i++) await ask(user.email, `192.0.2.${i}`)
    expect(await queuedFor()).toBe(30)
    expect((await ask(user.email, '192.0.2.200')).headers.get('Location')).toBe(
      '/forgot-password?sent=1',
    )
    expect(await queuedFor()).toBe(30)
  })

  test('a reset ends every other link of that user, so an older mail cannot undo it', async () => {
    const user = await createUser()
    await ask(user.email, '198.51.100.1')
    const first = (await lastResetLink(user.email))!.token
    await ask(user.email, '198.51.100.1')
    const second = (await lastResetLink(user.email))!.token
    expect(second).not.toBe(first)

    expect((await resetWith(second, NEW_PASSWORD)).status).toBe(302)
    const older = await resetWith(first, 'An0therPass')
    expect(older.status).toBe(400)
    expect((await older.json()).toast).toMatchObject({
      description: 'The password reset link is invalid or has expired.',
    })
    expect((await verifyLogin(db(), user.username, NEW_PASSWORD))?.id).toBe(user.id)
    const live = await db()
      .selectFrom('passwordResetTokens')
      .select('id')
      .where('userId', '=', user.id)
      .where('used', '=', false)
      .execute()
    expect(live).toEqual([])
  })

  test('opening a link moves its token into an HttpOnly cookie and away from the address bar', async () => {
    const user = await createUser()
    await ask(user.email, '198.51.100.2')
    const { token } = (await lastResetLink(user.email))!
    const { link, cookie, page, data } = await openResetLink(token)
    expect(link.headers.get('Location')).not.toContain(token)
    expect(link.headers.get('Set-Cookie')).toMatch(
      /^pt_reset=.*; Path=\/reset-password; .*HttpOnly/,
    )
    expect(cookie).not.toBeNull()
    // The form still carries the token in its hidden field, on a page no cache keeps.
    expect(data.token).toBe(token)
    expect(page.headers.get('Cache-Control')).toBe('no-store')
    expect(reset.headers({} as never)).toEqual({ 'Cache-Control': 'no-store' })
  })

  test('after a whole reset, no token is readable in the outbox, the log or analytics', async () => {
    const logged: string[] = []
    for (const level of ['log', 'info', 'warn'] as const)
      vi.spyOn(console, level).mockImplementation(
        (...parts: unknown[]) => void logged.push(parts.map(String).join(' ')),
      )
    const mailbox = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-mailbox-'))
    const user = await createUser()
    await ask(user.email, '198.51.100.3')

    // Delivered as development delivers it: the worker resolves the request, then writes the message as a file.
    await processResetRequests(db())
    const { id } = await db()
      .selectFrom('mailOutbox')
      .select('id')
      .where('toAddress', '=', user.email)
      .executeTakeFirstOrThrow()
    expect(await new MailWorker(fileTransport(mailbox)).drain()).toBeGreaterThanOrEqual(1)
    const file = path.join(mailbox, `${id}.eml`)
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    const mail = await simpleParser(fs.readFileSync(file))
    const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1]!
    expect(logged.join('\n')).toContain(
      `#${id} to ${user.email}: "Reset your ProofTrack password" written to ${file}`,
    )

    const { cookie } = await openResetLink(token)
    const done = await respond(() =>
      reset.action(
        args(
          formRequest(
            'http://localhost/reset-password',
            { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
            { Cookie: cookie! },
          ),
        ),
      ),
    )
    expect(done.status).toBe(302)
    // Whatever a browser reports — the link it came from, a path with the token — is stored without it.
    const withToken = `http://localhost:3000/reset-password?token=${token}`
    recordServerPageView(
      pageViewOf(
        new Request(withToken, { headers: { Referer: withToken, 'User-Agent': 'Mozilla/5.0' } }),
      ),
      200,
    )
    recordServerPageView(
      pageViewOf(
        new Request('http://localhost:3000/login', {
          headers: { Referer: withToken, 'User-Agent': 'Mozilla/5.0' },
        }),
      ),
      200,
    )
    await flushPageViews()
    await recordEvent(
      {
        eventType: 'page_view',
        pagePath: `/reset-password?token=${token}`,
        metadata: { referrer: `/reset-password?token=${token}` },
      },
      {},
    )

    const outbox = await db()
      .selectFrom('mailOutbox')
      .selectAll()
      .where('toAddress', '=', user.email)
      .execute()
    expect(outbox).toMatchObject([
      { status: 'sent', sealedBody: null, deliveredVia: 'file', attempts: 1 },
    ])
    const analytics = await db().selectFrom('analyticsEvents').selectAll().execute()
    expect(analytics.map((row) => row.pagePath)).toEqual(
      expect.arrayContaining(['/reset-password', '/login']),
    )
    for (const [where, text] of [
      ['outbox', JSON.stringify(outbox)],
      ['log', logged.join('\n')],
      ['analytics', JSON.stringify(analytics)],
    ] as const) {
      expect(text, where).not.toContain(token)
    }
  })

  test('queued, not yet delivered, the message is sealed: the table holds no link', async () => {
    const user = await createUser()
    await ask(user.email, '198.51.100.4')
    const { token } = (await lastResetLink(user.email))!
    const row = await db()
      .selectFrom('mailOutbox')
      .selectAll()
      .where('toAddress', '=', user.email)
      .executeTakeFirstOrThrow()
    expect(JSON.stringify(row)).not.toContain(token)
    expect(JSON.stringify(row)).not.toContain('reset-password')
    expect(row).toMatchObject({ status: 'queued', attempts: 0, sentAt: null })
  })
})
