/**
 * A split that is not whole, said where the split is shown and printed (issue 37.6); nothing
 * for a whole one.
 */
export function SplitTotalsWarning({ warning }: { warning: string | null }) {
  if (!warning) return null
  return (
    <p
      role="note"
      data-testid="split-totals-warning"
      className="mb-2 rounded-md border-2 border-red-700 bg-red-50 px-3 py-2 text-sm font-semibold text-red-900"
    >
      {warning}
    </p>
  )
}
