import type { Executor } from '../platform/db.server'
import { readBlockchainData } from '../certificates/record/blockchain-data.server'
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

/** The song's confirmed registrations, with where each went: its blockchain API answers these. */
export async function registrationsForSong(database: Executor, userId: string, songId: number) {
  return database
    .selectFrom('blockchainRegistrations as r')
    .innerJoin('songs as s', 's.id', 'r.songId')
    .select([
      'r.transactionSignature',
      'r.walletAddress',
      'r.registrationFee',
      'r.createdAt',
      'r.blockTime',
      'r.status',
      'r.blockchainData',
      'r.network',
      'r.storageKind',
      'r.storageGateway',
    ])
    .where('r.songId', '=', songId)
    .where('s.userId', '=', userId)
    .where('r.status', '=', 'confirmed')
    .execute()
}
