import { expect, test } from 'vitest'
import {
  roundToHundredths,
  songAndRecording,
  type SongAndRecordingSource,
} from '~/lib/song-and-recording'
import { rows } from '../ddex/songs'

// Issue 51 items 1 and 2 (decision 117): the writers' shares of the song, derived from the five
// components, and the recording's credits.

const base: SongAndRecordingSource = {
  contributorName: 'Ann Lee',
  coContributorName: 'Bob Stone',
  coContributorName2: 'Cara Diaz',
  contributorLatinName: null,
  coContributorLatinName: null,
  coContributor2LatinName: null,
  mainContributorPro: 'ASCAP',
  coContributorPro: null,
  coContributor2Pro: null,
  mainContributorProNumber: '00014107338',
  coContributorProNumber: null,
  coContributor2ProNumber: null,
  // The worked example of decision 117: Ann wrote the words with the AI and half the music, Bob
  // sang his own melody, Cara produced and mixed.
  contributions: rows({
    lyrics: [80, 0, 0, 20],
    vocals: [0, 100, 0, 0],
    instrumentation: [50, 0, 0, 50],
    production: [0, 0, 100, 0],
    mixing: [0, 0, 100, 0],
  }),
  coContributorWroteMelody: true,
  confirmations: { contributors: [] },
}

const writers = (source: SongAndRecordingSource) =>
  songAndRecording(source).writers.map((p) => [p.name, p.writer?.role, p.writer?.song])

test('words and music 50/50; a topline singer writes music; the AI is left out and the people scaled to 100', () => {
  const view = songAndRecording(base)
  expect(writers(base)).toEqual([
    ['Ann Lee', 'CA', 66.67],
    ['Bob Stone', 'C', 33.33],
  ])
  expect(view.writers.map((p) => [p.writer?.words, p.writer?.music])).toEqual([
    [100, 33.33],
    [0, 66.67],
  ])
  expect(view.weights.text).toBe('Words 50% · Music 50%')
  expect(view.total).toBe('100.00')
  expect(view.notes.map((note) => note.replace(/[\u2068\u2069]/g, ''))).toEqual([
    'The AI’s 20% of the lyrics is not a writer’s share: PROs register human writers only.',
    'The AI’s 50% of the instrumentation (the music) is not a writer’s share: PROs register human writers only.',
    'Bob Stone wrote the melody (topline): their share of the vocals counts towards the music.',
  ])
  // Cara is credited on the recording, not listed as a writer.
  expect(view.creditedOnly.map((p) => [p.name, p.recording.map((r) => r.label)])).toEqual([
    ['Cara Diaz', ['Production', 'Mixing/Mastering']],
  ])
  expect(view.people.find((p) => p.slot === 'co-contributor')?.recording).toEqual([
    { component: 'vocals', label: 'Vocals', percent: 100 },
  ])
})

test('the owner’s weight: words 60, music 40', () => {
  const view = songAndRecording({ ...base, wordsWeightPercent: 60 })
  expect(view.writers.map((p) => p.writer?.song)).toEqual([73.33, 26.67])
  expect(view.weights.text).toBe('Words 60% · Music 40%')
  expect(view.weights.isDefault).toBe(false)
})

test('without the topline flag a vocal share is the recording’s only', () => {
  const view = songAndRecording({ ...base, coContributorWroteMelody: false })
  expect(writers({ ...base, coContributorWroteMelody: false })).toEqual([['Ann Lee', 'CA', 100]])
  expect(view.creditedOnly.map((p) => p.name)).toEqual(['Bob Stone', 'Cara Diaz'])
})

test('rounding to two decimals that still totals 100.00 (largest remainder)', () => {
  expect(roundToHundredths([100 / 3, 100 / 3, 100 / 3])).toEqual([33.34, 33.33, 33.33])
  expect(roundToHundredths([25, 25, 50])).toEqual([25, 25, 50])
  const thirds = {
    ...base,
    contributions: rows({
      lyrics: [33.33, 33.33, 33.34, 0],
      instrumentation: [10, 10, 10, 70],
      vocals: [100, 0, 0, 0],
    }),
    coContributorWroteMelody: false,
  }
  const shares = songAndRecording(thirds).writers.map((p) => p.writer!.song)
  expect(shares.reduce((a, b) => Math.round((a + b) * 100) / 100, 0)).toBe(100)
  expect(shares.every((s) => Number.isInteger(Math.round(s * 100)))).toBe(true)
  for (const weight of [1, 13, 37, 50, 71, 99]) {
    const total = songAndRecording({ ...thirds, wordsWeightPercent: weight }).writers.reduce(
      (sum, p) => sum + Math.round(p.writer!.song * 100),
      0,
    )
    expect(total, `weight ${weight}`).toBe(10000)
  }
})

test('a part no person wrote weighs nothing: the other part is the whole song', () => {
  const aiMusic = songAndRecording({
    ...base,
    coContributorWroteMelody: false,
    contributions: rows({ lyrics: [50, 50, 0, 0], instrumentation: [0, 0, 0, 100] }),
  })
  expect(aiMusic.writers.map((p) => [p.name, p.writer?.role, p.writer?.song])).toEqual([
    ['Ann Lee', 'A', 50],
    ['Bob Stone', 'A', 50],
  ])
  expect(aiMusic.weights.applied).toEqual({ words: 100, music: 0 })
  expect(aiMusic.notes).toContain(
    'No person wrote the music: the words are the whole of the writers’ song.',
  )
  const instrumental = songAndRecording({
    ...base,
    contributions: rows({ instrumentation: [70, 30, 0, 0], production: [100, 0, 0, 0] }),
  })
  expect(instrumental.writers.map((p) => [p.writer?.role, p.writer?.song])).toEqual([
    ['C', 70],
    ['C', 30],
  ])
  expect(instrumental.notes).toContain(
    'This song has no words: the music is the whole of the writers’ song.',
  )
  const allAi = songAndRecording({
    ...base,
    contributions: rows({ lyrics: [0, 0, 0, 100], instrumentation: [0, 0, 0, 100] }),
  })
  expect(allAi.writers).toEqual([])
  expect(allAi.total).toBe('0.00')
})

test('what a co-writer gave when confirming wins over what the owner typed; the rest stays', () => {
  const view = songAndRecording({
    ...base,
    coContributorPro: 'PRS',
    confirmations: {
      contributors: [
        {
          slot: 'co-contributor',
          status: 'confirmed',
          confirmedAt: '2026-11-21T10:00:00.000Z',
          creditedName: 'Robert Stone',
          creditedLatinName: null,
          pro: 'BMI',
          ipi: '00052210040',
        },
      ],
    },
  })
  expect(view.people.map((p) => [p.name, p.pro, p.ipi, p.identifiersFrom])).toEqual([
    ['Ann Lee', 'ASCAP', '00014107338', 'owner'],
    ['Robert Stone', 'BMI', '00052210040', 'co-writer'],
    ['Cara Diaz', null, null, null],
  ])
})
