import { sql } from 'kysely'
import { db } from './db.server'

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
