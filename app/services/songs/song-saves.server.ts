// Saving an owner's change to a song (the edit form, the details page, the API's PUT): the row
// lock a registration also takes, and the refusals a saved split must pass (decisions 095, 096).
// Split from songs.server.ts, which makes and reads songs.
import type { SongDetailsInput } from '~/lib/song-details-schema'
import type { SongUpdateInput } from '~/lib/song-schema'
import { applyContributionRules } from '~/lib/song-schema'
import {
  type ContributionValues,
  sharelessCoWriterErrors,
  totalsAreComplete,
  visibleComponents,
} from '~/lib/song-constants'
import { locksSong } from '~/lib/song-lock'
import { DEFAULT_WORDS_WEIGHT } from '~/lib/song-writers-rules'
import { aiToolsWithin } from '~/lib/ai-tools'
import { splitTotalsRefusal } from '~/lib/split-totals'
import { type Executor, inTransaction } from '../platform/db.server'
import { editGrowth, type SpaceRefusal, spaceRefusal } from './byte-budget.server'
import { songColumnsDiffer, splitDiffers } from './song-changes.server'
import { getOwnedSong, nullable, storedAiTools } from './songs.server'

/**
 * Row lock on the owner's song, first thing in a change's transaction: a registration claiming
 * the song (claim() takes the same lock) waits for the change, or the change sees its claim.
 */
function lockOwnedSong(trx: Executor, userId: string, songId: number) {
  return trx
    .selectFrom('songs')
    .select(['id', 'genre', 'aiTools'])
    .where('id', '=', songId)
    .where('userId', '=', userId)
    .forUpdate()
    .executeTakeFirst()
}

/**
 * A refusal; `totals` carries the message naming each component that is off and its total,
 * `shareless` the one naming each co-writer the saved split leaves at 0 % everywhere.
 */
export type EditRefusal =
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'locked' }
  | { ok: false; reason: 'totals' | 'shareless'; message: string }
  | SpaceRefusal

/** The AI tools as the songs row is written: JSON text, or null for "not named". */
function aiToolsColumn(tools: ReturnType<typeof aiToolsWithin>) {
  return { aiTools: tools === null ? null : JSON.stringify(tools) }
}

const totalsRefusal = (rows: Parameters<typeof splitTotalsRefusal>[0]) =>
  ({ ok: false, reason: 'totals', message: splitTotalsRefusal(rows) }) as const

/**
 * Decision 096: the split as it will be saved (the genre's components only) gives every named
 * co-writer a share somewhere, or the save is refused on their names. The forms' schemas say it
 * on the field first; this catches what they cannot see: a share posted for a component the
 * genre hides, or a genre changed on the details page that drops the only one.
 */
function sharelessRefusal(
  names: { coContributorName?: string | null; coContributorName2?: string | null },
  rows: readonly ContributionValues[],
) {
  const messages = Object.values(sharelessCoWriterErrors({ ...names, contributions: rows }))
  return messages.length > 0
    ? ({ ok: false, reason: 'shareless', message: messages.join(' ') } as const)
    : null
}

/**
 * Writes an edit of the song's fields and split. Edits are refused for a registered song
 * (locked) and unless every component totals 100. The co-writers' side of an edit (re-inviting
 * those whose confirmed split changed) is `updateSong` in song-edits.server.ts, which calls this
 * in its transaction.
 */
export async function saveSongEdit(
  database: Executor,
  userId: string,
  songId: number,
  input: SongUpdateInput,
): Promise<{ ok: true; changed: boolean } | EditRefusal> {
  return inTransaction(database, async (trx) => {
    const song = await lockOwnedSong(trx, userId, songId)
    if (!song) return { ok: false, reason: 'not_found' } as const
    const registration = await trx
      .selectFrom('blockchainRegistrations')
      .select('status')
      .where('songId', '=', songId)
      .executeTakeFirst()
    if (locksSong(registration)) return { ok: false, reason: 'locked' } as const
    const rows = applyContributionRules(input.contributions, song.genre, {
      co1: Boolean(input.coContributorName),
      co2: Boolean(input.coContributorName2),
    })
    if (!totalsAreComplete(rows)) return totalsRefusal(rows)
    const shareless = sharelessRefusal(input, rows)
    if (shareless) return shareless
    const columns = {
      title: input.title,
      dateCreated: input.dateCreated,
      contributorName: input.contributorName,
      coContributorName: nullable(input.coContributorName),
      coContributorName2: nullable(input.coContributorName2),
      // A Latin-script name goes with the name it spells: none without a co-contributor.
      contributorLatinName: nullable(input.contributorLatinName),
      coContributorLatinName: input.coContributorName
        ? nullable(input.coContributorLatinName)
        : null,
      coContributor2LatinName: input.coContributorName2
        ? nullable(input.coContributor2LatinName)
        : null,
      toolsUsed: input.toolsUsed,
      fileLink: input.fileLink,
      // A co-contributor removed in the edit takes their PRO details along.
      ...(input.coContributorName ? {} : { coContributorPro: null, coContributorProNumber: null }),
      ...(input.coContributorName
        ? {}
        : { coContributorPublisher: null, coContributorPublisherIpi: null }),
      ...(input.coContributorName2
        ? {}
        : { coContributor2Pro: null, coContributor2ProNumber: null }),
      ...(input.coContributorName2
        ? {}
        : { coContributor2Publisher: null, coContributor2PublisherIpi: null }),
      // A part the new split gives the AI 0 % of is no longer an AI tool's (decision 119).
      ...aiToolsColumn(aiToolsWithin(storedAiTools(song.aiTools), rows)),
    }
    const changed =
      (await songColumnsDiffer(trx, songId, columns)) || (await splitDiffers(trx, songId, rows))
    if (!changed) return { ok: true, changed } as const
    const noSpace = await spaceRefusal(trx, userId, await editGrowth(trx, songId, columns))
    if (noSpace) return noSpace
    await trx
      .updateTable('songs')
      .set({ ...columns, updatedAt: new Date() })
      .where('id', '=', songId)
      .execute()
    await trx.deleteFrom('creativeContributions').where('songId', '=', songId).execute()
    await trx
      .insertInto('creativeContributions')
      .values(rows.map((c) => ({ songId, ...c })))
      .execute()
    return { ok: true, changed } as const
  })
}

/**
 * The details added to an unregistered song after it was created (issue 25 item 7, decision 052),
 * under an edit's rules: the song's row lock, refused once a registration holds the song, and a
 * genre that changes which components the split covers changes the split as the submit form
 * would (a component it adds starts with the main contributor's 100 %), refused unless every
 * component then totals 100 (song-edits.server.ts then re-invites the co-writers whose confirmed
 * split it changed).
 * A changed private text drops its salt, so its next commitment is made with a fresh one
 * (decision 021: one salt per text, never reused for another text).
 */
export async function saveSongDetails(
  database: Executor,
  userId: string,
  songId: number,
  input: SongDetailsInput,
): Promise<{ ok: true; splitChanged: boolean; changed: boolean } | EditRefusal> {
  return inTransaction(database, async (trx) => {
    const song = (await lockOwnedSong(trx, userId, songId))
      ? await getOwnedSong(trx, userId, songId)
      : null
    if (!song) return { ok: false, reason: 'not_found' } as const
    if (locksSong(song.registration)) return { ok: false, reason: 'locked' } as const
    const splitChanged =
      visibleComponents(song.genre).join() !== visibleComponents(input.genre).join()
    const rows = applyContributionRules(song.contributions, input.genre, {
      co1: Boolean(song.coContributorName),
      co2: Boolean(song.coContributorName2),
    })
    if (splitChanged && !totalsAreComplete(rows)) return totalsRefusal(rows)
    const shareless = splitChanged ? sharelessRefusal(song, rows) : null
    if (shareless) return shareless
    const text = (value: string | undefined) => value ?? null
    const columns = {
      genre: text(input.genre),
      isrc: text(input.isrc),
      iswc: text(input.iswc),
      upc: text(input.upc),
      otherIdentifier: text(input.otherIdentifier),
      mainContributorPro: text(input.mainContributorPro),
      mainContributorProNumber: text(input.mainContributorProNumber),
      // A co-contributor's PRO details mean nothing without the co-contributor.
      coContributorPro: song.coContributorName ? text(input.coContributorPro) : null,
      coContributorProNumber: song.coContributorName ? text(input.coContributorProNumber) : null,
      coContributor2Pro: song.coContributorName2 ? text(input.coContributor2Pro) : null,
      coContributor2ProNumber: song.coContributorName2 ? text(input.coContributor2ProNumber) : null,
      // Issue 51.3 (decision 119): each one's publisher, as their PRO details go.
      mainContributorPublisher: text(input.mainContributorPublisher),
      mainContributorPublisherIpi: text(input.mainContributorPublisherIpi),
      coContributorPublisher: song.coContributorName ? text(input.coContributorPublisher) : null,
      coContributorPublisherIpi: song.coContributorName
        ? text(input.coContributorPublisherIpi)
        : null,
      coContributor2Publisher: song.coContributorName2 ? text(input.coContributor2Publisher) : null,
      coContributor2PublisherIpi: song.coContributorName2
        ? text(input.coContributor2PublisherIpi)
        : null,
      // Issue 51.5: checked against the split by the form; a genre that drops a part drops it here.
      ...aiToolsColumn(aiToolsWithin(input.aiTools, rows)),
      lyrics: text(input.lyrics),
      creativeNotes: text(input.creativeNotes),
      durationSeconds: input.duration ?? null,
    }
    // Issue 51 (decision 117): what the writers' shares of the song are derived with.
    const choices = {
      contributorWroteMelody: input.contributorWroteMelody,
      coContributorWroteMelody: Boolean(song.coContributorName) && input.coContributorWroteMelody,
      coContributor2WroteMelody:
        Boolean(song.coContributorName2) && input.coContributor2WroteMelody,
      wordsWeightPercent: input.wordsWeightPercent ?? DEFAULT_WORDS_WEIGHT,
    }
    if (!splitChanged && !(await songColumnsDiffer(trx, songId, { ...columns, ...choices })))
      return { ok: true, splitChanged, changed: false } as const
    const noSpace = await spaceRefusal(trx, userId, await editGrowth(trx, songId, columns))
    if (noSpace) return noSpace
    await trx
      .updateTable('songs')
      .set({
        ...columns,
        ...choices,
        ...(columns.lyrics === song.lyrics ? {} : { lyricsSalt: null }),
        ...(columns.creativeNotes === song.creativeNotes ? {} : { creativeNotesSalt: null }),
        updatedAt: new Date(),
      })
      .where('id', '=', songId)
      .execute()
    if (!splitChanged) return { ok: true, splitChanged, changed: true } as const
    await trx.deleteFrom('creativeContributions').where('songId', '=', songId).execute()
    await trx
      .insertInto('creativeContributions')
      .values(rows.map((c) => ({ songId, ...c })))
      .execute()
    return { ok: true, splitChanged, changed: true } as const
  })
}
