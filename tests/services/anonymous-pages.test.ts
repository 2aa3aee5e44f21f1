import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { describe, expect, test } from 'vitest'
import { flushPageViews } from '~/services/platform/analytics.server'
import {
  type AnonymousRequest,
  anonymousPagePath,
  anonymousPagesGeneration,
  cachedAnonymousPage,
  forgetAnonymousPages,
  keepingStream,
  TTL_MS,
} from '~/services/platform/anonymous-pages.server'
import { db } from '../setup/db'

// Issue 16: a visitor without cookies gets the last render of a public page, with a fresh nonce
// and page-load id, and their page view is counted as a render's would be.

const NONCE = 'cmVuZGVyLW5vbmNlLTEyMw=='
const LOAD = '11111111-2222-4333-8444-555555555555'
const HTML =
  `<!DOCTYPE html><html><head><title>FAQ | ProofTrack</title></head><body><h1>FAQ</h1>` +
  `<script nonce="${NONCE}">window.__remixContext = {"analyticsSessionId":"${LOAD}"}</script>` +
  `<script nonce="${NONCE}" type="module">import "/build/entry.js"</script></body></html>`

const visitor = (overrides: Partial<AnonymousRequest> = {}): AnonymousRequest => ({
  method: 'GET',
  url: '/faq',
  origin: 'http://localhost:3000',
  cookie: null,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0',
  referrer: null,
  acceptLanguage: null,
  ipAddress: '203.0.113.7',
  ...overrides,
})

/** One render of `path`, streamed through the keeping stream in three chunks. */
async function render(path = '/faq', canKeep = true, html = HTML) {
  const headers = new Headers({
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': `script-src 'self' 'nonce-${NONCE}'`,
  })
  const out: Buffer[] = []
  const third = Math.ceil(html.length / 3)
  const keeping = keepingStream(
    path,
    { nonce: NONCE, loadId: LOAD, startedIn: anonymousPagesGeneration() },
    () => (canKeep ? { headers } : null),
  )
  keeping.on('data', (chunk: Buffer) => out.push(chunk))
  await pipeline(
    Readable.from([0, 1, 2].map((i) => Buffer.from(html.slice(i * third, (i + 1) * third)))),
    keeping,
  )
  return Buffer.concat(out).toString('utf8')
}

function nonceOf(answer: { headers: [string, string][] }) {
  const csp = answer.headers.find(([name]) => name === 'content-security-policy')?.[1] ?? ''
  return /'nonce-([^']+)'/.exec(csp)?.[1]
}

async function pageViewsOf(sessionId: string) {
  await flushPageViews()
  return db()
    .selectFrom('analyticsEvents')
    .select(['pagePath', 'ipAddress', 'userId', 'metadata'])
    .where('sessionId', '=', sessionId)
    .execute()
}

describe('the anonymous page cache', () => {
  test('a kept page answers with its own nonce and page-load id, everything else as rendered', async () => {
    forgetAnonymousPages()
    expect(cachedAnonymousPage(visitor())).toBeNull()
    // The render itself passes through unchanged.
    expect(await render()).toBe(HTML)

    const first = cachedAnonymousPage(visitor())!
    const second = cachedAnonymousPage(visitor())!
    for (const answer of [first, second]) {
      expect(answer.status).toBe(200)
      const nonce = nonceOf(answer)!
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
      expect(nonce).not.toBe(NONCE)
      const loadId = /"analyticsSessionId":"([^"]+)"/.exec(answer.body)?.[1]
      expect(loadId).toMatch(/^[0-9a-f-]{36}$/)
      expect(answer.body).toBe(HTML.replaceAll(NONCE, nonce).replaceAll(LOAD, loadId!))
      expect(answer.headers).toContainEqual(['content-type', 'text/html; charset=utf-8'])
    }
    expect(nonceOf(first)).not.toBe(nonceOf(second))
  })

  test("each answer is counted as a page view with the visitor's address and the page's title", async () => {
    forgetAnonymousPages()
    await render()
    const answer = cachedAnonymousPage(visitor({ referrer: 'https://example.com/a?b=c' }))!
    const loadId = /"analyticsSessionId":"([^"]+)"/.exec(answer.body)![1]!
    const views = await pageViewsOf(loadId)
    expect(views).toHaveLength(1)
    expect(views[0]).toMatchObject({ pagePath: '/faq', ipAddress: '203.0.113.7', userId: null })
    expect(views[0]!.metadata).toMatchObject({
      title: 'FAQ | ProofTrack',
      referrer: 'https://example.com/a',
    })
    // A bot gets the page but is not counted, as with a render.
    const bot = cachedAnonymousPage(visitor({ userAgent: 'Googlebot/2.1' }))!
    const botLoad = /"analyticsSessionId":"([^"]+)"/.exec(bot.body)![1]!
    expect(await pageViewsOf(botLoad)).toEqual([])
  })

  test('only a GET of a listed path, without cookies or a query string, on the app origin', async () => {
    forgetAnonymousPages()
    await render('/faq')
    expect(anonymousPagePath(visitor())).toBe('/faq')
    for (const request of [
      visitor({ cookie: 'pt_session=abc' }),
      visitor({ method: 'POST' }),
      visitor({ method: 'HEAD' }),
      visitor({ url: '/faq?utm_source=x' }),
      visitor({ url: '/faq?_data=root' }),
      // A forged Host header: that render is never kept, nor answered from a copy.
      visitor({ origin: 'http://evil.example' }),
      visitor({ url: '/login' }),
      visitor({ url: '/songs' }),
    ]) {
      expect(anonymousPagePath(request)).toBeNull()
      expect(cachedAnonymousPage(request)).toBeNull()
    }
  })

  test('a render that sets a cookie or fails is not kept', async () => {
    forgetAnonymousPages()
    await render('/privacy-policy', false)
    expect(cachedAnonymousPage(visitor({ url: '/privacy-policy' }))).toBeNull()
  })

  test(`a copy lives ${TTL_MS / 1000} s, and is dropped when the landing page's data changes`, async () => {
    forgetAnonymousPages()
    await render('/')
    const now = Date.now()
    expect(cachedAnonymousPage(visitor({ url: '/' }), now + TTL_MS - 50)).not.toBeNull()
    expect(cachedAnonymousPage(visitor({ url: '/' }), now + TTL_MS + 1_000)).toBeNull()

    await render('/')
    forgetAnonymousPages()
    expect(cachedAnonymousPage(visitor({ url: '/' }))).toBeNull()
  })

  test('a render whose data was read before a change is not kept after it', async () => {
    forgetAnonymousPages()
    // The server entry reads the generation before the loaders run…
    const startedIn = anonymousPagesGeneration()
    // …then the admin's upload completes while they run, before the render has begun.
    forgetAnonymousPages()
    const headers = new Headers({ 'Content-Security-Policy': `'nonce-${NONCE}'` })
    const stream = keepingStream('/', { nonce: NONCE, loadId: LOAD, startedIn }, () => ({
      headers,
    }))
    stream.end(Buffer.from(HTML))
    for await (const _chunk of stream) void _chunk
    expect(cachedAnonymousPage(visitor({ url: '/' }))).toBeNull()
    // A render that began after the change is kept.
    await render('/')
    expect(cachedAnonymousPage(visitor({ url: '/' }))).not.toBeNull()
  })
})
