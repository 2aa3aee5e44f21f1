import type { SongDetailsInput } from '~/lib/song-details-schema'
import type { SongUpdateInput } from '~/lib/song-schema'
import { type Executor, inTransaction } from '../platform/db.server'
import { type EditRefusal, saveSongDetails, saveSongEdit } from '../songs/songs.server'
import { reinviteAfterEdit } from './invitations.server'

// Editing a song touches two domains in one transaction: the song's own rows, then its
// co-writers' invitations. The workflow sits above both so that songs never import co-writers
// (co-writers read songs) — issue 27.

export type UpdateResult = { ok: true; reinvited: number } | EditRefusal

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
    // Confirmations speak for the split they saw: a changed split voids them and re-invites.
    return { ok: true, reinvited: await reinviteAfterEdit(trx, userId, songId) } as const
  })
}

export type DetailsResult = { ok: true; reinvited: number; splitChanged: boolean } | EditRefusal

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
    if (!saved.splitChanged) return { ok: true, reinvited: 0, splitChanged: false } as const
    const reinvited = await reinviteAfterEdit(trx, userId, songId)
    return { ok: true, reinvited, splitChanged: true } as const
  })
}
