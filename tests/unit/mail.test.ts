import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { db } from '../setup/db'

const received: { to: string[]; subject: string; text: string; replyTo: string }[] = []
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    simpleParser(stream).then((mail) => {
      received.push({
        to: session.envelope.rcptTo.map((r) => r.address),
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        replyTo: mail.replyTo?.text ?? '',
      })
      callback()
    }, callback)
  },
})

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

test('with SMTP_URL a contact message is delivered over SMTP and the outbox says sent', async () => {
  const { submitContactMessage } = await import('../../app/services/contact.server')
  await submitContactMessage({ name: 'Ann', email: 'ann@example.com', subject: 'Over SMTP', message: 'Delivered by a real SMTP server.' }, {})
  expect(received).toHaveLength(1)
  expect(received[0]).toMatchObject({ to: ['support@prooftrack.test'], subject: '[ProofTrack contact] Over SMTP', replyTo: 'ann@example.com' })
  expect(received[0]?.text).toContain('Delivered by a real SMTP server.')
  const row = await db().selectFrom('mailOutbox').selectAll().executeTakeFirstOrThrow()
  expect(row.status).toBe('sent')
  expect(row.sentAt).toBeInstanceOf(Date)
})
