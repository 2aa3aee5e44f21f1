// Shared with the browser bundle: plain data, no zod.

export const GENRES = [
  'Afrobeat', 'Alternative', 'Ambient/New Age', 'Acappella/Spoken Word', 'Blues', "Children's Music",
  'Christian/Gospel', 'Classical', 'Comedy', 'Country', 'Dance', 'Electronic', 'Folk', 'Hip-Hop/Rap',
  'Instrumental', 'Jazz', 'Latin', 'Metal', 'Pop', 'Punk', 'R&B/Soul', 'Reggae', 'Rock',
  'Singer-Songwriter', 'Soundtrack/Score', 'World',
] as const
export type Genre = (typeof GENRES)[number]

export const COMPONENTS = ['lyrics', 'vocals', 'instrumentation', 'production', 'mixing'] as const
export type Component = (typeof COMPONENTS)[number]

export const COMPONENT_LABELS: Record<Component, string> = {
  lyrics: 'Lyrics',
  vocals: 'Vocals',
  instrumentation: 'Instrumentation',
  production: 'Production',
  mixing: 'Mixing/Mastering',
}

export const PERCENT_FIELDS = ['contributorPercent', 'coContributorPercent', 'coContributor2Percent', 'aiPercent'] as const
export type PercentField = (typeof PERCENT_FIELDS)[number]

/** SPEC §2: Acappella/Spoken Word has no instrumentation; Instrumental has no lyrics and no vocals. */
export function visibleComponents(genre: string | null | undefined): Component[] {
  if (genre === 'Acappella/Spoken Word') return COMPONENTS.filter((c) => c !== 'instrumentation')
  if (genre === 'Instrumental') return COMPONENTS.filter((c) => c !== 'lyrics' && c !== 'vocals')
  return [...COMPONENTS]
}

export interface ContributionValues {
  component: Component
  contributorPercent: number
  coContributorPercent: number
  coContributor2Percent: number
  aiPercent: number
}

/** Sums in hundredths so 33.33 + 33.33 + 33.34 is exactly 100. */
export function componentTotal(row: Pick<ContributionValues, PercentField>) {
  const hundredths = PERCENT_FIELDS.reduce((sum, field) => sum + Math.round(Number(row[field]) * 100), 0)
  return hundredths / 100
}

export function totalsAreComplete(rows: Pick<ContributionValues, PercentField>[]) {
  return rows.every((row) => componentTotal(row) === 100)
}

export const TOTALS_MESSAGE = 'All contribution percentages must total 100% for each component.'

export const DEFAULT_CONTRIBUTION = { contributorPercent: 100, coContributorPercent: 0, coContributor2Percent: 0, aiPercent: 0 }
