import crypto from 'node:crypto'
import { Transform } from 'node:stream'
import type { EntryContext } from '@remix-run/node'
import { documentTitle } from './analytics.server'
import { keptAnswersOn } from './kept-answers.server'

/**
 * Pages drawn once and kept (issue 41, decision 089; the visitors' pages of decision 116). A
 * page is a function of what its loaders read, but for two values made per response: the CSP
 * nonce and the page load's analytics id. React drawing the same page again was most of its
 * cost; so the last drawing of each distinct page is kept under a digest of what it was drawn
 * from, with both values replaced by markers, and every answer fills in its own (as the
 * anonymous pages do, decision 043).
 *
 * The signed-in dashboard's digest covers the build, the URL, the status and the data the page
 * hydrates with (Remix's server handoff: every route's loader data, action data and errors), so
 * any change to the data, the toast, the name in the header or the time zone makes another
 * digest: nothing is shown that the loaders did not just read. A visitor's certificate and verify
 * pages are kept under their data version instead (certificates/record/kept-visitor-pages), read
 * before Remix runs, so that a kept answer needs no loader at all.
 *
 * One bound for all: pages and characters, least recently used dropped first.
 */
const ROUTES = new Set(['routes/_index'])
const MAX_PAGES = 400
const MAX_CHARS = 24_000_000

// Random per process, so no page text can contain them by chance or on purpose.
const NONCE_MARK = `nonce-${crypto.randomBytes(12).toString('hex')}`
const LOAD_MARK = `load-${crypto.randomBytes(12).toString('hex')}`
// Where a page shows one more thing made per answer (the verify page's "Checked … ago").
const EXTRA_MARK = `extra-${crypto.randomBytes(12).toString('hex')}`
const MARKS = new RegExp(`${NONCE_MARK}|${LOAD_MARK}|${EXTRA_MARK}`, 'g')
type Slot = 'nonce' | 'loadId' | 'extra'

interface Drawing {
  /**
   * The page as encoded bytes between the places each answer fills: a kept answer is then a copy
   * of bytes, not a search through and an encoding of the whole page again (a stranger's verify
   * page is about 100 KB, and doing that for each answer was a fifth of its time).
   */
  parts: (Buffer | Slot)[]
  size: number
  title: string | null
  /** The answer's headers, marked as its HTML is; null where the caller sets its own. */
  headers: [string, string][] | null
}
const pages = new Map<string, Drawing>()
let chars = 0

function partsOf(marked: string) {
  const parts: (Buffer | Slot)[] = []
  let from = 0
  for (const found of marked.matchAll(MARKS)) {
    parts.push(Buffer.from(marked.slice(from, found.index)))
    parts.push(found[0] === NONCE_MARK ? 'nonce' : found[0] === LOAD_MARK ? 'loadId' : 'extra')
    from = found.index + found[0].length
  }
  parts.push(Buffer.from(marked.slice(from)))
  return parts
}

/** The digest a drawing of this page is kept under, or null for a page that is never kept. */
export function keptRenderKey(
  request: Request,
  status: number,
  context: EntryContext,
  loadId: string | null,
) {
  // Switched off (KEPT_ANSWERS=off), no drawing is kept or looked up: its digest of the whole
  // handoff (a few percent of a dashboard's time) is not taken either.
  if (!keptAnswersOn() || request.method !== 'GET' || status !== 200 || !loadId) return null
  const matches = context.staticHandlerContext.matches
  const leaf = matches.at(-1)?.route.id
  if (!leaf || !ROUTES.has(leaf)) return null
  if (!context.serverHandoffString?.includes(loadId)) return null
  const url = new URL(request.url)
  return digestOf([
    context.manifest.version,
    url.pathname,
    url.search,
    status,
    context.serverHandoffString.replaceAll(loadId, LOAD_MARK),
  ])
}

/** A key for the kept drawings from the parts a page was drawn from. */
export function digestOf(parts: unknown[]) {
  return crypto.createHash('sha256').update(JSON.stringify(parts)).digest('base64url')
}

/**
 * The kept drawing with this response's nonce and load id (and `extra` where the page marked a
 * place for it), its headers so filled, and its title for the page view.
 */
export function keptRender(key: string, values: { nonce: string; loadId: string; extra?: string }) {
  if (!keptAnswersOn()) return null
  const page = pages.get(key)
  if (!page) return null
  // Most recently used last.
  pages.delete(key)
  pages.set(key, page)
  const filled = {
    nonce: Buffer.from(values.nonce),
    loadId: Buffer.from(values.loadId),
    extra: Buffer.from(values.extra ?? ''),
  }
  const body = Buffer.concat(
    page.parts.map((part) => (Buffer.isBuffer(part) ? part : filled[part])),
  )
  return {
    body,
    title: page.title,
    headers:
      page.headers?.map(([name, value]): [string, string] => [
        name,
        value.replaceAll(NONCE_MARK, values.nonce).replaceAll(LOAD_MARK, values.loadId),
      ]) ?? null,
  }
}

/**
 * Passes the drawing on and keeps it, marked, once it is complete and `canKeep()` still holds
 * (asked at the end, when the status and headers are final; its headers are kept with the page
 * when it gives them). `key` may be read from the drawing itself; `markExtra` puts the mark it is
 * given where each answer will put its `extra`.
 */
export function keepingRender(
  key: string | ((html: string) => string | null),
  values: { nonce: string; loadId: string },
  canKeep: () => boolean | { headers: Headers },
  markExtra: (html: string, mark: string) => string = (html) => html,
) {
  const chunks: Buffer[] = []
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk)
      callback(null, chunk)
    },
    flush(callback) {
      const kept = canKeep()
      if (!kept || !keptAnswersOn()) return callback()
      const html = Buffer.concat(chunks).toString('utf8')
      const id = typeof key === 'string' ? key : key(html)
      if (id === null) return callback()
      const mark = (text: string) =>
        text.replaceAll(values.nonce, NONCE_MARK).replaceAll(values.loadId, LOAD_MARK)
      const marked = markExtra(mark(html), EXTRA_MARK)
      const old = pages.get(id)
      if (old) chars -= old.size
      pages.delete(id)
      pages.set(id, {
        parts: partsOf(marked),
        size: marked.length,
        title: documentTitle(html),
        headers:
          kept === true ? null : [...kept.headers].map(([name, value]) => [name, mark(value)]),
      })
      chars += marked.length
      while (pages.size > MAX_PAGES || chars > MAX_CHARS) {
        const oldest = pages.keys().next().value
        if (oldest === undefined) break
        chars -= pages.get(oldest)!.size
        pages.delete(oldest)
      }
      callback()
    },
  })
}

/** Drops the drawing kept under `key`, if any. */
export function forgetRender(key: string) {
  const page = pages.get(key)
  if (!page) return
  chars -= page.size
  pages.delete(key)
}

/** How many drawings are kept now (tests, and the switch's). */
export function keptRenderCount() {
  return pages.size
}
