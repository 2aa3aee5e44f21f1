import { openBody } from '~/services/platform/mail.server'
import { db } from './db'

/**
 * The messages queued for an address, newest first, with their bodies opened the way the
 * worker opens them (the table itself holds them sealed).
 */
export async function mailTo(address: string) {
  const rows = await db()
    .selectFrom('mailOutbox')
    .selectAll()
    .where('toAddress', '=', address)
    .orderBy('id', 'desc')
    .execute()
  return rows.map((row) => ({
    ...row,
    text: row.sealedBody === null ? null : openBody(row.sealedBody),
  }))
}

export async function lastMailTo(address: string) {
  return (await mailTo(address))[0] ?? null
}
