import {
  COMPONENT_LABELS,
  componentTotal,
  type ContributionValues,
  type PercentField,
} from './song-constants'

// Issue 37.6: a document that shows a split says so when the split is not whole, as the review
// step warns and registration refuses. The sum is componentTotal, the one those steps use.

type SplitRow = Pick<ContributionValues, 'component' | PercentField>

/** The components whose shares do not total 100 %, each with its total. */
export function incompleteTotals(rows: readonly SplitRow[]) {
  return rows
    .map((row) => ({ label: COMPONENT_LABELS[row.component], total: componentTotal(row) }))
    .filter((row) => row.total !== 100)
}

/** "This split does not add up: Lyrics totals 110%, …"; null for a whole split. */
export function splitTotalsWarning(rows: readonly SplitRow[]) {
  const off = incompleteTotals(rows)
  if (off.length === 0) return null
  return `This split does not add up: ${off.map((row) => `${row.label} totals ${row.total}%`).join(', ')}. Every component must total 100%.`
}
