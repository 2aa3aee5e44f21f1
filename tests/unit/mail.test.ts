import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import * as forgot from '~/routes/forgot-password'
import {
  enqueueMail,
  fileTransport,
  MAX_ATTEMPTS,
  MailWorker,
  type MailTransport,
  smtpTransport,
  startMailWorker,
} from '~/services/platform/mail.server'
import { db } from '../setup/db'
import { args, createUser, formRequest, respond } from '../setup/fixtures'

interface Received {
  to: string[]
  subject: string
  text: string
  replyTo: string
  /** Every header line as sent. */
  headers: string
}
const received: Received[] = []
// What the test SMTP server does: answer slowly, or refuse some recipients for a while or for good.
const behaviour = {
  delayMs: 0,
  refuseTemporarily: new Map<string, number>(),
  refuseForGood: new Set<string>(),
}

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onRcptTo(address, _session, callback) {
    const left = behaviour.refuseTemporarily.get(address.address) ?? 0
    if (left > 0) {
      behaviour.refuseTemporarily.set(address.address, left - 1)
      return callback(
        Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }),
      )
    }
    if (behaviour.refuseForGood.has(address.address))
      return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }))
    callback()
  },
  onData(stream, session, callback) {
    simpleParser(stream).then((mail) => {
      setTimeout(() => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          replyTo: mail.replyTo?.text ?? '',
          headers: mail.headerLines.map((h) => h.line).join('\n'),
        })
        callback()
      }, behaviour.delayMs)
    }, callback)
  },
})

let smtpUrl = ''
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  smtpUrl = `smtp://127.0.0.1:${port}`
  process.env.SMTP_URL = smtpUrl
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const quietly = () => vi.spyOn(console, 'warn').mockImplementation(() => {})
const outboxRow = (id: number) =>
  db().selectFrom('mailOutbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

describe.each([
  {
    kind: 'smtp',
    transport: () => smtpTransport(smtpUrl),
    read: async (id: number) => (void id, received.at(-1)!),
  },
  {
    kind: 'file',
    transport: () => fileTransport(mailbox),
    read: async (id: number) => {
      const file = path.join(mailbox, `${id}.eml`)
      // The development mailbox is the developer's alone.
      expect(fs.statSync(file).mode & 0o777).toBe(0o600)
      const mail = await simpleParser(fs.readFileSync(file))
      return {
        to: [mail.to && !Array.isArray(mail.to) ? mail.to.text : ''],
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        replyTo: mail.replyTo?.text ?? '',
        headers: mail.headerLines.map((h) => h.line).join('\n'),
      }
    },
  },
])('the $kind transport (one contract for both)', ({ kind, transport, read }) => {
  test('delivers a queued message, then marks it sent and wipes its body', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {})
    const id = await enqueueMail(db(), {
      to: `${kind}@example.com`,
      replyTo: 'ann@example.com',
      subject: `Over ${kind}`,
      text: `Delivered by the ${kind} transport.\nA line that is long enough to be folded by the encoder: ${'x'.repeat(90)}`,
    })
    expect(await new MailWorker(transport()).drain()).toBe(1)
    const mail = await read(id)
    expect(mail).toMatchObject({
      to: [`${kind}@example.com`],
      subject: `Over ${kind}`,
      replyTo: 'ann@example.com',
    })
    expect(mail.text).toContain(`Delivered by the ${kind} transport.`)
    expect(mail.text).toContain('x'.repeat(90))
    expect(await outboxRow(id)).toMatchObject({
      status: 'sent',
      attempts: 1,
      sealedBody: null,
      error: null,
      deliveredVia: kind,
      lockedUntil: null,
    })
  })

  test('a message with a refusal link carries List-Unsubscribe and the one-click header (RFC 8058); others carry neither', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {})
    const url = 'http://localhost:3000/refuse-invitations?token=abc'
    const withLink = await enqueueMail(db(), {
      to: `${kind}-list@example.com`,
      subject: 'An invitation',
      text: 'Body',
      listUnsubscribe: url,
    })
    expect(await new MailWorker(transport()).drain()).toBe(1)
    const mail = await read(withLink)
    expect(mail.headers).toContain(`List-Unsubscribe: <${url}>`)
    expect(mail.headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
    const plain = await enqueueMail(db(), {
      to: `${kind}-plain@example.com`,
      subject: 'A reset',
      text: 'Body',
    })
    expect(await new MailWorker(transport()).drain()).toBe(1)
    expect((await read(plain)).headers).not.toContain('List-Unsubscribe')
  })
})
const mailbox = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-mailbox-'))

test('with SMTP configured, forgot-password answers at once for an existing and a missing account; the mail follows', async () => {
  const user = await createUser()
  behaviour.delayMs = 3000
  const worker = startMailWorker()
  try {
    const timed = async (email: string, address: string) => {
      const started = performance.now()
      const response = await respond(() =>
        forgot.action(
          args(
            formRequest(
              'http://localhost/forgot-password',
              { email },
              { 'X-ProofTrack-Client-Address': address },
            ),
          ),
        ),
      )
      return { response, ms: performance.now() - started }
    }
    const existing = await timed(user.email, '203.0.113.1')
    const missing = await timed('nobody-here@example.com', '203.0.113.2')
    for (const { response, ms } of [existing, missing]) {
      expect(response.headers.get('Location')).toBe('/forgot-password?sent=1')
      // The SMTP server takes 3 s to accept a message; neither answer waited for it.
      expect(ms).toBeLessThan(1000)
    }
    expect(received.filter((mail) => mail.to.includes(user.email))).toHaveLength(0)
    await expect
      .poll(() => received.filter((mail) => mail.to.includes(user.email)).length, {
        timeout: 10_000,
        interval: 100,
      })
      .toBe(1)
    expect(received.find((mail) => mail.to.includes(user.email))?.text).toMatch(
      /reset-password\?token=[A-Za-z0-9_-]{43}/,
    )
    expect(received.some((mail) => mail.to.includes('nobody-here@example.com'))).toBe(false)
  } finally {
    behaviour.delayMs = 0
    await worker.stop(10_000)
  }
})

test('two workers draining at once deliver every message exactly once', async () => {
  behaviour.delayMs = 20
  const subjects = Array.from({ length: 12 }, (_, i) => `Exactly once #${i}`)
  const ids = []
  for (const subject of subjects)
    ids.push(
      await enqueueMail(db(), {
        to: 'once@example.com',
        subject,
        text: 'Only one of these, please.',
      }),
    )
  const [a, b] = await Promise.all([
    new MailWorker(smtpTransport(smtpUrl)).drain(),
    new MailWorker(smtpTransport(smtpUrl)).drain(),
  ])
  behaviour.delayMs = 0
  expect(a + b).toBe(12)
  // Both took part: the claim hands each message to exactly one of them.
  expect(a).toBeGreaterThan(0)
  expect(b).toBeGreaterThan(0)
  expect(
    received
      .filter((mail) => mail.to.includes('once@example.com'))
      .map((mail) => mail.subject)
      .sort(),
  ).toEqual([...subjects].sort())
  const rows = await db()
    .selectFrom('mailOutbox')
    .select(['status', 'attempts'])
    .where('id', 'in', ids)
    .execute()
  expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true)
})

test('a refused delivery stays queued with its attempts and last error, and is retried after a growing wait', async () => {
  quietly()
  behaviour.refuseTemporarily.set('busy@example.com', 1)
  const id = await enqueueMail(db(), {
    to: 'busy@example.com',
    subject: 'Retried',
    text: 'Second time lucky.',
  })
  const worker = new MailWorker(smtpTransport(smtpUrl))
  expect(await worker.drain()).toBe(0)
  const waiting = await outboxRow(id)
  expect(waiting).toMatchObject({ status: 'queued', attempts: 1, lockedUntil: null })
  expect(waiting.error).toContain('Mailbox busy')
  expect(waiting.sealedBody).not.toBeNull()
  const waitSeconds = (waiting.nextAttemptAt.getTime() - Date.now()) / 1000
  expect(waitSeconds).toBeGreaterThan(20)
  expect(waitSeconds).toBeLessThanOrEqual(30)
  // Not due yet: nothing is tried.
  expect(await worker.drain()).toBe(0)
  await db()
    .updateTable('mailOutbox')
    .set({ nextAttemptAt: new Date(Date.now() - 1000) })
    .where('id', '=', id)
    .execute()
  expect(await worker.drain()).toBe(1)
  expect(await outboxRow(id)).toMatchObject({
    status: 'sent',
    attempts: 2,
    error: null,
    sealedBody: null,
  })
  expect(received.filter((mail) => mail.to.includes('busy@example.com'))).toHaveLength(1)
})

test(`a message refused for good fails at once; one refused ${MAX_ATTEMPTS} times is given up`, async () => {
  quietly()
  behaviour.refuseForGood.add('gone@example.com')
  behaviour.refuseTemporarily.set('flaky@example.com', 100)
  const gone = await enqueueMail(db(), {
    to: 'gone@example.com',
    subject: 'Nobody home',
    text: '…',
  })
  const flaky = await enqueueMail(db(), {
    to: 'flaky@example.com',
    subject: 'Never accepted',
    text: '…',
  })
  const worker = new MailWorker(smtpTransport(smtpUrl))
  const delays: number[] = []
  for (let attempt = 1; attempt <= MAX_ATTEMPTS + 1; attempt++) {
    await worker.drain()
    const row = await outboxRow(flaky)
    if (row.status === 'queued')
      delays.push(Math.round((row.nextAttemptAt.getTime() - Date.now()) / 1000))
    await db()
      .updateTable('mailOutbox')
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where('id', '=', flaky)
      .where('status', '=', 'queued')
      .execute()
  }
  expect(await outboxRow(gone)).toMatchObject({
    status: 'failed',
    attempts: 1,
    error: expect.stringContaining('No such mailbox'),
  })
  expect(await outboxRow(flaky)).toMatchObject({
    status: 'failed',
    attempts: MAX_ATTEMPTS,
    error: expect.stringContaining('Mailbox busy'),
  })
  // 30 s, 2, 8, 32 minutes, then two hours between attempts.
  expect(delays).toEqual([30, 120, 480, 1920, 7200])
})

test('a body that cannot be opened (sealed under another secret) is marked failed, not retried', async () => {
  quietly()
  const id = await enqueueMail(db(), {
    to: 'sealed@example.com',
    subject: 'Sealed elsewhere',
    text: 'x',
  })
  await db()
    .updateTable('mailOutbox')
    .set({ sealedBody: 'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA' })
    .where('id', '=', id)
    .execute()
  const transport: MailTransport = {
    kind: 'smtp',
    deliver: () => Promise.reject(new Error('must not be called')),
  }
  await new MailWorker(transport).drain()
  expect(await outboxRow(id)).toMatchObject({
    status: 'failed',
    attempts: 1,
    error: expect.stringContaining('cannot be opened'),
  })
})

test('with SMTP configured a contact message is delivered over SMTP and the outbox says sent', async () => {
  const { submitContactMessage } = await import('~/services/admin/contact.server')
  await submitContactMessage(
    {
      name: 'Ann',
      email: 'ann@example.com',
      subject: 'Over SMTP',
      message: 'Delivered by a real SMTP server.',
    },
    {},
  )
  await new MailWorker(smtpTransport(smtpUrl)).drain()
  // The writer's subject set apart by a first-strong isolate (issue 26), intact over SMTP.
  const mail = received.find((m) => m.subject === '[ProofTrack contact] \u2068Over SMTP\u2069')
  expect(mail).toMatchObject({ to: ['support@prooftrack.test'], replyTo: 'ann@example.com' })
  expect(mail?.text).toContain('Delivered by a real SMTP server.')
  const row = await db()
    .selectFrom('mailOutbox')
    .selectAll()
    .where('subject', '=', '[ProofTrack contact] \u2068Over SMTP\u2069')
    .executeTakeFirstOrThrow()
  expect(row).toMatchObject({ status: 'sent', deliveredVia: 'smtp' })
  expect(row.sentAt).toBeInstanceOf(Date)
})
