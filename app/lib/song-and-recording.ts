// The song and the recording, side by side (issue 51 items 1, 2 and 6; decision 117). The
// five-component split stays the record; this derives, at read time, what the industry keeps
// apart: the writers' shares of the musical work (words and music, which PROs register) and the
// recording's credits (vocals, production, mixing/mastering). One pure function every surface
// calls: the split sheet (page and PDF), the certificate (page and PDF), the JSON API, the CSV and
// the DDEX export. Shared with the browser bundle: plain data, no zod.
import { isolate } from './bidi'
import {
  DEFAULT_WORDS_WEIGHT,
  MAX_WORDS_WEIGHT,
  MELODY_RULE,
  MIN_WORDS_WEIGHT,
} from './song-writers-rules'
import type { ContributorStatus } from './confirmations'
import {
  AI_TOOLS_NOT_NAMED,
  type AiTool,
  aiToolLine,
  type Component,
  COMPONENT_LABELS,
  type ContributionValues,
  type ContributorColumns,
  type ContributorSlot,
  contributorSlots,
  type PercentField,
} from './song-constants'

/** The components that are the recording, not the song: credited as they are. */
export const RECORDING_COMPONENTS = ['vocals', 'production', 'mixing'] as const
export type RecordingComponent = (typeof RECORDING_COMPONENTS)[number]

/** CWR's writer designations, as PROs and publishers read them. */
export type WriterRole = 'CA' | 'C' | 'A'
export const WRITER_ROLE_LABELS: Record<WriterRole, string> = {
  CA: 'Composer-author (CA)',
  C: 'Composer (C)',
  A: 'Author (A)',
}

export const SLOT_SHARE: Record<ContributorSlot, PercentField> = {
  main: 'contributorPercent',
  'co-contributor': 'coContributorPercent',
  'co-contributor-2': 'coContributor2Percent',
}

/** What the view reads: the song's names and split, the owner's two choices, the confirmations. */
export type SongAndRecordingSource = ContributorColumns & {
  contributions: readonly ContributionValues[]
  /** "Wrote the topline/melody", per slot; a record saved before issue 51 says no. */
  contributorWroteMelody?: boolean | null
  coContributorWroteMelody?: boolean | null
  coContributor2WroteMelody?: boolean | null
  /** Words' percent of the song (music gets the rest); none set: 50. */
  wordsWeightPercent?: number | null
  /** The AI tools the owner named (issue 51.5); null or absent: a song saved before, not named. */
  aiTools?: readonly AiTool[] | null
  confirmations: { contributors: readonly ContributorStatus[] }
}

const MELODY_FIELD = {
  main: 'contributorWroteMelody',
  'co-contributor': 'coContributorWroteMelody',
  'co-contributor-2': 'coContributor2WroteMelody',
} as const satisfies Record<ContributorSlot, keyof SongAndRecordingSource>

export interface WriterShare {
  role: WriterRole
  roleLabel: string
  /** Percent of the words and of the music among the human writers; each part totals 100.00. */
  words: number
  music: number
  /** Percent of the song, two decimals: the writers' shares total exactly 100.00. */
  song: number
}

export interface RecordingShare {
  component: RecordingComponent
  label: string
  percent: number
}

/** One named person, with everything the song and the recording say of them. */
export interface SongPerson {
  slot: ContributorSlot
  /** As credited: the name they confirmed, else the submitter's spelling. */
  name: string
  latinName: string | null
  /** The name the submitter typed, for "declared as". */
  declaredName: string
  /** The PRO and IPI they gave when confirming, else the ones the owner typed; null when none. */
  pro: string | null
  ipi: string | null
  /** Whose word the PRO and IPI are. */
  identifiersFrom: 'co-writer' | 'owner' | null
  /** Their publisher and its IPI, as the owner typed them (issue 51.3); null when none. */
  publisher: string | null
  publisherIpi: string | null
  wroteMelody: boolean
  /** Their share of the song; null: credited on the recording only, not a writer. */
  writer: WriterShare | null
  /** Their non-zero shares of vocals, production and mixing/mastering. */
  recording: RecordingShare[]
}

/** Two decimals: 33.333… → 33.33. */
export const formatShare = (percent: number) => percent.toFixed(2)

const label = (c: Component) => COMPONENT_LABELS[c]
const present = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.trim() !== ''
// Sums in hundredths, as componentTotal does: 33.33 + 33.33 + 33.34 is exactly 100.
const hundredths = (value: number) => Math.round(Number(value) * 100)

/**
 * Percentages rounded to two decimals that still total `total` exactly (largest remainder): each
 * is cut to the hundredth, and the hundredths left over go to the largest remainders, the first
 * in order on a tie. Zero stays zero.
 */
export function roundToHundredths(values: readonly number[], total = 100): number[] {
  const exact = values.map((v) => v * 100)
  // A float a hair under a whole hundredth (24.999999…) is that hundredth, not one less.
  const floors = exact.map((v) => Math.floor(Math.round(v * 1e6) / 1e6))
  let left = Math.round(total * 100) - floors.reduce((sum, v) => sum + v, 0)
  const order = exact
    .map((v, index) => ({ index, rest: v - floors[index]! }))
    .filter(({ rest }) => rest > 1e-9)
    .sort((a, b) => b.rest - a.rest || a.index - b.index)
  for (const { index } of order) {
    if (left <= 0) break
    floors[index]! += 1
    left--
  }
  return floors.map((v) => v / 100)
}

/** Each value's share of their sum, in percent; all 0 when the sum is. */
function exactSharesOf(points: readonly number[]) {
  const sum = points.reduce((a, b) => a + b, 0)
  return points.map((p) => (sum === 0 ? 0 : (p / sum) * 100))
}

/** The same, rounded to two decimals that total 100.00. */
function sharesOf(points: readonly number[]) {
  const sum = points.reduce((a, b) => a + b, 0)
  return sum === 0 ? points.map(() => 0) : roundToHundredths(exactSharesOf(points))
}

/** The confirmed status of a slot, when its co-writer confirmed. */
function confirmedOf(source: SongAndRecordingSource, slot: ContributorSlot) {
  const status = source.confirmations.contributors.find((c) => c.slot === slot)
  return status?.status === 'confirmed' ? status : null
}

export const aiNotWriterText = (percent: number, part: string) =>
  `The AI’s ${formatSharePlain(percent)}% of the ${part} is not a writer’s share: PROs register human writers only.`
const formatSharePlain = (percent: number) =>
  Number.isInteger(percent) ? String(percent) : percent.toFixed(2).replace(/0$/, '')

export const NOT_A_WRITER = 'Not a writer of the song: credited on the recording'

export function songAndRecording(source: SongAndRecordingSource) {
  const row = (c: Component) => source.contributions.find((r) => r.component === c)
  const lyrics = row('lyrics')
  const instrumentation = row('instrumentation')
  const vocals = row('vocals')
  const slots = contributorSlots(source, present)
  const melody = (slot: ContributorSlot) => source[MELODY_FIELD[slot]] === true
  const share = (r: ContributionValues | undefined, slot: ContributorSlot) =>
    r ? hundredths(r[SLOT_SHARE[slot]]) : 0

  // Words: each person's lyrics. Music: their instrumentation, and their vocals when they wrote
  // the melody. The AI's part of either is left out, the human parts scaled to 100 %.
  const wordPoints = slots.map((p) => share(lyrics, p.slot))
  const musicPoints = slots.map(
    (p) => share(instrumentation, p.slot) + (melody(p.slot) ? share(vocals, p.slot) : 0),
  )
  const exactWords = exactSharesOf(wordPoints)
  const exactMusic = exactSharesOf(musicPoints)
  const words = sharesOf(wordPoints)
  const music = sharesOf(musicPoints)
  const hasWords = wordPoints.some((p) => p > 0)
  const hasMusic = musicPoints.some((p) => p > 0)

  const setWeight = weightOf(source.wordsWeightPercent)
  // A part no person wrote (no words in an instrumental; music the AI made alone) weighs nothing:
  // the other part is the whole of the writers' song.
  const wordsWeight = hasWords && hasMusic ? setWeight : hasWords ? 100 : 0
  const musicWeight = hasWords || hasMusic ? 100 - wordsWeight : 0
  // Weighed exactly, rounded once, so the song totals 100.00.
  const exactSong = slots.map(
    (_, i) => (wordsWeight * exactWords[i]! + musicWeight * exactMusic[i]!) / 100,
  )
  const song = hasWords || hasMusic ? roundToHundredths(exactSong) : exactSong.map(() => 0)

  const people: SongPerson[] = slots.map((p, i) => {
    const confirmed = confirmedOf(source, p.slot)
    const givenPro = present(confirmed?.pro) ? confirmed.pro : null
    const givenIpi = present(confirmed?.ipi) ? confirmed.ipi : null
    const pro = givenPro ?? (present(p.pro) ? p.pro : null)
    const ipi = givenIpi ?? (present(p.proNumber) ? p.proNumber : null)
    const wrote = {
      words: wordsWeight > 0 && exactWords[i]! > 0,
      music: musicWeight > 0 && exactMusic[i]! > 0,
    }
    const role: WriterRole | null =
      wrote.words && wrote.music ? 'CA' : wrote.music ? 'C' : wrote.words ? 'A' : null
    return {
      slot: p.slot,
      name: confirmed ? confirmed.creditedName : p.name,
      latinName: (confirmed ? confirmed.creditedLatinName : p.latinName) || null,
      declaredName: p.name,
      pro,
      ipi,
      identifiersFrom: givenPro || givenIpi ? 'co-writer' : pro || ipi ? 'owner' : null,
      publisher: present(p.publisher) ? p.publisher : null,
      publisherIpi: present(p.publisherIpi) ? p.publisherIpi : null,
      wroteMelody: melody(p.slot),
      writer: role
        ? {
            role,
            roleLabel: WRITER_ROLE_LABELS[role],
            words: words[i]!,
            music: music[i]!,
            song: song[i]!,
          }
        : null,
      recording: RECORDING_COMPONENTS.flatMap((component) => {
        const percent = share(row(component), p.slot) / 100
        return percent > 0 ? [{ component, label: label(component), percent }] : []
      }),
    }
  })

  const aiLyrics = lyrics ? hundredths(lyrics.aiPercent) / 100 : 0
  const aiMusic = instrumentation ? hundredths(instrumentation.aiPercent) / 100 : 0
  const notes = [
    ...(aiLyrics > 0 ? [aiNotWriterText(aiLyrics, 'lyrics')] : []),
    ...(aiMusic > 0 ? [aiNotWriterText(aiMusic, 'instrumentation (the music)')] : []),
    ...partNotes(hasWords, hasMusic, Boolean(lyrics && hundredths(lyrics.aiPercent) > 0)),
    ...people
      .filter((p) => p.wroteMelody && p.recording.some((r) => r.component === 'vocals'))
      .map(
        (p) =>
          `${isolate(p.name)} wrote the melody (topline): their share of the vocals counts towards the music.`,
      ),
  ]

  return {
    /** The weight as the owner set it (50/50 unless changed), and as it applies to this song. */
    weights: {
      set: { words: setWeight, music: 100 - setWeight },
      applied: { words: wordsWeight, music: musicWeight },
      text: `Words ${setWeight}% · Music ${100 - setWeight}%`,
      isDefault: setWeight === DEFAULT_WORDS_WEIGHT,
    },
    melodyRule: MELODY_RULE,
    people,
    writers: people.filter((p) => p.writer !== null),
    /** Credited on the recording, not writers of the song (issue 51.2). */
    creditedOnly: people.filter((p) => p.writer === null && p.recording.length > 0),
    /** The AI: never a writer; its recording shares are the submitter's word. */
    ai: {
      lyrics: aiLyrics,
      music: aiMusic,
      recording: RECORDING_COMPONENTS.flatMap((component) => {
        const r = row(component)
        const percent = r ? hundredths(r.aiPercent) / 100 : 0
        return percent > 0 ? [{ component, label: label(component), percent }] : []
      }),
      /**
       * The AI tools by name (issue 51.5, decision 119): each with its parts, as the owner named
       * them; null when none was named (a song saved before, or none given), never a guess.
       */
      tools: namedTools(source.aiTools),
    },
    /** The song in words: the AI's part left out, a part nobody wrote, a topline. */
    notes,
    /** "100.00", or "0.00" for a song no person wrote. */
    total: formatShare(song.reduce((a, b) => a + b, 0)),
  }
}
export type SongAndRecording = ReturnType<typeof songAndRecording>

function namedTools(tools: readonly AiTool[] | null | undefined) {
  if (!tools || tools.length === 0) return null
  return tools.map((tool) => ({
    name: tool.name,
    components: [...tool.components],
    labels: tool.components.map(label),
    line: aiToolLine(tool),
  }))
}

/** The AI tools in one line each ("Suno v4 — Lyrics, Instrumentation"), or "AI tools not named". */
export function aiToolsText(ai: Pick<SongAndRecording['ai'], 'tools'>) {
  return ai.tools ? ai.tools.map((tool) => tool.line) : [AI_TOOLS_NOT_NAMED]
}

function weightOf(value: number | null | undefined) {
  const n = Number(value)
  return Number.isInteger(n) && n >= MIN_WORDS_WEIGHT && n <= MAX_WORDS_WEIGHT
    ? n
    : DEFAULT_WORDS_WEIGHT
}

function partNotes(hasWords: boolean, hasMusic: boolean, aiWords: boolean) {
  if (hasWords && hasMusic) return []
  if (!hasWords && !hasMusic)
    return ['No person wrote the words or the music: the song has no writer a PRO would register.']
  if (!hasMusic) return ['No person wrote the music: the words are the whole of the writers’ song.']
  return [
    aiWords
      ? 'No person wrote the words: the music is the whole of the writers’ song.'
      : 'This song has no words: the music is the whole of the writers’ song.',
  ]
}
