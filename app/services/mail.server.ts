import nodemailer from 'nodemailer'
import { env } from '~/env.server'
import { db } from './db.server'

export interface MailMessage {
  to: string
  subject: string
  text: string
  replyTo?: string
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
}

/**
 * Every message is written to the outbox first, so nothing is lost when delivery fails and a
 * developer without SMTP can read it (and follow its links). With SMTP_URL it is then delivered.
 */
class OutboxMailer implements Mailer {
  constructor(private readonly transport: nodemailer.Transporter | null) {}

  async send(message: MailMessage) {
    const from = env().MAIL_FROM
    const row = await db()
      .insertInto('mailOutbox')
      .values({ toAddress: message.to, fromAddress: from, replyTo: message.replyTo ?? null, subject: message.subject, textBody: message.text })
      .returning('id')
      .executeTakeFirstOrThrow()
    if (!this.transport) {
      console.log(`[mail] outbox #${row.id} to ${message.to}: ${message.subject}\n${message.text}`)
      return
    }
    try {
      await this.transport.sendMail({ from, to: message.to, replyTo: message.replyTo, subject: message.subject, text: message.text })
      await db().updateTable('mailOutbox').set({ status: 'sent', sentAt: new Date() }).where('id', '=', row.id).execute()
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      await db().updateTable('mailOutbox').set({ status: 'failed', error: reason.slice(0, 2000) }).where('id', '=', row.id).execute()
      throw error
    }
  }
}

let mailer: Mailer | undefined
export function getMailer(): Mailer {
  const url = env().SMTP_URL
  mailer ??= new OutboxMailer(url ? nodemailer.createTransport(url) : null)
  return mailer
}
