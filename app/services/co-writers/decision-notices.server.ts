import type { Expression } from 'kysely'
import { translate } from '~/i18n/catalogs.server'
import { type RenderLocale, SOURCE_LOCALE } from '~/i18n/locales'
import type { MessageId } from '~/i18n/react'
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
 * song's title comes back through the UPDATE's join. Said in the language of the page it shows on.
 */
export async function takeDecisionNotice(
  database: Executor,
  ownerId: string,
  locale: RenderLocale = SOURCE_LOCALE,
) {
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
  // Typed values set apart (issue 26); the toaster shows each as a <bdi>.
  const values = { name: isolate(row.creditedName ?? ''), title: isolate(row.title) }
  const say = (message: MessageId) => translate(locale, 'cowriters', message, values)
  return row.decision === 'confirmed'
    ? {
        id,
        type: 'success' as const,
        title: say('cowriters.toast.confirmed.title'),
        description: say('cowriters.toast.confirmed.text'),
      }
    : {
        id,
        type: 'error' as const,
        title: say('cowriters.toast.disputed.title'),
        description: say('cowriters.toast.disputed.text'),
      }
}
