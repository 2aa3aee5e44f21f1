import { z } from 'zod'
import {
  formatIswc,
  ISRC_PATTERN,
  ISWC_PATTERN,
  iswcCheckDigitOk,
  normalizeIsrc,
  normalizeIswc,
  normalizeUpc,
  UPC_PATTERN,
  upcCheckDigitOk,
} from './identifiers'
import {
  clearedContributorErrors,
  COMPONENTS,
  type Component,
  DEFAULT_CONTRIBUTION,
  GENRES,
  MAX_AI_TOOLS,
  sharelessCoWriterErrors,
  visibleComponents,
} from './song-constants'
import { DURATION_MESSAGE, parseDuration } from './duration'
import { MAX_RECORDINGS, RECORDING_LABEL_MAX } from './recording'
import {
  blank,
  checkbox,
  optionalIpi,
  optionalLatinName,
  plainString,
  proNumber,
  webLink,
} from './text-schemas'
import { AiToolRowSchema, aiToolsField, checkAiTools, keptAiTools } from './ai-tools-schema'

// SPEC §5 Song form. Server-side only (zod stays out of the browser bundle); the same schema
// reads an HTML form (through conform) and a JSON body.

const required = (message: string, max: number, label: string) =>
  z.preprocess(
    blank,
    plainString(max, `${label} must be at most ${max} characters`, { error: message }).min(
      1,
      message,
    ),
  )
const optional = (max: number, label: string, options: { lines?: boolean } = {}) =>
  z.preprocess(
    blank,
    plainString(max, `${label} must be at most ${max} characters`, options).optional(),
  )

/** A contributor's PRO and PRO number: the song form's, and the account's own (decision 118). */
export const contributorPro = { pro: optional(50, 'PRO'), proNumber: proNumber(50) }

/**
 * A contributor's publisher (issue 51.3, decision 119): its name, and its IPI name number checked
 * as a co-writer's own IPI is (8 to 11 digits whose check digits match, kept as 11).
 */
export const contributorPublisher = { publisher: optional(200, 'Publisher'), ipi: optionalIpi }

/** The song form's and the details form's publisher fields, one definition. */
export const publisherFields = {
  mainContributorPublisher: contributorPublisher.publisher,
  mainContributorPublisherIpi: contributorPublisher.ipi,
  coContributorPublisher: contributorPublisher.publisher,
  coContributorPublisherIpi: contributorPublisher.ipi,
  coContributor2Publisher: contributorPublisher.publisher,
  coContributor2PublisherIpi: contributorPublisher.ipi,
}

const percent = z.preprocess(
  (value) =>
    value === undefined || value === null || blank(value) === undefined
      ? 0
      : typeof value === 'string'
        ? Number(value)
        : value,
  z
    .number({ error: 'Enter a number from 0 to 100' })
    .refine((n) => Number.isFinite(n), 'Enter a number from 0 to 100')
    .min(0, 'Percentages must be between 0 and 100')
    .max(100, 'Percentages must be between 0 and 100')
    .refine((n) => Math.round(n * 100) === n * 100, 'Use at most two decimals'),
)

export const ContributionSchema = z.object({
  component: z.enum(COMPONENTS, {
    error: 'Component must be one of lyrics, vocals, instrumentation, production, mixing',
  }),
  contributorPercent: percent,
  coContributorPercent: percent,
  coContributor2Percent: percent,
  aiPercent: percent,
})

/** One row per component at most: the form's own maximum number of rows. */
export const MAX_CONTRIBUTION_ROWS = COMPONENTS.length

const contributions = z
  .array(ContributionSchema)
  .max(MAX_CONTRIBUTION_ROWS)
  .default([])
  .refine(
    (rows) => new Set(rows.map((row) => row.component)).size === rows.length,
    'Each component may appear only once',
  )

const isrc = z.preprocess(
  (value) => (typeof value === 'string' ? blank(normalizeIsrc(value)) : value),
  z.string().regex(ISRC_PATTERN, 'ISRC must be in format: CCXXXNNNNNNN').optional(),
)

const iswc = z.preprocess(
  (value) => (typeof value === 'string' ? blank(normalizeIswc(value)) : value),
  z
    .string()
    .regex(ISWC_PATTERN, { message: 'ISWC must be in format: T-XXXXXXXXXX', abort: true })
    .refine(iswcCheckDigitOk, 'This ISWC check digit does not match: please check the number')
    .transform(formatIswc)
    .optional(),
)

const upc = z.preprocess(
  (value) => (typeof value === 'string' ? blank(normalizeUpc(value)) : value),
  z
    .string()
    .regex(UPC_PATTERN, { message: 'UPC must be 12 digits', abort: true })
    .refine(upcCheckDigitOk, 'This UPC check digit does not match: please check the number')
    .optional(),
)

const fileLink = webLink('Song link is required', 2000, 'Song link must be at most 2000 characters')

const dateCreated = z.preprocess(
  blank,
  z
    .string({ error: 'Date created is required' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date created is required')
    .refine((value) => {
      const [y, m, d] = value.split('-').map(Number) as [number, number, number]
      const date = new Date(Date.UTC(y, m - 1, d))
      return (
        date.getUTCFullYear() === y &&
        date.getUTCMonth() === m - 1 &&
        date.getUTCDate() === d &&
        y >= 1900
      )
    }, 'Please enter a valid date')
    // A day's grace: it may already be tomorrow where the writer lives.
    .refine(
      (value) => value <= new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      'Date created cannot be in the future',
    ),
)

// The recordings' fingerprints (decisions 026 and 040), up to five files each with a label: posted
// by the browser, which hashed each file itself, or filled in by the server from a no-JavaScript
// upload it hashed and dropped. A slot left empty is no file; `remove` drops a slot without JavaScript.
export const RECORDING_DIGEST_MESSAGE =
  'The fingerprint must be 64 hexadecimal characters (a SHA-256)'
export const RECORDING_SIZE_MESSAGE = 'The file size must be a whole number of bytes, more than 0'
export const RECORDING_LABEL_MISSING = 'Enter a label for this file, for example Master'
export const RECORDING_FILE_MISSING =
  'Choose a file to fingerprint for this label, or clear the label'
export const RECORDING_LABEL_TAKEN = 'Each file needs its own label'
export const RECORDING_DIGEST_TAKEN = 'This file is already fingerprinted above'
export const RecordingSlotSchema = z.object({
  label: optional(RECORDING_LABEL_MAX, 'The label'),
  sha256: z.preprocess(
    (value) => (typeof value === 'string' ? blank(value.trim().toLowerCase()) : value),
    z
      .string()
      .regex(/^[0-9a-f]{64}$/, RECORDING_DIGEST_MESSAGE)
      .optional(),
  ),
  size: z.preprocess(
    (value) =>
      typeof value === 'string'
        ? blank(value) === undefined
          ? undefined
          : /^[0-9]{1,16}$/.test(value.trim())
            ? Number(value.trim())
            : Number.NaN
        : value,
    z
      .number({ error: RECORDING_SIZE_MESSAGE })
      .int(RECORDING_SIZE_MESSAGE)
      .positive(RECORDING_SIZE_MESSAGE)
      .max(Number.MAX_SAFE_INTEGER, RECORDING_SIZE_MESSAGE)
      .optional(),
  ),
  mediaType: z.preprocess(
    blank,
    plainString(255, 'The media type must be at most 255 characters')
      .regex(
        /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+(;.*)?$/i,
        'The media type must look like audio/wav',
      )
      .optional(),
  ),
  fileName: optional(255, 'The file name'),
  showFileName: checkbox,
  remove: checkbox,
})
type RecordingSlot = z.output<typeof RecordingSlotSchema>
// conform reads `recordings[3].label` alone as a list with holes: each hole is an empty slot.
const recordings = z.preprocess(
  (value) => (Array.isArray(value) ? Array.from(value, (slot: unknown) => slot ?? {}) : value),
  z.array(RecordingSlotSchema).max(MAX_RECORDINGS).default([]),
)

/** A fingerprinted file as the song keeps it: the slots with a file, in order. */
export interface RecordingInput {
  label: string
  sha256: string
  size: number
  mediaType: string | undefined
  fileName: string | undefined
  showFileName: boolean
}

function checkRecordings(slots: RecordingSlot[], ctx: z.RefinementCtx) {
  const labels = new Set<string>()
  const digests = new Set<string>()
  slots.forEach((slot, index) => {
    if (slot.remove) return
    const issue = (field: 'label' | 'sha256', message: string) =>
      ctx.addIssue({ code: 'custom', path: ['recordings', index, field], message })
    if ((slot.sha256 === undefined) !== (slot.size === undefined))
      return issue('sha256', 'Fingerprint the file again: its digest and its size come together')
    if (slot.sha256 === undefined) {
      if (slot.label !== undefined) issue('label', RECORDING_FILE_MISSING)
      return
    }
    if (slot.label === undefined) issue('label', RECORDING_LABEL_MISSING)
    else if (labels.has(slot.label.toLowerCase())) issue('label', RECORDING_LABEL_TAKEN)
    else labels.add(slot.label.toLowerCase())
    if (digests.has(slot.sha256)) issue('sha256', RECORDING_DIGEST_TAKEN)
    digests.add(slot.sha256)
  })
}

/** The slots that hold a file (checked by checkRecordings first), as the song keeps them. */
export function keptRecordings(slots: RecordingSlot[]): RecordingInput[] {
  return slots.flatMap((slot) =>
    slot.remove || slot.sha256 === undefined || slot.size === undefined || !slot.label
      ? []
      : [
          {
            label: slot.label,
            sha256: slot.sha256,
            size: slot.size,
            mediaType: slot.mediaType,
            fileName: slot.fileName,
            // Without a name there is nothing to show.
            showFileName: slot.fileName !== undefined && slot.showFileName,
          },
        ],
  )
}

/**
 * Issue 40: the recording's length in whole seconds, which a DDEX message requires. Optional on
 * the submit form and the details page alike (one definition); typed, or read by the browser from
 * the audio file, never guessed.
 */
const duration = z.preprocess(
  blank,
  z
    // A JSON body's number of seconds is told the one format too (docs/api.md).
    .string({ error: DURATION_MESSAGE })
    .refine((text) => parseDuration(text) !== null, DURATION_MESSAGE)
    .transform((text) => parseDuration(text) ?? 0)
    .optional(),
)

const genre = z.preprocess(
  blank,
  z.enum(GENRES, { error: 'Please choose a genre from the list' }).optional(),
)

const core = {
  title: required('Song title is required', 200, 'Song title'),
  contributorName: required('Contributor name is required', 200, 'Contributor name'),
  coContributorName: optional(200, 'Co-contributor name'),
  coContributorName2: optional(200, 'Second co-contributor name'),
  // Issue 26: each name in Latin script too, when it is written in another (optional).
  contributorLatinName: optionalLatinName(200, 'Name in Latin script'),
  coContributorLatinName: optionalLatinName(200, 'Name in Latin script'),
  coContributor2LatinName: optionalLatinName(200, 'Name in Latin script'),
  dateCreated,
  toolsUsed: required('Tools used is required', 1000, 'Tools used'),
  fileLink,
  contributions,
}

/**
 * The song as /submit and `POST /api/songs` read it. `coWritersNeedShares` (decisions 095 and 096):
 * a named co-writer with 0 % in every shown component is refused on their name, wherever a split
 * is set; only records saved before the rule (the fixtures that stand for them) are read without.
 */
const songSchema = ({ coWritersNeedShares }: { coWritersNeedShares: boolean }) =>
  z
    .object({
      ...core,
      lyrics: optional(20000, 'Lyrics', { lines: true }),
      genre,
      isrc,
      iswc,
      upc,
      otherIdentifier: optional(200, 'Other identifier'),
      creativeNotes: optional(5000, 'Creative notes', { lines: true }),
      mainContributorPro: contributorPro.pro,
      coContributorPro: contributorPro.pro,
      coContributor2Pro: contributorPro.pro,
      mainContributorProNumber: contributorPro.proNumber,
      coContributorProNumber: contributorPro.proNumber,
      coContributor2ProNumber: contributorPro.proNumber,
      ...publisherFields,
      aiTools: aiToolsField,
      duration,
      recordings,
    })
    .superRefine((song, ctx) => {
      checkRecordings(song.recordings, ctx)
      // Only the components this genre shows count: the others are dropped below.
      const shown = new Set<string>(visibleComponents(song.genre))
      const contributions = song.contributions.filter((row) => shown.has(row.component))
      checkAiTools(song.aiTools, contributions, ctx)
      for (const [name, message] of Object.entries(clearedContributorErrors(song)))
        ctx.addIssue({ code: 'custom', path: [name], message })
      if (!coWritersNeedShares) return
      for (const [name, message] of Object.entries(
        sharelessCoWriterErrors({ ...song, contributions }),
      ))
        ctx.addIssue({ code: 'custom', path: [name], message })
    })
    .transform((song) => {
      const coNames = {
        co1: Boolean(song.coContributorName),
        co2: Boolean(song.coContributorName2),
      }
      return {
        ...song,
        // A co-contributor's PRO details and Latin name mean nothing without the co-contributor.
        coContributorLatinName: coNames.co1 ? song.coContributorLatinName : undefined,
        coContributor2LatinName: coNames.co2 ? song.coContributor2LatinName : undefined,
        coContributorPro: coNames.co1 ? song.coContributorPro : undefined,
        coContributorProNumber: coNames.co1 ? song.coContributorProNumber : undefined,
        coContributor2Pro: coNames.co2 ? song.coContributor2Pro : undefined,
        coContributor2ProNumber: coNames.co2 ? song.coContributor2ProNumber : undefined,
        coContributorPublisher: coNames.co1 ? song.coContributorPublisher : undefined,
        coContributorPublisherIpi: coNames.co1 ? song.coContributorPublisherIpi : undefined,
        coContributor2Publisher: coNames.co2 ? song.coContributor2Publisher : undefined,
        coContributor2PublisherIpi: coNames.co2 ? song.coContributor2PublisherIpi : undefined,
        aiTools: keptAiTools(song.aiTools),
        contributions: applyContributionRules(song.contributions, song.genre, coNames),
        recordings: keptRecordings(song.recordings),
      }
    })
/** /submit's form and the API's new song: every named co-writer holds a share somewhere. */
export const SongSchema = songSchema({ coWritersNeedShares: true })
/**
 * A song as it could be saved before decision 095, a named co-writer at 0 % everywhere: records
 * like it are still drawn and edited (an edit then asks for the share). No route reads it; tests
 * make such records with it.
 */
export const SongRecordedBeforeSharesSchema = songSchema({ coWritersNeedShares: false })
export type SongInput = z.output<typeof SongSchema>

/**
 * The edit form and `PUT /api/songs/:id` (SPEC §2): no genre, identifiers, PRO or lyrics; the
 * 100 % rule is checked by the service, but a co-contributor cleared while still holding a share,
 * or named with none (decision 096), is named here, on the field. The service checks the split
 * again as the song's genre leaves it.
 */
export const SongUpdateSchema = z.object(core).superRefine((song, ctx) => {
  const errors = { ...clearedContributorErrors(song), ...sharelessCoWriterErrors(song) }
  for (const [name, message] of Object.entries(errors))
    ctx.addIssue({ code: 'custom', path: [name], message })
})
export type SongUpdateInput = z.output<typeof SongUpdateSchema>

// What the browser's form holds (conform's typed fields): the schema's names, every value a
// string as posted. Types only, so the views name fields without zod reaching their bundle.
type FormText<O> = {
  [K in keyof O]-?: NonNullable<O[K]> extends readonly string[]
    ? string[]
    : NonNullable<O[K]> extends readonly (infer Row)[]
      ? FormText<Row>[]
      : string
}
export type SongFormFields = FormText<z.output<typeof SongSchema.in>>
export type SongUpdateFields = FormText<SongUpdateInput>

// What the song forms may post (app/lib/form.server.ts, docs/decisions/013 and 014): the
// schema's fields and its rows. The submit form carries lyrics up to 20,000 characters, which
// URL-encoded in a three-byte script take about 180 KB.
const contributionRows = {
  contributions: { maxRows: MAX_CONTRIBUTION_ROWS, fields: Object.keys(ContributionSchema.shape) },
}
const plainFields = (shape: Record<string, unknown>) =>
  Object.keys(shape).filter(
    (name) => name !== 'contributions' && name !== 'recordings' && name !== 'aiTools',
  )
export const SONG_FORM = {
  fields: [...plainFields(SongSchema.in.shape), 'intent'],
  lists: {
    ...contributionRows,
    recordings: { maxRows: MAX_RECORDINGS, fields: Object.keys(RecordingSlotSchema.shape) },
    aiTools: { maxRows: MAX_AI_TOOLS, fields: Object.keys(AiToolRowSchema.shape) },
  },
  maxBytes: 512 * 1024,
}

/**
 * /submit's post: the song form plus `supersedes`, the registered song a new version replaces
 * (issue 14), which the hidden field carries through review to the created song.
 */
export const SUBMIT_FORM = { ...SONG_FORM, fields: [...SONG_FORM.fields, 'supersedes'] }
export const SONG_UPDATE_FORM = {
  fields: plainFields(SongUpdateSchema.shape),
  lists: contributionRows,
}

/**
 * The same rules the form applies with JavaScript, applied again here: components the genre
 * hides are dropped, every visible component gets a row, and a co-contributor without a name
 * gets no percentage.
 */
export function applyContributionRules(
  rows: z.output<typeof ContributionSchema>[],
  genre: string | null | undefined,
  coNames: { co1: boolean; co2: boolean },
) {
  return visibleComponents(genre).map((component: Component) => {
    const row = rows.find((r) => r.component === component) ?? {
      component,
      ...DEFAULT_CONTRIBUTION,
    }
    return {
      ...row,
      coContributorPercent: coNames.co1 ? row.coContributorPercent : 0,
      coContributor2Percent: coNames.co2 ? row.coContributor2Percent : 0,
    }
  })
}
