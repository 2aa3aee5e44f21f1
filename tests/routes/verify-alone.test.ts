import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import { describe, expect, test } from 'vitest'
import * as verifyEmail from '~/routes/verify-email'
import { SUPPORT_CODE_TYPED_MESSAGE } from '~/services/accounts/email-verification.server'
import { fileTransport, MailWorker } from '~/services/platform/mail.server'
import { db } from '../setup/db'
import { args, authedRequest, createUser, respond } from '../setup/fixtures'
import { lastMailTo } from '../setup/mail'

// Issue 39 items 1 and 2 (decision 080), with no mail server: the local default, SMTP_URL unset.

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
const verified = async (userId: string) =>
  (
    await db()
      .selectFrom('users')
      .select('emailVerified')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  ).emailVerified
const mailedCodeIn = (text: string | null | undefined) =>
  /verification code is (\d{6})/.exec(text ?? '')?.[1]

describe('verifying alone without a mail server', () => {
  test("'Generate' mails the code into DATA_DIR/mail like every other mail; the page shows no code", async () => {
    expect(process.env.SMTP_URL ?? '').toBe('')
    const user = await createUser({ firstName: '佐藤' })
    const generated = await post(user.id, { intent: 'generate' })
    expect(generated.status).toBe(200)
    const answer = await generated.json()
    expect(answer).toMatchObject({
      kind: 'mailed',
      toast: { title: 'Verification Code Generated' },
    })
    expect(answer).not.toHaveProperty('code')

    // Delivered as the local default delivers it: a file in the mailbox folder.
    const { id } = await db()
      .selectFrom('mailOutbox')
      .select('id')
      .where('toAddress', '=', user.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    const mailbox = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-mailbox-'))
    expect(await new MailWorker(fileTransport(mailbox)).drain()).toBeGreaterThanOrEqual(1)
    const mail = await simpleParser(fs.readFileSync(path.join(mailbox, `${id}.eml`)))
    const code = mailedCodeIn(mail.text)
    expect(code).toMatch(/^\d{6}$/)

    const entered = await post(user.id, { intent: 'verify', token: code! })
    expect(entered.status).toBe(302)
    expect(entered.headers.get('Location')).toBe('/')
    expect(await verified(user.id)).toBe(true)
  })

  test('the code for support is its own step; typed in the emailed-code box it costs no try, and a late mail still works', async () => {
    const user = await createUser({ firstName: 'สมชาย' })
    expect((await post(user.id, { intent: 'generate' })).status).toBe(200)
    const mailed = mailedCodeIn((await lastMailTo(user.email))?.text)!

    const asked = await post(user.id, { intent: 'support' })
    expect(asked.status).toBe(200)
    const { kind, code: supportCode } = await asked.json()
    expect(kind).toBe('code')
    expect(supportCode).toMatch(/^\d{6}$/)
    expect(supportCode).not.toBe(mailed)

    const mistaken = await post(user.id, { intent: 'verify', token: supportCode })
    expect(mistaken.status).toBe(400)
    expect((await mistaken.json()).message).toBe(SUPPORT_CODE_TYPED_MESSAGE)
    const { attempts } = await db()
      .selectFrom('emailVerificationTokens')
      .select('attempts')
      .where('userId', '=', user.id)
      .where('token', 'like', 'mail:%')
      .executeTakeFirstOrThrow()
    expect(attempts).toBe(0)
    expect(await verified(user.id)).toBe(false)

    // The mail arrives after the user asked support: its code still verifies.
    expect((await post(user.id, { intent: 'verify', token: mailed })).status).toBe(302)
    expect(await verified(user.id)).toBe(true)
  })
})
