import { isolate } from '~/lib/bidi'
import { env } from '~/env.server'
import type { ContactInput } from '~/lib/contact-schema'
import { db } from '../platform/db.server'
import { enqueueMail } from '../platform/mail.server'

/**
 * Stores the message and queues its mail to the support address in one transaction. The
 * stored row is the record: if delivery later fails the message is still kept (and the outbox
 * says why), so the sender is not asked to write it again.
 */
export async function submitContactMessage(
  input: ContactInput,
  context: { userId?: string | null; ipAddress?: string | null },
) {
  if (input.website) return { stored: false as const } // honeypot filled: a bot; answer as if sent
  const { APP_NAME, SUPPORT_EMAIL } = env()
  const row = await db()
    .transaction()
    .execute(async (trx) => {
      const stored = await trx
        .insertInto('contactMessages')
        .values({
          name: input.name,
          email: input.email,
          subject: input.subject,
          message: input.message,
          userId: context.userId ?? null,
          ipAddress: context.ipAddress ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await enqueueMail(trx, {
        to: SUPPORT_EMAIL,
        replyTo: input.email,
        subject: `[${APP_NAME} contact] ${isolate(input.subject)}`,
        text: `From: ${isolate(input.name)} <${input.email}>\nMessage #${stored.id}\n\n${input.message}\n`,
      })
      return stored
    })
  return { stored: true as const, id: row.id }
}
