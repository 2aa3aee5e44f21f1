import type { Executor } from '../../platform/db.server'
import { certificateFor } from '../record/certificate.server'
import { ddexMessage, type DdexOptions } from './ddex-export.server'

/**
 * The owner's DDEX export of one song (issue 40, decision 084): the owner's view of the
 * certificate, live confirmations included until the song is registered. Null for anyone else,
 * registered or not: the message is a delivery sent in the operator's name, not a public page.
 */
export async function ownerDdexMessage(
  database: Executor,
  userId: string,
  songId: number,
  options: DdexOptions,
) {
  const found = await certificateFor(database, songId, userId, options.now)
  if (!found?.isOwner) return null
  return ddexMessage({ ...found.certificate, durationSeconds: found.durationSeconds }, options)
}
