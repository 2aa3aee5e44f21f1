import { COMPONENTS, type Component, type ContributionValues } from '~/lib/song-constants'

// Plain data for the sample song "Harbor Lights", shared by the certificate's component, route and
// browser tests. Kept out of fixtures.ts: browser tests must not load the app's server modules.

/** One component's split: the main contributor's, the two co-contributors' and AI's percentages. */
export function splitRow(
  component: Component,
  contributorPercent: number,
  coContributorPercent: number,
  coContributor2Percent: number,
  aiPercent: number,
): ContributionValues {
  return { component, contributorPercent, coContributorPercent, coContributor2Percent, aiPercent }
}

/** The sample song's lyrics (Ann, Bob and AI) and vocals (Ann alone). */
export const HARBOR_SPLIT: readonly ContributionValues[] = [
  splitRow('lyrics', 60, 20, 0, 20),
  splitRow('vocals', 100, 0, 0, 0),
]

/** The same split for every component: a test song whose components do not matter. */
export function evenSplit(
  contributorPercent: number,
  coContributorPercent = 0,
  coContributor2Percent = 0,
  aiPercent = 0,
): ContributionValues[] {
  return COMPONENTS.map((component) =>
    splitRow(component, contributorPercent, coContributorPercent, coContributor2Percent, aiPercent),
  )
}

/** Three writers and AI, a different split in each of the five components (mixing Ann's alone). */
export const FOUR_WAY_SPLIT: readonly ContributionValues[] = [
  splitRow('lyrics', 40, 30, 20, 10),
  splitRow('vocals', 50, 25, 25, 0),
  splitRow('instrumentation', 34, 33, 33, 0),
  splitRow('production', 40, 20, 20, 20),
  splitRow('mixing', 100, 0, 0, 0),
]
