// A recording's length (issue 40): typed as minutes:seconds or hours:minutes:seconds, kept in
// whole seconds. Shared with the browser, which fills it from the audio file's own metadata.

export const MAX_DURATION_SECONDS = 24 * 60 * 60
export const DURATION_MESSAGE =
  'Write the length as minutes:seconds, for example 3:25 (or 1:02:05 with hours)'

/** "3:25" → 205, "1:02:05" → 3725; null for anything else, or for no length at all. */
export function parseDuration(text: string) {
  const match = /^(?:(\d{1,2}):)?(\d{1,3}):(\d{2})$/.exec(text.trim())
  if (!match) return null
  const [hours, minutes, seconds] = [match[1] ?? '0', match[2] ?? '0', match[3] ?? '0'].map(
    Number,
  ) as [number, number, number]
  // With hours, minutes stop at 59; without, "75:00" is a plain 75 minutes.
  if (seconds > 59 || (match[1] !== undefined && minutes > 59)) return null
  const total = hours * 3600 + minutes * 60 + seconds
  return total > 0 && total <= MAX_DURATION_SECONDS ? total : null
}

/** 205 → "3:25", 3725 → "1:02:05". */
export function formatDuration(total: number) {
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = String(total % 60).padStart(2, '0')
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${minutes}:${seconds}`
}

/**
 * An audio element's duration in whole seconds, rounded as players show it; null when the browser
 * could not tell (a stream reports Infinity, an unreadable file NaN): the field then stays empty.
 */
export function durationFromMedia(seconds: number) {
  if (!Number.isFinite(seconds) || seconds <= 0) return null
  const total = Math.round(seconds)
  return total >= 1 && total <= MAX_DURATION_SECONDS ? total : null
}
