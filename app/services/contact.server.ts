import { env } from '~/env.server'
import type { ContactInput } from '~/lib/contact-schema'
import { db } from './db.server'
import { getMailer } from './mail.server'

/**
 * Stores the message, then mails it to the support address. The stored row is the record:
 * if delivery fails the message is still kept (and the outbox says why), so the sender is not
 * asked to write it again.
 */
export async function submitContactMessage(input: ContactInput, context: { userId?: string | null; ipAddress?: string | null }) {
  if (input.website) return { stored: false as const } // honeypot filled: a bot; answer as if sent
  const row = await db()
    .insertInto('contactMessages')
    .values({ name: input.name, email: input.email, subject: input.subject, message: input.message, userId: context.userId ?? null, ipAddress: context.ipAddress ?? null })
    .returning('id')
    .executeTakeFirstOrThrow()
  const { APP_NAME, SUPPORT_EMAIL } = env()
  try {
    await getMailer().send({
      to: SUPPORT_EMAIL,
      replyTo: input.email,
      subject: `[${APP_NAME} contact] ${input.subject}`,
      text: `From: ${input.name} <${input.email}>\nMessage #${row.id}\n\n${input.message}\n`,
    })
  } catch (error) {
    console.error(`[contact] message #${row.id} stored but not mailed`, error)
  }
  return { stored: true as const, id: row.id }
}
