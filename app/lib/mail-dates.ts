import { DEFAULT_TIME_ZONE, readableZone } from './dates'
import { utcOffsetLabel, utcOffsetMinutes } from './time-zone-names'

// Dates in mail (issue 52.15): a mail is read away from the page, where nothing says which zone
// a date is in, so it names the zone with its offset from UTC on that day ("UTC+09:00, Asia/Seoul").
// The zone is the recipient's account's where there is an account; a person without one (an
// invited co-writer) reads the inviting owner's, which the offset makes plain anywhere.

function zoneWords(timeZone: string, date: Date) {
  if (timeZone === DEFAULT_TIME_ZONE) return 'UTC'
  return `${utcOffsetLabel(utcOffsetMinutes(timeZone, date))}, ${readableZone(timeZone)}`
}

/** 'December 7, 2026 (UTC+09:00, Asia/Seoul)'. */
export function mailDay(date: Date, timeZone: string | null | undefined) {
  const zone = timeZone || DEFAULT_TIME_ZONE
  const day = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(date)
  return `${day} (${zoneWords(zone, date)})`
}

/** 'December 21, 2026 at 20:33 (UTC+09:00, Asia/Seoul)'. */
export function mailMoment(date: Date, timeZone: string | null | undefined) {
  const zone = timeZone || DEFAULT_TIME_ZONE
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('month')} ${part('day')}, ${part('year')} at ${part('hour')}:${part('minute')} (${zoneWords(zone, date)})`
}
