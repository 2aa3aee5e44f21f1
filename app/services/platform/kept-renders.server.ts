import crypto from 'node:crypto'
import { Transform } from 'node:stream'
import type { EntryContext } from '@remix-run/node'
import { documentTitle } from './analytics.server'

/**
 * The signed-in dashboard drawn once per distinct page (issue 41, decision 089). After the
 * loaders have run, the page is a function of the build, the URL, the status and the data the
 * page hydrates with (Remix's server handoff: every route's loader data, action data and errors),
 * but for two values made per response: the CSP nonce and the page load's analytics id. React
 * drawing the same dashboard again was most of its cost; so the last drawing of each distinct
 * page is kept under a digest of all of those, with both values replaced by markers, and every
 * answer fills in its own (as the anonymous pages do, decision 043). Any change to the data, the
 * toast, the name in the header or the time zone makes another digest: nothing is shown that
 * the loaders did not just read. Only the routes listed here, only a GET answered 200.
 */
const ROUTES = new Set(['routes/_index'])
const MAX_PAGES = 400
const MAX_CHARS = 24_000_000

// Random per process, so no page text can contain them by chance or on purpose.
const NONCE_MARK = `nonce-${crypto.randomBytes(12).toString('hex')}`
const LOAD_MARK = `load-${crypto.randomBytes(12).toString('hex')}`

const pages = new Map<string, { html: string; title: string | null }>()
let chars = 0

/** The digest a drawing of this page is kept under, or null for a page that is never kept. */
export function keptRenderKey(
  request: Request,
  status: number,
  context: EntryContext,
  loadId: string | null,
) {
  if (request.method !== 'GET' || status !== 200 || !loadId) return null
  const matches = context.staticHandlerContext.matches
  const leaf = matches.at(-1)?.route.id
  if (!leaf || !ROUTES.has(leaf)) return null
  if (!context.serverHandoffString?.includes(loadId)) return null
  const url = new URL(request.url)
  return crypto
    .createHash('sha256')
    .update(
      JSON.stringify([
        context.manifest.version,
        url.pathname,
        url.search,
        status,
        context.serverHandoffString.replaceAll(loadId, LOAD_MARK),
      ]),
    )
    .digest('base64url')
}

/** The kept drawing with this response's nonce and load id, and its title for the page view. */
export function keptRender(key: string, values: { nonce: string; loadId: string }) {
  const page = pages.get(key)
  if (!page) return null
  // Most recently used last.
  pages.delete(key)
  pages.set(key, page)
  return {
    html: page.html.replaceAll(NONCE_MARK, values.nonce).replaceAll(LOAD_MARK, values.loadId),
    title: page.title,
  }
}

/** Passes the drawing on and keeps it, marked, once it is complete and `canKeep()` still holds. */
export function keepingRender(
  key: string,
  values: { nonce: string; loadId: string },
  canKeep: () => boolean,
) {
  const chunks: Buffer[] = []
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk)
      callback(null, chunk)
    },
    flush(callback) {
      if (!canKeep()) return callback()
      const html = Buffer.concat(chunks).toString('utf8')
      const marked = html.replaceAll(values.nonce, NONCE_MARK).replaceAll(values.loadId, LOAD_MARK)
      const old = pages.get(key)
      if (old) chars -= old.html.length
      pages.delete(key)
      pages.set(key, { html: marked, title: documentTitle(html) })
      chars += marked.length
      while (pages.size > MAX_PAGES || chars > MAX_CHARS) {
        const oldest = pages.keys().next().value
        if (oldest === undefined) break
        chars -= pages.get(oldest)!.html.length
        pages.delete(oldest)
      }
      callback()
    },
  })
}
