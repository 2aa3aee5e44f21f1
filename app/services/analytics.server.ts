import type { TrackEvent } from '~/lib/analytics-schema'
import { db } from './db.server'

export interface EventContext {
  userId?: string | null
  ipAddress?: string | null
  userAgent?: string | null
}

export function clientIp(request: Request) {
  const forwarded = request.headers.get('X-Forwarded-For')?.split(',')[0]?.trim()
  return forwarded ? forwarded.slice(0, 45) : null
}

export async function recordEvent(event: TrackEvent, context: EventContext) {
  await db()
    .insertInto('analyticsEvents')
    .values({
      eventType: event.eventType,
      pagePath: event.pagePath,
      sessionId: event.sessionId ?? null,
      userAgent: (event.userAgent ?? context.userAgent ?? null)?.slice(0, 1024) ?? null,
      userId: context.userId ?? null,
      ipAddress: context.ipAddress ?? null,
      metadata: JSON.stringify(event.metadata),
    })
    .execute()
}

/**
 * Page views are counted on the server for every successful document request, so visitors
 * without JavaScript count too. Fire-and-forget: analytics must never slow or break a page.
 */
export function recordServerPageView(request: Request, status: number, userId?: string | null) {
  if (request.method !== 'GET' || status !== 200) return
  const url = new URL(request.url)
  recordEvent(
    {
      eventType: 'page_view',
      pagePath: url.pathname.slice(0, 2048),
      metadata: { source: 'server', referrer: request.headers.get('Referer') ?? '' },
    },
    { userId, ipAddress: clientIp(request), userAgent: request.headers.get('User-Agent') },
  ).catch((error: unknown) => console.warn('[analytics] page view not recorded', error))
}
