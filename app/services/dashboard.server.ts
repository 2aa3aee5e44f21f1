import { sql } from 'kysely'
import { db } from './db.server'
import { listSongs, type SongView } from './songs.server'

/** SPEC §2: the dashboard lists this many of the newest songs; the rest are on /songs. */
export const DASHBOARD_SONGS = 10

/** SPEC §3 dashboard stats, in one query: every song of the user and how many are on chain. */
export async function dashboardStats(userId: string) {
  const row = await db()
    .selectFrom('songs')
    .leftJoin('blockchainRegistrations as r', (join) => join.onRef('r.songId', '=', 'songs.id').on('r.status', '=', 'confirmed'))
    .select([sql<number>`count(songs.id)::int`.as('totalSongs'), sql<number>`count(r.id)::int`.as('blockchainCertified')])
    .where('songs.userId', '=', userId)
    .executeTakeFirstOrThrow()
  return { totalSongs: row.totalSongs, blockchainCertified: row.blockchainCertified }
}

/** Everything the dashboard shows: the stats and the newest songs, fetched side by side. */
export async function dashboardData(userId: string) {
  const [stats, songs] = await Promise.all([dashboardStats(userId), listSongs(userId, { limit: DASHBOARD_SONGS })])
  return { stats, songs: songs.map(songRow) }
}

/** Only what a songs table shows travels to the browser: not the lyrics, notes or contributions. */
export function songRow(song: SongView) {
  return {
    id: song.id,
    title: song.title,
    fileLink: song.fileLink,
    dateCreated: song.dateCreated,
    createdAt: song.createdAt,
    isRegistered: song.isRegistered,
    registration: song.registration ? { createdAt: song.registration.createdAt, status: song.registration.status } : null,
  }
}
