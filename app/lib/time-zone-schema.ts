import { z } from 'zod'
import { isTimeZone } from './dates'

export const TIME_ZONE_MESSAGE = 'Please choose a time zone from the list'

/** The settings form: an IANA zone, or blank for the browser's zone (or UTC without it). */
export const TimeZoneSchema = z.object({
  timeZone: z
    .string()
    .trim()
    .max(64, TIME_ZONE_MESSAGE)
    .optional()
    .transform((value) => value || null)
    .refine((value) => value === null || isTimeZone(value), TIME_ZONE_MESSAGE),
})
