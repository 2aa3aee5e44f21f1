import type { Executor } from '../../platform/db.server'
import { certificateFor } from '../record/certificate.server'
import { writerRows, writersCsvFileName, writersCsvOpening } from './writers-csv'

/**
 * The owner's PRO-ready writers' CSV of one song (issue 51.7): the owner's view of the
 * certificate, live confirmations included until the song is registered, so a co-writer's own
 * PRO and IPI are in it. Null for anyone else: it names co-writers' IPIs, as the split sheet does.
 */
export async function ownerWritersCsv(
  database: Executor,
  userId: string,
  songId: number,
  now = new Date(),
) {
  const found = await certificateFor(database, songId, userId, now)
  if (!found?.isOwner) return null
  const song = { ...found.certificate, durationSeconds: found.durationSeconds }
  return {
    text: writersCsvOpening() + writerRows(song),
    fileName: writersCsvFileName(song.certificateId),
  }
}
