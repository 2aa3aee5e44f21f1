// The test songs of the DDEX export (issue 40): each becomes a golden message under
// tests/ddex/golden/, validated against DDEX's own XSD in tests/unit/ddex-export.test.ts.
import type { ContributorStatus } from '~/lib/confirmations'
import type { Component, ContributionValues } from '~/lib/song-constants'
import type { DdexSong } from '~/services/certificates/exports/ddex-export.server'

type Shares = [number, number, number, number]

export function rows(split: Partial<Record<Component, Shares>>): ContributionValues[] {
  return Object.entries(split).map(([component, [main, co, co2, ai]]) => ({
    component: component as Component,
    contributorPercent: main,
    coContributorPercent: co,
    coContributor2Percent: co2,
    aiPercent: ai,
  }))
}

const declared = (slots: ContributorStatus['slot'][]): DdexSong['confirmations'] => ({
  recorded: false,
  contributors: slots.map((slot) => ({ slot, status: 'declared' })),
})

const base: DdexSong = {
  certificateId: 'PT-AB12-CD34',
  title: 'Harbour Lights',
  dateCreated: '2026-11-20',
  toolsUsed: 'Logic Pro',
  isrc: 'US-ABC-26-00001',
  iswc: null,
  durationSeconds: 205,
  contributorName: 'Ann Lee',
  coContributorName: null,
  coContributorName2: null,
  contributorLatinName: null,
  coContributorLatinName: null,
  coContributor2LatinName: null,
  mainContributorPro: null,
  coContributorPro: null,
  coContributor2Pro: null,
  mainContributorProNumber: null,
  coContributorProNumber: null,
  coContributor2ProNumber: null,
  contributions: rows({
    lyrics: [100, 0, 0, 0],
    vocals: [100, 0, 0, 0],
    instrumentation: [100, 0, 0, 0],
    production: [100, 0, 0, 0],
    mixing: [100, 0, 0, 0],
  }),
  confirmations: declared(['main']),
}

export const DDEX_TEST_SONGS = {
  'people-only': {
    ...base,
    coContributorName: 'Bob Stone',
    mainContributorProNumber: '00014107338',
    contributions: rows({
      lyrics: [50, 50, 0, 0],
      vocals: [100, 0, 0, 0],
      instrumentation: [0, 100, 0, 0],
      production: [60, 40, 0, 0],
      mixing: [0, 100, 0, 0],
    }),
    confirmations: {
      recorded: false,
      contributors: [
        { slot: 'main', status: 'declared' },
        {
          slot: 'co-contributor',
          status: 'confirmed',
          confirmedAt: '2026-11-21T10:00:00.000Z',
          creditedName: 'Robert Stone',
          creditedLatinName: null,
        },
      ],
    },
  },
  'partly-ai': {
    ...base,
    title: 'Paper & "Ink" <Demo>',
    contributorName: 'ชไมพร ศรีสุข',
    contributorLatinName: 'Chamaiporn Srisuk',
    toolsUsed: 'Suno v4, Logic Pro',
    contributions: rows({
      lyrics: [60, 0, 0, 40],
      vocals: [100, 0, 0, 0],
      instrumentation: [30, 0, 0, 70],
      production: [100, 0, 0, 0],
      mixing: [100, 0, 0, 0],
    }),
  },
  'ai-made-one-component': {
    ...base,
    title: 'Static Bloom',
    contributorName: 'נועה כהן',
    contributorLatinName: 'Noa Cohen',
    toolsUsed: 'Udio',
    iswc: 'T-034.524.680-1',
    contributions: rows({
      lyrics: [100, 0, 0, 0],
      vocals: [100, 0, 0, 0],
      instrumentation: [0, 0, 0, 100],
      production: [50, 0, 0, 50],
      mixing: [100, 0, 0, 0],
    }),
  },
  'five-scripts': {
    ...base,
    title: '夜明けの歌 🎵',
    contributorName: '山田 花子',
    contributorLatinName: 'Yamada Hanako',
    coContributorName: 'प्रिया शर्मा',
    coContributorLatinName: 'Priyā Śarmā',
    coContributorName2: 'Дмитрий Орстед',
    coContributor2LatinName: 'Dmitrii Ørsted-Łukasz',
    coContributor2ProNumber: '14107338',
    contributions: rows({
      lyrics: [40, 30, 30, 0],
      vocals: [0, 100, 0, 0],
      instrumentation: [0, 0, 80, 20],
      production: [100, 0, 0, 0],
      mixing: [0, 0, 100, 0],
    }),
    confirmations: {
      recorded: true,
      contributors: [
        { slot: 'main', status: 'declared' },
        { slot: 'co-contributor', status: 'declared' },
        {
          slot: 'co-contributor-2',
          status: 'confirmed',
          confirmedAt: '2026-11-22T11:00:00.000Z',
          creditedName: 'Дмитрий Ørsted-Łukasz',
          creditedLatinName: 'Dmitrii Ørsted-Łukasz',
        },
      ],
    },
  },
  'no-isrc': {
    ...base,
    isrc: null,
    title: 'أغنية الليل',
    contributorName: 'ليلى حداد',
    contributorLatinName: 'Layla Haddad',
    durationSeconds: 3725,
    contributions: rows({
      lyrics: [0, 0, 0, 100],
      vocals: [0, 0, 0, 100],
      instrumentation: [0, 0, 0, 100],
      production: [0, 0, 0, 100],
      mixing: [0, 0, 0, 100],
    }),
  },
} satisfies Record<string, DdexSong>

/** No duration: the export refuses, and says what is missing. */
export const NO_DURATION: DdexSong = { ...base, durationSeconds: null }
