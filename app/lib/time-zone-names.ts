// Shared with the browser: the zone names people are shown, with their offsets (issue 39.14).

import { DEFAULT_TIME_ZONE } from './dates'
import { dateTimeFormat } from './intl'

/**
 * Names the tz database has retired for another spelling, which Node 20's ICU (and some browsers)
 * still give as the zone's name: Intl.supportedValuesOf('timeZone') lists Asia/Calcutta, not
 * Asia/Kolkata. People are shown today's name; an account or a cookie holding the old one keeps
 * working, read as the new. Links that merge one country's zone into another's clock (Europe/
 * Bratislava → Europe/Prague) are not renames and stay as they are: people look for their city.
 */
export const RENAMED_TIME_ZONES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Dacca': 'Asia/Dhaka',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Macao': 'Asia/Macau',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Thimbu': 'Asia/Thimphu',
  'Asia/Ujung_Pandang': 'Asia/Makassar',
  'Asia/Ulan_Bator': 'Asia/Ulaanbaatar',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Europe/Uzhgorod': 'Europe/Kyiv',
  'Europe/Zaporozhye': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
  // UTC's other names, as a browser on a machine set to UTC may report it.
  'Etc/GMT': 'UTC',
  'Etc/UCT': 'UTC',
  'Etc/Universal': 'UTC',
  'Etc/UTC': 'UTC',
  'Etc/Zulu': 'UTC',
  GMT: 'UTC',
  UCT: 'UTC',
  Universal: 'UTC',
  Zulu: 'UTC',
}

/** Today's name of a zone: a retired spelling becomes the current one; anything else is kept. */
export function canonicalTimeZone(name: string) {
  return RENAMED_TIME_ZONES[name] ?? name
}

export type TimeZoneOption = { value: string; label: string }

/** Minutes east of UTC in the zone at that moment (so summer time counts on the day). */
export function utcOffsetMinutes(timeZone: string, now: Date) {
  const format = dateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' })
  const text = format.formatToParts(now).find((part) => part.type === 'timeZoneName')?.value ?? ''
  const match = /^GMT([+-])(\d{1,2})(?::(\d{2}))?$/.exec(text)
  if (!match) return 0
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0)
  return match[1] === '-' ? -minutes : minutes
}

/** 'UTC+05:30', 'UTC−10:00' (a real minus sign), 'UTC' itself at zero. */
export function utcOffsetLabel(minutes: number) {
  if (minutes === 0) return 'UTC'
  const sign = minutes < 0 ? '−' : '+'
  const abs = Math.abs(minutes)
  const two = (n: number) => String(n).padStart(2, '0')
  return `UTC${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`
}

/** 'Asia/Ho_Chi_Minh' as people read it, after its offset: '(UTC+07:00) Asia/Ho Chi Minh'. */
export function timeZoneLabel(timeZone: string, now: Date) {
  if (timeZone === DEFAULT_TIME_ZONE) return 'UTC'
  return `(${utcOffsetLabel(utcOffsetMinutes(timeZone, now))}) ${timeZone.replaceAll('_', ' ')}`
}

let canonicalNames: string[] | undefined
/** Every zone once, by today's name (418 names in Node 20, none of them retired). */
export function currentTimeZoneNames() {
  canonicalNames ??= [
    ...new Set(Intl.supportedValuesOf('timeZone').map((name) => canonicalTimeZone(name))),
  ].filter((name) => name !== DEFAULT_TIME_ZONE)
  return canonicalNames
}

/**
 * The list a person picks from: the likely zones first (the browser's, then the ones of the
 * region their language names), then UTC and every zone by offset, west to east.
 */
export function timeZoneOptions(likely: readonly string[], now = new Date()) {
  const option = (value: string): TimeZoneOption => ({ value, label: timeZoneLabel(value, now) })
  const first = [...new Set(likely.map(canonicalTimeZone))].filter((zone) => zone !== 'UTC')
  const all = currentTimeZoneNames()
    .map((value) => ({ value, minutes: utcOffsetMinutes(value, now) }))
    .sort((a, b) => a.minutes - b.minutes || a.value.localeCompare(b.value))
    .map(({ value }) => option(value))
  return { likely: first.map(option), all: [option(DEFAULT_TIME_ZONE), ...all] }
}
