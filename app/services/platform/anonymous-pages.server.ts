import crypto from 'node:crypto'
import { Transform } from 'node:stream'
import { isbot } from 'isbot'
import { env } from '~/env.server'
import { resolveLocale } from '~/i18n/locale.server'
import { SOURCE_LOCALE } from '~/i18n/locales'
import { documentTitle, recordServerPageView } from './analytics.server'

/**
 * The public pages a visitor without cookies is sent are the same for every such visitor, but for
 * two values made per response: the CSP nonce and the page load's analytics id. Rendering them
 * again per request was most of a static page's cost (issue 16), so the server keeps the last
 * render of each, with both values replaced by markers, and fills in fresh ones for every answer:
 * each response still carries its own unguessable nonce (docs/decisions/043-anonymous-page-cache.md).
 *
 * Only these paths, only a GET with no cookie, no query string and the app's own origin (a forged
 * Host header could otherwise put another site's address into every visitor's page), and only a
 * 200 that sets no cookie. A copy lives `TTL_MS` at most, and is dropped at once when this process
 * changes what the landing page shows; another server process sees such a change within `TTL_MS`.
 */
const PATHS = new Set(['/', '/privacy-policy', '/terms-of-service', '/faq'])
export const TTL_MS = 10_000

// Random per process, so no page text can contain them by chance or on purpose.
const NONCE_MARK = `nonce-${crypto.randomBytes(12).toString('hex')}`
const LOAD_MARK = `load-${crypto.randomBytes(12).toString('hex')}`

interface Copy {
  html: string
  headers: [string, string][]
  title: string | null
  storedAt: number
}

const copies = new Map<string, Copy>()
// Bumped when the pages' data changes: a render whose loaders ran before then is not kept.
let generation = 0

/**
 * Read by the server entry before Remix runs a request's loaders, and handed to keepingStream:
 * a render whose data was read before the last change must not be kept after it.
 */
export function anonymousPagesGeneration() {
  return generation
}

/** What the cache needs of a request; the server entry passes it without making a `Request`. */
export interface AnonymousRequest {
  method: string
  /** path and query string */
  url: string
  /** scheme, host and port the request was made to */
  origin: string
  cookie: string | undefined | null
  /** The language a cookie-less visitor's page is drawn in comes from it (decision 120). */
  acceptLanguage: string | null
  userAgent: string | null
  referrer: string | null
  ipAddress: string | null
}

/**
 * The key of the copy that may answer this request (its path and language: one copy per
 * language, so no visitor is ever sent another's), or null when it must be rendered for it.
 */
export function anonymousPagePath(request: AnonymousRequest) {
  if (request.method !== 'GET' || request.cookie || !PATHS.has(request.url)) return null
  if (request.origin !== appOrigin()) return null
  const locale = resolveLocale({ cookieHeader: null, acceptLanguage: request.acceptLanguage })
  return locale === SOURCE_LOCALE ? request.url : `${request.url}\u0000${locale}`
}

let origin: string | undefined
function appOrigin() {
  return (origin ??= new URL(env().APP_URL).origin)
}

export interface CachedAnswer {
  status: 200
  headers: [string, string][]
  body: string
}

/** A kept copy with a fresh nonce and page-load id, its page view recorded as a render's would be. */
export function cachedAnonymousPage(request: AnonymousRequest, now = Date.now()) {
  const path = anonymousPagePath(request)
  const copy = path === null ? undefined : copies.get(path)
  if (!path || !copy) return null
  if (now - copy.storedAt > TTL_MS) {
    copies.delete(path)
    return null
  }
  const nonce = crypto.randomBytes(16).toString('base64')
  const loadId = crypto.randomUUID()
  if (!isbot(request.userAgent))
    recordServerPageView(
      {
        method: 'GET',
        path: request.url,
        userAgent: request.userAgent,
        referrer: request.referrer,
        ipAddress: request.ipAddress,
      },
      200,
      {
        userId: null,
        sessionId: loadId,
        title: copy.title,
      },
    )
  const fill = (text: string) => text.replaceAll(NONCE_MARK, nonce).replaceAll(LOAD_MARK, loadId)
  return {
    status: 200,
    headers: copy.headers.map(([name, value]): [string, string] => [name, fill(value)]),
    body: fill(copy.html),
  } satisfies CachedAnswer
}

/**
 * Passes a render's bytes through and, when the render may be kept, keeps them at the end.
 * `canKeep` is asked at the end, when the status and headers are final.
 */
export function keepingStream(
  path: string,
  values: { nonce: string; loadId: string | null; startedIn: number },
  canKeep: () => { headers: Headers } | null,
) {
  const { startedIn } = values
  const chunks: Buffer[] = []
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk)
      callback(null, chunk)
    },
    flush(callback) {
      const kept = canKeep()
      if (kept && startedIn === generation && values.loadId) {
        const mark = (text: string) =>
          text.replaceAll(values.nonce, NONCE_MARK).replaceAll(values.loadId!, LOAD_MARK)
        const html = Buffer.concat(chunks).toString('utf8')
        copies.set(path, {
          html: mark(html),
          headers: [...kept.headers].map(([name, value]) => [name, mark(value)]),
          title: documentTitle(html),
          storedAt: Date.now(),
        })
      }
      callback()
    },
  })
}

/** Drops every copy; called when what a public page shows has changed (the landing video). */
export function forgetAnonymousPages() {
  generation++
  copies.clear()
}
