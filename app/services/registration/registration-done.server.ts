import type { Executor } from '../platform/db.server'
import { readBlockchainData } from '../certificates/manifest.server'
import { getOwnedSong } from '../songs/songs.server'

/** A completed registration of the user's own song, as its success dialog shows it; else null. */
export async function completedRegistration(
  database: Executor,
  userId: string,
  songId: number | null,
) {
  if (songId === null) return null
  const song = await getOwnedSong(database, userId, songId)
  if (!song?.isRegistered || !song.registration?.transactionSignature) return null
  return {
    songId: song.id,
    title: song.title,
    transactionSignature: song.registration.transactionSignature,
    explorerUrl: readBlockchainData(song.registration.blockchainData).explorerUrl ?? '',
    network: song.registration.network,
  }
}
