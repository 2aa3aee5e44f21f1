// Long dates ('March 1, 2025'; '1. März 2025' in German through app/i18n/format.ts). Shared with
// the browser, and rendered identically on both sides.
import { dateTimeFormat, keptBy } from './intl'

const formatterFor = keptBy((locale) =>
  dateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }),
)

/**
 * A date-only value ('2025-03-01') is a calendar day: it is formatted as that day, never moved
 * by the server's or the reader's time zone. A timestamp is shown as its UTC day, so server and
 * browser render the same text.
 */
export function formatLongDate(value: string | Date | null | undefined, locale = 'en-US') {
  const formatter = formatterFor(locale)
  if (value === null || value === undefined || value === '') return 'Date not available'
  if (typeof value === 'string') {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
    if (day) {
      const [, y, m, d] = day.map(Number) as [number, number, number, number]
      const date = new Date(Date.UTC(y, m - 1, d))
      if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
        return 'Invalid date'
      return formatter.format(date)
    }
  }
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? 'Invalid date' : formatter.format(date)
}

/**
 * A moment's UTC time of day, '00:12:05 UTC'. Built from the numbers, not from Intl: Node's ICU
 * writes the hour after midnight as '24' under `hour12: false` where Chromium's writes '00', so a
 * page rendered on the server and hydrated in the browser disagreed for an hour every night
 * (issue 32).
 */
export function formatUtcTime(value: string | Date) {
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return 'Time not available'
  const two = (n: number) => String(n).padStart(2, '0')
  return `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} UTC`
}

export const DEFAULT_TIME_ZONE = 'UTC'

/**
 * A zone this runtime can format in. Intl.supportedValuesOf lists one name per zone, and on
 * some runtimes the old one (Asia/Calcutta, Europe/Kiev), so a browser reporting the current
 * name (Asia/Kolkata, Europe/Kyiv) is asked of Intl itself rather than looked up in that list.
 */
export function isTimeZone(value: string) {
  if (value === DEFAULT_TIME_ZONE) return true
  if (value.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false
  try {
    dateTimeFormat('en-US', { timeZone: value })
    return true
  } catch {
    return false
  }
}

const zoneFormatters = keptBy((key) => {
  const [kind, timeZone, locale] = key.split(' ')
  return dateTimeFormat(locale, {
    timeZone,
    year: 'numeric',
    month: kind === 'long' ? 'long' : '2-digit',
    day: kind === 'long' ? 'numeric' : '2-digit',
  })
})
function zoneFormatter(kind: 'long' | 'numeric', timeZone: string, locale = 'en-US') {
  return zoneFormatters(`${kind} ${timeZone} ${locale}`)
}

function dayParts(date: Date, timeZone: string) {
  const parts = zoneFormatter('numeric', timeZone).formatToParts(date)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return { year: part('year'), month: part('month'), day: part('day') }
}

/** Today as 'YYYY-MM-DD' in the given zone (the form's default creation date and its max). */
export function todayIso(now = new Date(), timeZone = DEFAULT_TIME_ZONE) {
  const { year, month, day } = dayParts(now, timeZone)
  return `${year}-${month}-${day}`
}

/**
 * A moment (certified, issued, registered) as its day in the reader's zone, with the zone named,
 * so the same certificate read in Honolulu and in Tonga says which day it means.
 */
export function formatDayInZone(
  value: string | Date | null | undefined,
  timeZone = DEFAULT_TIME_ZONE,
  locale = 'en-US',
) {
  if (value === null || value === undefined || value === '') return 'Date not available'
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return 'Invalid date'
  return `${zoneFormatter('long', timeZone, locale).format(date)} (${readableZone(timeZone)})`
}

/** A zone's name as people read it: 'Asia/Ho Chi Minh', never the database's underscores. */
export function readableZone(timeZone: string) {
  return timeZone.replaceAll('_', ' ')
}

/** A moment with its time of day, in the reader's zone and naming it (the sessions list). */
export function formatMomentInZone(
  value: string | Date,
  timeZone = DEFAULT_TIME_ZONE,
  locale = 'en-US',
) {
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return 'Invalid date'
  const format = dateTimeFormat(locale, {
    timeZone,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
  return `${format.format(date)} (${readableZone(timeZone)})`
}
