import { z } from 'zod'
import { MAX_WORDS_WEIGHT, MIN_WORDS_WEIGHT } from './song-and-recording'
import { SongSchema } from './song-schema'

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
export type SongDetailsInput = z.output<typeof SongDetailsSchema>

/** What the browser's form holds: every field a string, as posted. Types only. */
export type SongDetailsFields = { [K in keyof SongDetailsInput]-?: string }

// Lyrics up to 20,000 characters, URL-encoded in a three-byte script, take about 180 KB.
export const SONG_DETAILS_FORM = {
  fields: Object.keys(SongDetailsSchema.shape),
  maxBytes: 512 * 1024,
}
