// Shared with the browser bundle: the review step's "Heads up" and the printed documents' warning
// read the same rule, so a split the review flags is never printed without a word (issue 37.6).
import {
  COMPONENT_LABELS,
  type Component,
  componentTotal,
  type ContributionValues,
  type PercentField,
  TOTALS_MESSAGE,
} from './song-constants'

/** 33.33 stays 33.33, 12.50 reads 12.5, 100 reads 100. */
export function formatPercent(value: number) {
  return Number.isInteger(value) ? String(value) : value.toFixed(2).replace(/0$/, '')
}

type SplitRow = Pick<ContributionValues, 'component' | PercentField>

/** Every component whose shares do not total exactly 100 %, with its label and its total. */
export function incompleteComponents(rows: readonly SplitRow[]) {
  return rows.flatMap((row) => {
    const total = componentTotal(row)
    return total === 100
      ? []
      : [{ component: row.component, label: COMPONENT_LABELS[row.component as Component], total }]
  })
}

/**
 * What a printed certificate or split sheet says of a split that is not whole, naming each
 * component and its total; null when every component totals 100 %. Registration refuses such a
 * split, so only a draft (or a record from before that rule) ever prints it.
 */
export function splitTotalsWarning(rows: readonly SplitRow[]) {
  const incomplete = incompleteComponents(rows)
  if (incomplete.length === 0) return null
  const totals = incomplete.map((c) => `${c.label} totals ${formatPercent(c.total)}%`).join('; ')
  return `Warning: this split is not complete. ${totals}. Each component must total 100%, so these shares cannot be relied on as they stand.`
}

/**
 * Why a split was refused, naming each component that is off and its total (issue 39 item 6):
 * SPEC's sentence, then "Lyrics totals 90%; Vocals totals 110%." The form's own live totals say
 * this with JavaScript; without it this answer is all the writer sees.
 */
export function splitTotalsRefusal(rows: readonly SplitRow[]) {
  const totals = incompleteComponents(rows)
    .map((c) => `${c.label} totals ${formatPercent(c.total)}%`)
    .join('; ')
  return totals ? `${TOTALS_MESSAGE} ${totals}.` : TOTALS_MESSAGE
}
