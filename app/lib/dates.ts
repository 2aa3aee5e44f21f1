// Long US dates ('March 1, 2025'). Shared with the browser, and rendered identically on both sides.

const formatter = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

/**
 * A date-only value ('2025-03-01') is a calendar day: it is formatted as that day, never moved
 * by the server's or the reader's time zone. A timestamp is shown as its UTC day, so server and
 * browser render the same text.
 */
export function formatLongDate(value: string | Date | null | undefined) {
  if (value === null || value === undefined || value === '') return 'Date not available'
  if (typeof value === 'string') {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
    if (day) {
      const [, y, m, d] = day.map(Number) as [number, number, number, number]
      const date = new Date(Date.UTC(y, m - 1, d))
      if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return 'Invalid date'
      return formatter.format(date)
    }
  }
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? 'Invalid date' : formatter.format(date)
}

/** Today as 'YYYY-MM-DD' in the given zone (the form's default creation date). */
export function todayIso(now = new Date()) {
  return now.toISOString().slice(0, 10)
}
