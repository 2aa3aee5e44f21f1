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
 * The client's address as the proxy in front of us saw it. remix-serve does not expose the
 * socket, so it comes from X-Forwarded-For; a proxy appends the address it saw to whatever the
 * client sent, so only the last entry can be trusted (the first is the client's own claim).
 */
export function clientIp(request: Request) {
  const forwarded = request.headers.get('X-Forwarded-For')?.split(',').at(-1)?.trim()
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
    eventType: 'page_view',
    pagePath: url.pathname.slice(0, 2048),
    sessionId: null,
    userAgent: request.headers.get('User-Agent')?.slice(0, 1024) ?? null,
    userId: userId ?? null,
    ipAddress: clientIp(request),
    metadata: JSON.stringify({ source: 'server', referrer: request.headers.get('Referer') ?? '' }),
  })
  if (buffered.length >= PAGE_VIEW_BATCH) void flushPageViews()
  else timer ??= setTimeout(() => void flushPageViews(), PAGE_VIEW_DELAY_MS).unref()
}
