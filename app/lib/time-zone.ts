// Shared with the browser, so no zod here: the form's schema is in time-zone-schema.ts.

/** The cookie the browser writes with its own zone, so pages drawn on the server can use it. */
export const TIME_ZONE_COOKIE = 'pt_tz'
export const SETTINGS_PATH = '/settings'
/** Where a sensitive change asks for a recent sign-in; read by pages in the browser too. */
export const CONFIRM_PATH = '/settings/confirm'

export type TimeZoneSource = 'account' | 'browser' | 'default'

/** The zone dates are drawn in, and where it came from (the root loader's `timeZone`). */
export type TimeZoneChoice = { timeZone: string; source: TimeZoneSource }

/**
 * What the zone hook reads of the root loader's data. A shape here, not `typeof loader` from
 * root.tsx, so the component does not import the root that imports it (issue 27).
 */
export type RootTimeZoneData = { timeZone: TimeZoneChoice }
