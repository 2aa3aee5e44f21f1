import { z } from 'zod'

/** SPEC §7: POST /api/analytics/track. */
export const TrackEventSchema = z.object({
  eventType: z.enum(['page_view', 'user_action', 'custom']),
  pagePath: z.string().trim().min(1, 'pagePath is required').max(2048).startsWith('/', 'pagePath must start with /'),
  metadata: z.record(z.string(), z.unknown()).optional().default({})
    .refine((value) => JSON.stringify(value).length <= 4096, 'metadata is too large'),
  userAgent: z.string().max(1024).optional(),
  sessionId: z.string().max(100).optional(),
  timestamp: z.union([z.iso.datetime({ offset: true }), z.number().int().nonnegative()]).optional(),
})
export type TrackEvent = z.infer<typeof TrackEventSchema>
