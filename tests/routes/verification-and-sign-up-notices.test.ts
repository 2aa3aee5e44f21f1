import crypto from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { isolate } from '~/lib/bidi'
import * as adminVerify from '~/routes/admin.verify'
import * as register from '~/routes/register'
import * as verifyEmail from '~/routes/verify-email'
import * as apiVerify from '~/resource-routes/api.auth.verify-email'
import { db } from '../setup/db'
import {
  args,
  authedRequest,
  createAdmin,
  createUser,
  formRequest,
  jsonRequest,
  respond,
} from '../setup/fixtures'
import { lastMailTo, mailTo } from '../setup/mail'

// Issue 31 items 1–2 and issue 25 item 10. With SMTP configured a code is also mailed, so the
// self-service path can be compared with the admin's; nothing here delivers (the queue is read).
process.env.SMTP_URL = 'smtp://127.0.0.1:9'

// Real failures: the database refuses the writes of rows carrying these marks (as in
// failure-toasts.test.ts), so other files sharing one PostgreSQL are not touched.
const REFUSED_SIGN_UP = 'refused_sign_up'
const REFUSED_CODES = 'refused_codes'

beforeAll(async () => {
  await sql`
    create or replace function i31_refuse_write() returns trigger language plpgsql as $$
    begin
      raise exception 'the database is refusing writes (test)';
    end $$`.execute(db())
  await sql`
    create or replace function i31_refuse_code() returns trigger language plpgsql as $$
    begin
      if (select username from users where id = new.user_id) like ${sql.lit(`${REFUSED_CODES}%`)} then
        raise exception 'the database is refusing codes (test)';
      end if;
      return new;
    end $$`.execute(db())
  await sql`drop trigger if exists i31_refuse_sign_up on users`.execute(db())
  await sql`
    create trigger i31_refuse_sign_up before insert on users for each row
    when (new.username = ${sql.lit(REFUSED_SIGN_UP)}) execute function i31_refuse_write()`.execute(
    db(),
  )
  await sql`drop trigger if exists i31_refuse_code on email_verification_tokens`.execute(db())
  await sql`
    create trigger i31_refuse_code before insert on email_verification_tokens for each row
    execute function i31_refuse_code()`.execute(db())
})

afterAll(async () => {
  await sql`drop trigger if exists i31_refuse_sign_up on users`.execute(db())
  await sql`drop trigger if exists i31_refuse_code on email_verification_tokens`.execute(db())
})

type Answer = {
  kind: string
  message?: string
  code?: string
  toast?: { title: string; description?: string; type: string }
}

/** 'generate' mails the user's code; 'support' shows the code to send support (decision 080). */
async function generate(userId: string, intent: 'generate' | 'support' = 'support') {
  const response = await respond(async () =>
    verifyEmail.action(
      args(
        await authedRequest('http://localhost/verify-email', userId, {
          method: 'POST',
          body: new URLSearchParams({ intent }),
        }),
      ),
    ),
  )
  return { status: response.status, body: (await response.json()) as Answer }
}

describe('generating a verification code (SPEC §8)', () => {
  test("success: the code and the toast 'Verification Code Generated'", async () => {
    const user = await createUser({ firstName: '지민' })
    const { status, body } = await generate(user.id)
    expect(status).toBe(200)
    expect(body.code).toMatch(/^\d{6}$/)
    expect(body.toast).toMatchObject({ type: 'success', title: 'Verification Code Generated' })
    const mailed = await generate(user.id, 'generate')
    expect(mailed.status).toBe(200)
    expect(mailed.body.code).toBeUndefined()
    expect(mailed.body.toast).toMatchObject({
      type: 'success',
      title: 'Verification Code Generated',
    })
  })

  test("too many codes: an 'Error' toast with the message, and the same words inline", async () => {
    const user = await createUser({ firstName: 'Zoë' })
    for (let i = 0; i < 10; i++) expect((await generate(user.id)).status).toBe(200)
    const { status, body } = await generate(user.id)
    expect(status).toBe(429)
    expect(body.kind).toBe('error')
    expect(body.message).toMatch(/^Too many/)
    expect(body.toast).toEqual(
      expect.objectContaining({ type: 'error', title: 'Error', description: body.message }),
    )
  })

  test("a failure with no message for the user: 'Failed to generate verification code', not a 500", async () => {
    const user = await createUser({
      username: `${REFUSED_CODES}_${crypto.randomBytes(3).toString('hex')}`,
      firstName: 'Ахмед',
    })
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { status, body } = await generate(user.id)
    expect(logged).toHaveBeenCalledTimes(1)
    logged.mockRestore()
    expect(status).toBe(503)
    expect(body).toMatchObject({
      kind: 'error',
      message: 'Failed to generate verification code',
      toast: { type: 'error', title: 'Error', description: 'Failed to generate verification code' },
    })
  })
})

describe('a sign-up that fails for a reason other than a field (SPEC §8)', () => {
  test("the inline alert and the toast 'Registration failed', the values kept, no account", async () => {
    const email = `refused-${crypto.randomBytes(3).toString('hex')}@example.com`
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const response = await respond(() =>
      register.action(
        args(
          formRequest('http://localhost/register', {
            firstName: 'さくら',
            lastName: 'مريم',
            username: REFUSED_SIGN_UP,
            email,
            password: 'Gr8tSongs',
          }),
        ),
      ),
    )
    expect(logged).toHaveBeenCalledTimes(1)
    logged.mockRestore()
    expect(response.status).toBe(503)
    const body = (await response.json()) as {
      result: { error: Record<string, string[]>; initialValue: Record<string, string> }
      toast: { title: string; description?: string; type: string }
    }
    expect(body.toast).toEqual({
      id: 'register-failed',
      type: 'error',
      title: 'Registration failed',
    })
    expect(body.result.error['']).toEqual(['Registration failed'])
    expect(body.result.initialValue).toMatchObject({ firstName: 'さくら', lastName: 'مريم', email })
    expect(body.result.initialValue.password).toBeUndefined()
    const row = await db().selectFrom('users').select('id').where('email', '=', email).execute()
    expect(row).toEqual([])
  })
})

describe('a user verified by the administrator is told by mail (issue 25 item 10)', () => {
  const verifiedMail = async (email: string) =>
    (await mailTo(email)).filter((mail) => /email address is verified/.test(mail.subject))

  test('through /admin/verify and through the JSON API: one mail each, in the user’s name', async () => {
    const admin = await createAdmin()
    for (const [firstName, via] of [
      ['हर्ष', 'form'],
      ['Θάλεια', 'api'],
    ] as const) {
      const user = await createUser({ firstName })
      const { body } = await generate(user.id)
      const response =
        via === 'form'
          ? await respond(async () =>
              adminVerify.action(
                args(
                  await authedRequest('http://localhost/admin/verify', admin.id, {
                    method: 'POST',
                    body: new URLSearchParams({ token: body.code! }),
                  }),
                ),
              ),
            )
          : await respond(async () => {
              const request = jsonRequest('http://localhost/api/auth/verify-email', {
                token: body.code,
              })
              return apiVerify.action(
                args(
                  await authedRequest(request.url, admin.id, {
                    method: 'POST',
                    headers: request.headers,
                    body: await request.text(),
                  }),
                ),
              )
            })
      expect(response.status).toBe(via === 'form' ? 302 : 200)
      const mails = await verifiedMail(user.email)
      expect(mails).toHaveLength(1)
      expect(mails[0]!.subject).toBe('Your ProofTrack email address is verified')
      // The name is set apart as the user typed it (issue 26: FSI … PDI in every mail).
      expect(mails[0]!.text).toContain(`Hello ${isolate(firstName)},`)
      expect(mails[0]!.text).toContain(`confirmed that ${user.email} is yours`)
    }
  })

  test('a user who enters the mailed code themselves gets no such mail (they saw it on screen)', async () => {
    const user = await createUser()
    await generate(user.id, 'generate')
    const mailed = /verification code is (\d{6})/.exec((await lastMailTo(user.email))?.text ?? '')
    const response = await respond(async () =>
      verifyEmail.action(
        args(
          await authedRequest('http://localhost/verify-email', user.id, {
            method: 'POST',
            body: new URLSearchParams({ intent: 'verify', token: mailed![1]! }),
          }),
        ),
      ),
    )
    expect(response.status).toBe(302)
    expect(await verifiedMail(user.email)).toEqual([])
  })
})
