// Shared with the browser, so no zod here: the form's schema is in time-zone-schema.ts.

/** The cookie the browser writes with its own zone, so pages drawn on the server can use it. */
export const TIME_ZONE_COOKIE = 'pt_tz'
export const SETTINGS_PATH = '/settings'
