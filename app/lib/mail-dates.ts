import { DEFAULT_TIME_ZONE, readableZone } from './dates'
import { utcOffsetLabel, utcOffsetMinutes } from './time-zone-names'
import { dateTimeFormat } from './intl'

// Dates in mail (issue 52.15): a mail is read away from the page, where nothing says which zone
// a date is in, so it names the zone with its offset from UTC on that day ("UTC+09:00, Asia/Seoul").
// The zone is the recipient's account's where there is an account; a person without one (an
// invited co-writer) reads the inviting owner's, which the offset makes plain anywhere. The day
// and time are written as the mail's language writes them (issue 54); the zone's name stays the
// IANA one, which reads the same in every language.

// English keeps the words its mails always had ('December 7, 2026 at 20:33'); the pseudo-language
// (tests only) has no Intl data and writes dates as English does.
const ENGLISH = new Set(['en', 'en-XA'])

function zoneWords(timeZone: string, date: Date) {
  if (timeZone === DEFAULT_TIME_ZONE) return 'UTC'
  return `${utcOffsetLabel(utcOffsetMinutes(timeZone, date))}, ${readableZone(timeZone)}`
}

const dayOptions = { year: 'numeric', month: 'long', day: 'numeric' } as const

/** 'December 7, 2026 (UTC+09:00, Asia/Seoul)'; '7. Dezember 2026 (…)', '2026年12月7日 (…)'. */
export function mailDay(date: Date, timeZone: string | null | undefined, locale = 'en') {
  const zone = timeZone || DEFAULT_TIME_ZONE
  const day = dateTimeFormat(ENGLISH.has(locale) ? 'en-US' : locale, {
    timeZone: zone,
    ...dayOptions,
  }).format(date)
  return `${day} (${zoneWords(zone, date)})`
}

/** 'December 21, 2026 at 20:33 (UTC+09:00, Asia/Seoul)'; '21 de diciembre de 2026, 20:33 (…)'. */
export function mailMoment(date: Date, timeZone: string | null | undefined, locale = 'en') {
  const zone = timeZone || DEFAULT_TIME_ZONE
  const options = {
    timeZone: zone,
    ...dayOptions,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  } as const
  if (!ENGLISH.has(locale))
    return `${dateTimeFormat(locale, options).format(date)} (${zoneWords(zone, date)})`
  const parts = dateTimeFormat('en-US', options).formatToParts(date)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('month')} ${part('day')}, ${part('year')} at ${part('hour')}:${part('minute')} (${zoneWords(zone, date)})`
}
