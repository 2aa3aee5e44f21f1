import type { Kysely } from 'kysely'
import type { Database, User } from '#db/schema'
import { DEFAULT_TIME_ZONE, isTimeZone } from '~/lib/dates'
import { TIME_ZONE_COOKIE, type TimeZoneChoice } from '~/lib/time-zone'

/**
 * The zone dates are shown in (docs/decisions/034-time-zones.md): the one the user chose,
 * else the one their browser reported (a cookie JavaScript writes), else UTC.
 */
export function resolveTimeZone(
  cookieHeader: string | null,
  user: Pick<User, 'timeZone'> | null,
): TimeZoneChoice {
  if (user?.timeZone && isTimeZone(user.timeZone))
    return { timeZone: user.timeZone, source: 'account' }
  const cookie = cookieHeader ?? ''
  const match = new RegExp(`(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]{1,80})`).exec(cookie)
  const reported = match ? safeDecode(match[1]!) : null
  if (reported && isTimeZone(reported)) return { timeZone: reported, source: 'browser' }
  return { timeZone: DEFAULT_TIME_ZONE, source: 'default' }
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
