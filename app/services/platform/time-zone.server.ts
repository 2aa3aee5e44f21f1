import type { Kysely } from 'kysely'
import type { Database, User } from '#db/schema'
import { DEFAULT_TIME_ZONE, isTimeZone } from '~/lib/dates'
import { TIME_ZONE_COOKIE, type TimeZoneChoice } from '~/lib/time-zone'
import { canonicalTimeZone } from '~/lib/time-zone-names'

/**
 * The zone dates are shown in (docs/decisions/034-time-zones.md): the one the user chose,
 * else the one their browser reported (a cookie JavaScript writes), else UTC.
 */
export function resolveTimeZone(
  cookieHeader: string | null,
  user: Pick<User, 'timeZone'> | null,
): TimeZoneChoice {
  // A name stored or reported before the tz database renamed it is shown by today's name.
  if (user?.timeZone && isTimeZone(user.timeZone))
    return { timeZone: canonicalTimeZone(user.timeZone), source: 'account' }
  const reported = reportedTimeZone(cookieHeader)
  if (reported) return { timeZone: reported, source: 'browser' }
  return { timeZone: DEFAULT_TIME_ZONE, source: 'default' }
}

/** The zone the browser's JavaScript reported in its cookie, by today's name; null without. */
export function reportedTimeZone(cookieHeader: string | null) {
  const match = new RegExp(`(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]{1,80})`).exec(cookieHeader ?? '')
  const reported = match ? safeDecode(match[1]!) : null
  return reported && isTimeZone(reported) ? canonicalTimeZone(reported) : null
}

/**
 * Where most people of a country with several zones live, so the list (and the sign-up form's
 * choice without JavaScript) starts with it rather than with the alphabet's first (America/Adak).
 */
const MAIN_ZONE: Readonly<Record<string, string>> = {
  AR: 'America/Argentina/Buenos_Aires',
  AU: 'Australia/Sydney',
  BR: 'America/Sao_Paulo',
  CA: 'America/Toronto',
  CD: 'Africa/Kinshasa',
  CL: 'America/Santiago',
  CN: 'Asia/Shanghai',
  DE: 'Europe/Berlin',
  EC: 'America/Guayaquil',
  ES: 'Europe/Madrid',
  ID: 'Asia/Jakarta',
  KZ: 'Asia/Almaty',
  MN: 'Asia/Ulaanbaatar',
  MX: 'America/Mexico_City',
  MY: 'Asia/Kuala_Lumpur',
  NZ: 'Pacific/Auckland',
  PT: 'Europe/Lisbon',
  RU: 'Europe/Moscow',
  UA: 'Europe/Kyiv',
  US: 'America/New_York',
  UZ: 'Asia/Tashkent',
}

/** A region's zones by today's names, its main one first (Intl.Locale's list, Node 20 and up). */
function zonesOfRegion(region: string) {
  // Not in TypeScript's lib yet: a method in newer engines, a getter in older ones.
  const locale = new Intl.Locale(`und-${region}`)
  const read: unknown = Reflect.get(locale, 'getTimeZones')
  const listed: unknown =
    typeof read === 'function' ? read.call(locale) : Reflect.get(locale, 'timeZones')
  const zones = Array.isArray(listed)
    ? listed.filter((zone): zone is string => typeof zone === 'string').map(canonicalTimeZone)
    : []
  const main = MAIN_ZONE[region]
  return main && zones.includes(main) ? [main, ...zones.filter((zone) => zone !== main)] : zones
}

/** The regions an Accept-Language header names, most wanted first ('ja' alone means Japan). */
function regionsOf(acceptLanguage: string | null) {
  const tags = (acceptLanguage ?? '')
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = Number(/^q=([\d.]+)$/.exec(params.join('').trim())?.[1] ?? 1)
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index }
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  // A tag that names its region says where; a bare language ('en' after 'ja-JP') only guesses
  // one (the United States for English), so it counts only when no tag names a region.
  const regions: string[] = []
  for (const { tag } of tags.slice(0, 8)) {
    const region = regionOf(tag, false)
    if (region && !regions.includes(region)) regions.push(region)
  }
  if (regions.length === 0 && tags[0]) {
    const guessed = regionOf(tags[0].tag, true)
    if (guessed) regions.push(guessed)
  }
  return regions
}

function regionOf(tag: string, guess: boolean) {
  try {
    const locale = new Intl.Locale(tag)
    return (guess ? locale.maximize() : locale).region ?? null
  } catch {
    return null // not a language tag: nothing to learn from it
  }
}

/**
 * The zones a person most likely lives in (issue 39.14): the one their browser reported, then
 * those of the first regions their languages name (at most 30 in all). The first is the sign-up
 * form's choice when the page is drawn without JavaScript.
 */
export function likelyTimeZones(cookieHeader: string | null, acceptLanguage: string | null) {
  const reported = reportedTimeZone(cookieHeader)
  const zones = new Set<string>(reported ? [reported] : [])
  for (const region of regionsOf(acceptLanguage).slice(0, 2))
    for (const zone of zonesOfRegion(region)) if (isTimeZone(zone)) zones.add(zone)
  return [...zones].slice(0, 30)
}

function safeDecode(value: string) {
  try {
    return decodeURIComponent(value)
  } catch {
    return null
  }
}

/** Stores the user's chosen zone; null goes back to the browser's (or UTC). */
export async function setUserTimeZone(
  database: Kysely<Database>,
  userId: string,
  timeZone: string | null,
) {
  await database
    .updateTable('users')
    .set({ timeZone, updatedAt: new Date() })
    .where('id', '=', userId)
    .execute()
}
