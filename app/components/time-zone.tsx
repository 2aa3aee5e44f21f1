import { useRouteLoaderData } from '@remix-run/react'
import { AppLink } from '~/components/app-link'
import { type SelectHTMLAttributes, useEffect, useRef, useState } from 'react'
import { DEFAULT_TIME_ZONE } from '~/lib/dates'
import {
  type RootTimeZoneData,
  SETTINGS_PATH,
  TIME_ZONE_COOKIE,
  type TimeZoneChoice,
} from '~/lib/time-zone'
import { canonicalTimeZone, type TimeZoneOption } from '~/lib/time-zone-names'
import { useTextOr } from '~/i18n/form-errors'

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
    const reported = Intl.DateTimeFormat().resolvedOptions().timeZone
    if (!reported) return
    const zone = canonicalTimeZone(reported)
    setBrowser(zone)
    document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax`
  }, [])
  if (server.source === 'account' || !browser) return server
  return { timeZone: browser, source: 'browser' }
}

/**
 * Says which zone the dates on the page are in, next to them, and where to change it: in the
 * page's language where its loader sent the shared words (decision 120), else in English.
 */
export function TimeZoneNote({
  choice,
  className = '',
}: {
  choice: TimeZoneChoice
  className?: string
}) {
  const text = useTextOr()
  return (
    <p className={`text-xs text-slate-500 ${className}`} data-testid="time-zone-note">
      {text('words.timeZone.note', `Dates in ${choice.timeZone} (${ENGLISH_WHY[choice.source]})`, {
        timeZone: choice.timeZone,
        source: choice.source,
      })}{' '}
      —{' '}
      <AppLink to={SETTINGS_PATH} className="font-medium text-brand-700 underline">
        {text('words.timeZone.change', 'change')}
      </AppLink>
    </p>
  )
}

// Where a page has not sent the shared words yet: the note as it always read.
const ENGLISH_WHY = {
  account: 'your setting',
  browser: 'your browser’s time zone',
  default: 'the default',
}

/**
 * The zone list (issue 39.14): today's names with their offsets, the likely zones first, then
 * UTC and every zone from west to east. With JavaScript, `followBrowser` picks the browser's own
 * zone unless the page came back with a choice already made.
 */
export function TimeZoneSelect({
  options,
  defaultValue,
  followBrowser = false,
  blankLabel,
  groupLabels = { likely: 'Most likely', all: 'All time zones' },
  ...props
}: {
  options: { likely: TimeZoneOption[]; all: TimeZoneOption[] }
  defaultValue: string
  followBrowser?: boolean
  /** A first choice of no zone (the settings' “my browser's time zone”). */
  blankLabel?: string
  /** The two groups' names in the page's language (a translated page's own words). */
  groupLabels?: { likely: string; all: string }
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'defaultValue' | 'children'>) {
  const ref = useRef<HTMLSelectElement>(null)
  useEffect(() => {
    const select = ref.current
    if (!followBrowser || !select) return
    const zone = canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? '')
    if ([...select.options].some((option) => option.value === zone)) select.value = zone
  }, [followBrowser])
  return (
    <select
      ref={ref}
      defaultValue={defaultValue}
      className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
      {...props}
    >
      {blankLabel !== undefined && <option value="">{blankLabel}</option>}
      {options.likely.length > 0 && (
        <optgroup label={groupLabels.likely}>
          {options.likely.map((zone) => (
            <option key={zone.value} value={zone.value} lang="en">
              {zone.label}
            </option>
          ))}
        </optgroup>
      )}
      <optgroup label={groupLabels.all}>
        {options.all.map((zone) => (
          // The tz database's names are English ("Europe/Vienna", not "Wien"): read as English.
          <option key={zone.value} value={zone.value} lang="en">
            {zone.label}
          </option>
        ))}
      </optgroup>
    </select>
  )
}
