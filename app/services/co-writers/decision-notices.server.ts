import type { Expression } from 'kysely'
import { isolate } from '~/lib/bidi'
import type { Executor } from '../platform/db.server'

// A co-writer's answer reaches the song's owner as a toast on their next page (issue 13). The
// session look-up asks whether one waits in the same statement (issue 16), so this query sits
// apart from the invitations: the session reads it without importing the co-writers' rules.

/**
 * The decisions on the owner's songs not yet told to them (owner_notified_at is null), oldest
 * first: a subquery, for the session look-up's EXISTS and for takeDecisionNotice. The partial
 * index split_invitations_pending_notice holds exactly these rows.
 */
export function decisionsAwaitingNotice(database: Executor, ownerId: string | Expression<string>) {
  return database
    .selectFrom('splitInvitations as waiting')
    .innerJoin('songs as waitingSong', 'waitingSong.id', 'waiting.songId')
    .select('waiting.id')
    .where('waitingSong.userId', '=', ownerId)
    .where('waiting.decision', 'is not', null)
    .where('waiting.ownerNotifiedAt', 'is', null)
}

/**
 * The next decision the owner has not yet been told of, marked told (owner_notified_at): the
 * toast on their next visit. One at a time, like every toast (decision 032). One statement: the
 * song's title comes back through the UPDATE's join.
 */
export async function takeDecisionNotice(database: Executor, ownerId: string) {
  const row = await database
    .updateTable('splitInvitations')
    .from('songs')
    .set({ ownerNotifiedAt: new Date() })
    .whereRef('songs.id', '=', 'splitInvitations.songId')
    .where('splitInvitations.id', '=', () =>
      decisionsAwaitingNotice(database, ownerId).orderBy('waiting.decidedAt').limit(1),
    )
    .where('splitInvitations.ownerNotifiedAt', 'is', null)
    .returning([
      'splitInvitations.id',
      'splitInvitations.decision',
      'splitInvitations.creditedName',
      'songs.title',
    ])
    .executeTakeFirst()
  if (!row) return null
  const id = `co-writer-decision-${row.id}`
  return row.decision === 'confirmed'
    ? {
        id,
        type: 'success' as const,
        title: 'Share confirmed',
        // Typed values set apart (issue 26); the toaster shows each as a <bdi>.
        description: `${isolate(row.creditedName ?? '')} confirmed their share of “${isolate(row.title)}”.`,
      }
    : {
        id,
        type: 'error' as const,
        title: 'Share disputed',
        description: `A contributor disputed their share of “${isolate(row.title)}”. Edit the split before registering.`,
      }
}
