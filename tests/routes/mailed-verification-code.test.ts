import crypto from 'node:crypto'
import { describe, expect, test } from 'vitest'
import * as verifyEmail from '~/routes/verify-email'
import { db } from '../setup/db'
import { args, authedRequest, createUser, respond } from '../setup/fixtures'
import { lastMailTo } from '../setup/mail'

// With SMTP configured a second code is mailed; env() is read on first use, after this line.
// Nothing here delivers: the code is read from the queued (sealed) message.
process.env.SMTP_URL = 'smtp://127.0.0.1:9'

const post = async (userId: string, fields: Record<string, string>) =>
  respond(async () =>
    verifyEmail.action(
      args(
        await authedRequest('http://localhost/verify-email', userId, {
          method: 'POST',
          body: new URLSearchParams(fields),
        }),
      ),
    ),
  )

async function mailedCode(userId: string, email: string) {
  expect((await post(userId, { intent: 'generate' })).status).toBe(200)
  const mail = await lastMailTo(email)
  return /verification code is (\d{6})/.exec(mail?.text ?? '')![1]!
}

const wrongFor = (code: string, i: number) =>
  String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0')
const guess = async (userId: string, token: string) => {
  const response = await post(userId, { intent: 'verify', token })
  return {
    status: response.status,
    body:
      response.status === 302
        ? null
        : ((await response.json()) as { kind: string; message: string }),
  }
}
const verified = async (userId: string) =>
  (
    await db()
      .selectFrom('users')
      .select('emailVerified')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  ).emailVerified

describe('mailed verification codes (decision 017)', () => {
  test('the page says how many tries a mailed code allows', async () => {
    const user = await createUser()
    const page = await respond(async () =>
      verifyEmail.loader(args(await authedRequest('http://localhost/verify-email', user.id))),
    )
    expect(await page.json()).toMatchObject({ codeTries: 5 })
  })

  test('a code allows five guesses; the fifth wrong one voids it, even for the right code after', async () => {
    const user = await createUser()
    const code = await mailedCode(user.id, user.email)
    const messages = []
    for (let i = 0; i < 5; i++) {
      const wrong = await guess(user.id, wrongFor(code, i))
      expect(wrong.status).toBe(400)
      messages.push(wrong.body!.message)
    }
    expect(messages).toEqual([
      'Invalid or expired verification code. 4 tries left for this code.',
      'Invalid or expired verification code. 3 tries left for this code.',
      'Invalid or expired verification code. 2 tries left for this code.',
      'Invalid or expired verification code. 1 try left for this code.',
      'Too many wrong codes: this code no longer works. Please generate a new code.',
    ])
    const right = await guess(user.id, code)
    expect(right).toMatchObject({
      status: 400,
      body: {
        message: 'Too many wrong codes: this code no longer works. Please generate a new code.',
      },
    })
    expect(await verified(user.id)).toBe(false)

    // A new code works.
    const fresh = await mailedCode(user.id, user.email)
    expect((await guess(user.id, fresh)).status).toBe(302)
    expect(await verified(user.id)).toBe(true)
  })

  test('a mailed code is stored keyed to its account, never as a hash anyone can undo; a code stored the old way still works until it expires', async () => {
    const user = await createUser()
    const code = await mailedCode(user.id, user.email)
    const stored = await db()
      .selectFrom('emailVerificationTokens')
      .select('token')
      .where('userId', '=', user.id)
      .where('token', 'like', 'mail:%')
      .executeTakeFirstOrThrow()
    // Trying the million codes against plain SHA-256 no longer finds it.
    const plain = (guess: string) => crypto.createHash('sha256').update(guess).digest('hex')
    expect(stored.token).not.toContain(plain(code))
    expect(stored.token).not.toContain(code)
    expect(stored.token).toMatch(/^mail:k1:[0-9a-f]{64}$/)
    expect((await guess(user.id, code)).status).toBe(302)
    expect(await verified(user.id)).toBe(true)

    // A code mailed before the change, stored as its plain hash, is still taken.
    const earlier = await createUser()
    await db()
      .insertInto('emailVerificationTokens')
      .values({
        userId: earlier.id,
        token: `mail:${plain('246810')}`,
        expiresAt: new Date(Date.now() + 60_000),
      })
      .execute()
    expect((await guess(earlier.id, '246811')).body?.message).toContain('4 tries left')
    expect((await guess(earlier.id, '246810')).status).toBe(302)
    expect(await verified(earlier.id)).toBe(true)
  })

  test('guesses in parallel cannot pass the cap', async () => {
    const user = await createUser()
    const code = await mailedCode(user.id, user.email)
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => guess(user.id, wrongFor(code, i))),
    )
    expect(results.every((r) => r.status === 400)).toBe(true)
    const row = await db()
      .selectFrom('emailVerificationTokens')
      .select(['attempts', 'used'])
      .where('userId', '=', user.id)
      .where('token', 'like', 'mail:%')
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ attempts: 5, used: true })
  })

  test('fifteen guesses a day in all, whatever the number of codes', async () => {
    const user = await createUser()
    for (let round = 0; round < 3; round++) {
      const code = await mailedCode(user.id, user.email)
      for (let i = 0; i < 5; i++) expect((await guess(user.id, wrongFor(code, i))).status).toBe(400)
    }
    const code = await mailedCode(user.id, user.email)
    const refused = await guess(user.id, code)
    expect(refused.status).toBe(429)
    expect(refused.body!.message).toMatch(
      /^Too many attempts\. Please try again in \d+ (minutes?|hours)\.$/,
    )
    expect(await verified(user.id)).toBe(false)
  })
})
