import type { TrackEvent } from '~/lib/analytics-schema'
import type { Insertable } from 'kysely'
import type { AnalyticsEventsTable } from '#db/schema'
import { beforeDatabaseClose, db } from './db.server'

export interface EventContext {
  userId?: string | null
  ipAddress?: string | null
  userAgent?: string | null
}

/**
 * The client's address, as the server entry (server/index.mjs) established it from the socket
 * and the configured number of trusted proxy hops (TRUST_PROXY_HOPS). The entry overwrites
 * whatever a client sent under this header; X-Forwarded-For itself is never read here.
 */
export function clientIp(request: Request) {
  const address = request.headers.get('X-ProofTrack-Client-Address')?.trim()
  return address ? address.slice(0, 45) : null
}

/**
 * A page path or referrer without its query string and fragment: links can carry secrets
 * there (a reset token, a signed URL), and analytics is read by the admin (decision 015).
 */
export function withoutQuery(location: string) {
  return location.split(/[?#]/, 1)[0]!.slice(0, 2048)
}

/**
 * An event sent to the track endpoint. Its text is the sender's: with a session it is the
 * user's ('user'), without one it is an anonymous visitor's, which the admin sees as unverified.
 */
export async function recordEvent(event: TrackEvent, context: EventContext) {
  await db()
    .insertInto('analyticsEvents')
    .values({
      source: context.userId ? 'user' : 'anonymous',
      eventType: event.eventType,
      pagePath: withoutQuery(event.pagePath),
      sessionId: event.sessionId ?? null,
      userAgent: (event.userAgent ?? context.userAgent ?? null)?.slice(0, 1024) ?? null,
      userId: context.userId ?? null,
      ipAddress: context.ipAddress ?? null,
      metadata: JSON.stringify(typeof event.metadata.referrer === 'string' ? { ...event.metadata, referrer: withoutQuery(event.metadata.referrer) } : event.metadata),
    })
    .execute()
}

// Page views are written in batches: one multi-row insert per PAGE_VIEW_BATCH views, or for
// whatever arrived within PAGE_VIEW_DELAY_MS, instead of one insert per page. The buffer is
// flushed before the database closes on SIGTERM/SIGINT; a crash can lose at most one batch of
// page views, never anything a user created.
export const PAGE_VIEW_BATCH = 100
const PAGE_VIEW_DELAY_MS = 250
let buffered: Insertable<AnalyticsEventsTable>[] = []
let timer: ReturnType<typeof setTimeout> | null = null

const writing = new Set<Promise<void>>()

/**
 * Starts writing the buffered page views, and resolves once every write started so far has
 * finished (at shutdown, one a full batch started a moment earlier too). Never rejects:
 * analytics must not break anything.
 */
export function flushPageViews(): Promise<void> {
  if (timer) clearTimeout(timer)
  timer = null
  const rows = buffered
  buffered = []
  if (rows.length > 0) {
    const write = (async () => {
      try {
        await db().insertInto('analyticsEvents').values(rows).execute()
      } catch (error) {
        console.warn(`[analytics] ${rows.length} page views not recorded`, error)
      }
    })()
    writing.add(write)
    void write.finally(() => writing.delete(write))
  }
  return settlePageViews()
}

/** Resolves once every page-view write already started has finished; starts none. */
export async function settlePageViews() {
  await Promise.all([...writing])
}
beforeDatabaseClose('page views', flushPageViews)

/**
 * Page views are counted on the server for every successful document request, so visitors
 * without JavaScript count too. Buffered: analytics must never slow or break a page.
 */
export function recordServerPageView(request: Request, status: number, userId?: string | null) {
  if (request.method !== 'GET' || status !== 200) return
  const url = new URL(request.url)
  buffered.push({
    source: 'server',
    eventType: 'page_view',
    pagePath: url.pathname.slice(0, 2048),
    sessionId: null,
    userAgent: request.headers.get('User-Agent')?.slice(0, 1024) ?? null,
    userId: userId ?? null,
    ipAddress: clientIp(request),
    metadata: JSON.stringify({ source: 'server', referrer: withoutQuery(request.headers.get('Referer') ?? '') }),
  })
  if (buffered.length >= PAGE_VIEW_BATCH) void flushPageViews()
  else timer ??= setTimeout(() => void flushPageViews(), PAGE_VIEW_DELAY_MS).unref()
}
