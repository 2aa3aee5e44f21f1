import { z } from 'zod'

export const EVENT_TYPES = ['page_view', 'user_action', 'custom'] as const

// Anyone may send events, and the admin reads them: metadata is a flat record of short values
// (the browser sends title, referrer, action or name), bounded in keys, length and total size.
const MetadataValue = z.union([z.string().max(2048), z.number(), z.boolean(), z.null()], {
  error: 'metadata values must be short strings, numbers or booleans',
})

/** SPEC §7: POST /api/analytics/track. */
export const TrackEventSchema = z.object({
  eventType: z.enum(EVENT_TYPES),
  pagePath: z
    .string()
    .trim()
    .min(1, 'pagePath is required')
    .max(2048)
    .startsWith('/', 'pagePath must start with /'),
  metadata: z
    .record(z.string().max(64, 'metadata keys are at most 64 characters'), MetadataValue)
    .optional()
    .default({})
    .refine((value) => Object.keys(value).length <= 20, 'metadata has at most 20 keys')
    .refine((value) => JSON.stringify(value).length <= 4096, 'metadata is too large'),
  userAgent: z.string().max(1024).optional(),
  sessionId: z.string().max(100).optional(),
  timestamp: z.union([z.iso.datetime({ offset: true }), z.number().int().nonnegative()]).optional(),
})
export type TrackEvent = z.infer<typeof TrackEventSchema>
