import { z } from 'zod'
import { MAX_WORDS_WEIGHT, MIN_WORDS_WEIGHT } from './song-writers-rules'
import { type AiToolFormRow, MAX_AI_TOOLS, visibleComponents } from './song-constants'
import { AiToolRowSchema, aiToolsField, checkAiTools, keptAiTools } from './ai-tools-schema'
import { publisherFields, SongSchema } from './song-schema'

// Issue 25 item 7 (SPEC §1: "Song details can be added over time"): the details the edit form
// leaves out, added to an unregistered song on /songs/:id/details. Each field is the submit
// form's own piece, taken from SongSchema, so both forms accept and refuse exactly the same text
// (decision 052). Fingerprints are not here: they stay as the song was created (decision 040).
const song = SongSchema.in.shape

// Issue 51 (decision 117): a ticked box posts "on", an unticked one nothing.
const wroteMelody = z.preprocess((value) => value === 'on' || value === 'true', z.boolean())
export const WORDS_WEIGHT_MESSAGE = `Enter the words’ weight as a whole number from ${MIN_WORDS_WEIGHT} to ${MAX_WORDS_WEIGHT} (the music gets the rest), or leave it empty for 50`

export const SongDetailsSchema = z.object({
  genre: song.genre,
  isrc: song.isrc,
  iswc: song.iswc,
  upc: song.upc,
  otherIdentifier: song.otherIdentifier,
  mainContributorPro: song.mainContributorPro,
  mainContributorProNumber: song.mainContributorProNumber,
  coContributorPro: song.coContributorPro,
  coContributorProNumber: song.coContributorProNumber,
  coContributor2Pro: song.coContributor2Pro,
  coContributor2ProNumber: song.coContributor2ProNumber,
  // Issue 51.3 and 51.5 (decision 119): each one's publisher, and the AI tools by name.
  ...publisherFields,
  aiTools: aiToolsField,
  lyrics: song.lyrics,
  creativeNotes: song.creativeNotes,
  // Issue 40: the recording's length, as the submit form takes it.
  duration: song.duration,
  // Issue 51: what the writers' shares of the song are derived with; blank weight is 50/50.
  contributorWroteMelody: wroteMelody,
  coContributorWroteMelody: wroteMelody,
  coContributor2WroteMelody: wroteMelody,
  wordsWeightPercent: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().replace(/\s*%$/, '') || undefined : value),
    z.coerce
      .number({ error: WORDS_WEIGHT_MESSAGE })
      .int(WORDS_WEIGHT_MESSAGE)
      .min(MIN_WORDS_WEIGHT, WORDS_WEIGHT_MESSAGE)
      .max(MAX_WORDS_WEIGHT, WORDS_WEIGHT_MESSAGE)
      .optional(),
  ),
})

/**
 * The details as one song's form reads them: each AI tool checked against the song's split as
 * the genre posted leaves it (a tool may name only a part the AI holds a share of), and kept
 * with its empty rows dropped.
 */
export function songDetailsSchemaFor(split: readonly { component: string; aiPercent: number }[]) {
  return SongDetailsSchema.superRefine((details, ctx) => {
    const shown = new Set<string>(visibleComponents(details.genre))
    checkAiTools(
      details.aiTools,
      split.filter((row) => shown.has(row.component)),
      ctx,
    )
  }).transform((details) => ({ ...details, aiTools: keptAiTools(details.aiTools) }))
}
export type SongDetailsInput = z.output<ReturnType<typeof songDetailsSchemaFor>>

/** What the browser's form holds: every field a string, as posted; the AI tools as rows. Types only. */
export type SongDetailsFields = {
  [K in Exclude<keyof z.output<typeof SongDetailsSchema>, 'aiTools'>]-?: string
} & { aiTools: AiToolFormRow[] }

// Lyrics up to 20,000 characters, URL-encoded in a three-byte script, take about 180 KB.
export const SONG_DETAILS_FORM = {
  fields: Object.keys(SongDetailsSchema.shape).filter((name) => name !== 'aiTools'),
  lists: { aiTools: { maxRows: MAX_AI_TOOLS, fields: Object.keys(AiToolRowSchema.shape) } },
  maxBytes: 512 * 1024,
}
