import type { SongDetailsInput } from '~/lib/song-details-schema'
import type { SongUpdateInput } from '~/lib/song-schema'
import { type Executor, inTransaction } from '../platform/db.server'
import { type EditRefusal, saveSongDetails, saveSongEdit } from '../songs/song-saves.server'
import { reinviteAfterEdit } from './invitations.server'

// Editing a song touches two domains in one transaction: the song's own rows, then its
// co-writers' invitations. The workflow sits above both so that songs never import co-writers
// (co-writers read songs) — issue 27.

/** `changed` is false for a save that changed nothing: no snapshot, no re-invitation. */
/** Said when a save changed nothing, so the owner knows no new version or snapshot was made. */
export const NOTHING_CHANGED_TOAST = {
  type: 'message',
  title: 'Nothing changed',
  description: 'The song is as it was: nothing was saved, and the certificate is unchanged.',
} as const

export type UpdateResult = { ok: true; reinvited: number; changed: boolean } | EditRefusal

/** An edit of the song's fields and split (edit page, JSON API). */
export async function updateSong(
  database: Executor,
  userId: string,
  songId: number,
  input: SongUpdateInput,
): Promise<UpdateResult> {
  return inTransaction(database, async (trx) => {
    const saved = await saveSongEdit(trx, userId, songId, input)
    if (!saved.ok) return saved
    if (!saved.changed) return { ok: true, reinvited: 0, changed: false } as const
    // Confirmations speak for the split they saw: a changed split voids them and re-invites.
    const reinvited = await reinviteAfterEdit(trx, userId, songId)
    return { ok: true, reinvited, changed: true } as const
  })
}

export type DetailsResult =
  { ok: true; reinvited: number; splitChanged: boolean; changed: boolean } | EditRefusal

/** Details added after creation; a genre that changes the split re-invites like an edit. */
export async function updateSongDetails(
  database: Executor,
  userId: string,
  songId: number,
  input: SongDetailsInput,
): Promise<DetailsResult> {
  return inTransaction(database, async (trx) => {
    const saved = await saveSongDetails(trx, userId, songId, input)
    if (!saved.ok) return saved
    if (!saved.splitChanged)
      return { ok: true, reinvited: 0, splitChanged: false, changed: saved.changed } as const
    const reinvited = await reinviteAfterEdit(trx, userId, songId)
    return { ok: true, reinvited, splitChanged: true, changed: true } as const
  })
}
