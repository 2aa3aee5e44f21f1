import crypto from 'node:crypto'
import type { TrackEvent } from '~/lib/analytics-schema'
import type { PageView } from '~/lib/client-address.server'
import type { Insertable, Kysely } from 'kysely'
import type { AnalyticsEventsTable, Database } from '#db/schema'
import { beforeDatabaseClose, db } from './db.server'

export interface EventContext {
  userId?: string | null
  ipAddress?: string | null
  userAgent?: string | null
}

/**
 * A page path or referrer without its query string and fragment: links can carry secrets
 * there (a reset token, a signed URL), and analytics is read by the admin (decision 015).
 */
export function withoutQuery(location: string) {
  return withoutPathSecrets(location.split(/[?#]/, 1)[0]!).slice(0, 2048)
}

/** An invitation link carries its token in the path (decision 041): it is never recorded. */
export function withoutPathSecrets(path: string) {
  return path.replace(/\/invitations\/[^/?#]+/i, '/invitations/[token]')
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
      metadata: JSON.stringify(
        typeof event.metadata.referrer === 'string'
          ? { ...event.metadata, referrer: withoutQuery(event.metadata.referrer) }
          : event.metadata,
      ),
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

/** What the root loader knows of a document request that the page view needs (SPEC §7). */
export interface PageLoad {
  userId: string | null
  /** Generated per page load; the browser sends the same id with its later events. */
  sessionId: string
}

// Keyed by the request's load context, which Remix creates per request and hands both to the
// loaders and to the document renderer (entry.server), so the root loader's user reaches the
// page view without a second session lookup.
const pageLoads = new WeakMap<object, PageLoad>()

/** Called by the root loader: a new page-load session id, remembered for this request's page view. */
export function startPageLoad(context: unknown, userId: string | null) {
  const load = { userId, sessionId: crypto.randomUUID() }
  if (typeof context === 'object' && context !== null) pageLoads.set(context, load)
  return load
}

export function pageLoadOf(context: unknown): PageLoad | null {
  return typeof context === 'object' && context !== null ? (pageLoads.get(context) ?? null) : null
}

/**
 * Page views are counted on the server for every successful document request, so visitors
 * without JavaScript count too. Buffered: analytics must never slow or break a page.
 */
export function recordServerPageView(
  view: PageView,
  status: number,
  details: { userId?: string | null; sessionId?: string | null; title?: string | null } = {},
) {
  if (view.method !== 'GET' || status !== 200) return
  if (overAddressLimit(view.ipAddress)) return
  buffered.push({
    source: 'server',
    eventType: 'page_view',
    pagePath: withoutPathSecrets(view.path).slice(0, 2048),
    sessionId: details.sessionId?.slice(0, 100) ?? null,
    userAgent: view.userAgent?.slice(0, 1024) ?? null,
    userId: details.userId ?? null,
    ipAddress: view.ipAddress,
    metadata: JSON.stringify({
      source: 'server',
      // A signed-in user's page titles can name songs not yet registered (Edit <title>), which
      // must stay private; a visitor's pages are public, and so are their titles.
      title: details.userId ? '' : (details.title ?? '').slice(0, 512),
      referrer: withoutQuery(view.referrer ?? ''),
    }),
  })
  if (buffered.length >= PAGE_VIEW_BATCH) void flushPageViews()
  else timer ??= setTimeout(() => void flushPageViews(), PAGE_VIEW_DELAY_MS).unref()
}

/**
 * One address's page views beyond this many a minute are served but not counted. No person reads
 * two pages a second for a minute; a script can, and since the public pages are sent from memory
 * (decision 043) it can send thousands a second, each an analytics row. Per server process.
 */
export const PAGE_VIEWS_PER_ADDRESS_PER_MINUTE = 120
const viewsByAddress = new Map<string, { since: number; count: number }>()

function overAddressLimit(address: string | null, now = Date.now()) {
  if (!address) return false
  let window = viewsByAddress.get(address)
  if (!window || now - window.since >= 60_000) {
    // Bounded: a flood from many addresses forgets the windows rather than growing without end.
    if (viewsByAddress.size >= 10_000) viewsByAddress.clear()
    window = { since: now, count: 0 }
    viewsByAddress.set(address, window)
  }
  return ++window.count > PAGE_VIEWS_PER_ADDRESS_PER_MINUTE
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  '#x27': "'",
}

/** The text of the document's first <title>, as React escaped it; null when there is none. */
export function documentTitle(html: string) {
  const match = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)
  if (!match) return null
  return match[1]!.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => ENTITIES[name]!)
}

/**
 * A drawn document's page view, with the title the visitor sees (the routes' meta). The whole
 * document is in hand when it is recorded: it is drawn as one string (issue 53).
 */
export function recordDocumentView(
  view: PageView,
  status: number,
  load: PageLoad | null,
  html: string,
) {
  recordServerPageView(view, status, { ...load, title: documentTitle(html) })
}

/** SPEC §7 user actions, recorded by the server actions themselves so they count without JavaScript. */
export const USER_ACTIONS = [
  'sign_up',
  'sign_in',
  'submit_song',
  'edit_song',
  'register_song',
  'payment',
  'contact',
] as const
export type UserAction = (typeof USER_ACTIONS)[number]

/**
 * A user_action event for something the server has just done. It stores what a page view
 * stores (path, user id, address, user agent) and the action's name, nothing a form carried.
 * Never throws: a lost event must not undo or fail what the user did.
 */
export async function recordUserAction(
  database: Kysely<Database>,
  view: PageView,
  action: UserAction,
  userId: string | null,
) {
  try {
    await database
      .insertInto('analyticsEvents')
      .values({
        source: 'server',
        eventType: 'user_action',
        pagePath: withoutPathSecrets(view.path).slice(0, 2048),
        sessionId: null,
        userAgent: view.userAgent?.slice(0, 1024) ?? null,
        userId,
        ipAddress: view.ipAddress,
        metadata: JSON.stringify({ action }),
      })
      .execute()
  } catch (error) {
    console.warn(`[analytics] user action ${action} not recorded`, error)
  }
}
