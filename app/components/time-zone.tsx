import { Link, useRouteLoaderData } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { DEFAULT_TIME_ZONE } from '~/lib/dates'
import {
  type RootTimeZoneData,
  SETTINGS_PATH,
  TIME_ZONE_COOKIE,
  type TimeZoneChoice,
} from '~/lib/time-zone'

/**
 * The zone to show dates in: the page is drawn with the server's answer (the user's setting,
 * the zone the browser reported before, or UTC); once JavaScript runs, the browser's own zone
 * replaces the last two, and is written to a cookie for the next page the server draws.
 */
export function useTimeZone(): TimeZoneChoice {
  const server = useRouteLoaderData<RootTimeZoneData>('root')?.timeZone ?? {
    timeZone: DEFAULT_TIME_ZONE,
    source: 'default' as const,
  }
  const [browser, setBrowser] = useState<string | null>(null)
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    if (!zone) return
    setBrowser(zone)
    document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax`
  }, [])
  if (server.source === 'account' || !browser) return server
  return { timeZone: browser, source: 'browser' }
}

const why = {
  account: 'your setting',
  browser: 'your browser’s time zone',
  default: 'the default',
}

/** Says which zone the dates on the page are in, next to them, and where to change it. */
export function TimeZoneNote({
  choice,
  className = '',
}: {
  choice: TimeZoneChoice
  className?: string
}) {
  return (
    <p className={`text-xs text-slate-500 ${className}`} data-testid="time-zone-note">
      Dates in {choice.timeZone} ({why[choice.source]}) —{' '}
      <Link to={SETTINGS_PATH} className="font-medium text-brand-700 underline">
        change
      </Link>
    </p>
  )
}
