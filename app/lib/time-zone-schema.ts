import { z } from 'zod'
import { isTimeZone } from './dates'
import { canonicalTimeZone } from './time-zone-names'

export const TIME_ZONE_MESSAGE = 'Please choose a time zone from the list'

/**
 * A zone from the list, or blank (none chosen). A retired name still posted by an old page or an
 * API client is taken, and stored by today's name (Asia/Calcutta → Asia/Kolkata).
 */
export const timeZoneField = z
  .string()
  .trim()
  .max(64, TIME_ZONE_MESSAGE)
  .optional()
  .transform((value) => value || null)
  .refine((value) => value === null || isTimeZone(value), TIME_ZONE_MESSAGE)
  .transform((value) => (value === null ? null : canonicalTimeZone(value)))

/** The settings form: an IANA zone, or blank for the browser's zone (or UTC without it). */
export const TimeZoneSchema = z.object({ timeZone: timeZoneField })
