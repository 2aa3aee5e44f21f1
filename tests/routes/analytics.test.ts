import { describe, expect, test } from 'vitest'
import { action } from '~/resource-routes/api.analytics.track'
import { clientIp, pageViewOf } from '~/lib/client-address.server'
import { loader as rootLoader } from '~/root'
import {
  flushPageViews,
  PAGE_VIEW_BATCH,
  PAGE_VIEWS_PER_ADDRESS_PER_MINUTE,
  pageLoadOf,
  recordDocumentView,
  recordServerPageView,
  settlePageViews,
} from '~/services/platform/analytics.server'
import { db } from '../setup/db'
import { authedRequest, createUser } from '../setup/fixtures'

function track(body: unknown) {
  return action({
    request: new Request('http://localhost/api/analytics/track', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Forwarded-For': '10.9.9.9',
        'X-ProofTrack-Client-Address': '203.0.113.9',
      },
      body: JSON.stringify(body),
    }),
    params: {},
    context: {},
  })
}

test('the client address is the one the server entry established; X-Forwarded-For is never read here', () => {
  const from = (headers: Record<string, string>) =>
    clientIp(new Request('http://localhost/', { headers }))
  expect(from({ 'X-ProofTrack-Client-Address': '198.51.100.4' })).toBe('198.51.100.4')
  expect(from({ 'X-ProofTrack-Client-Address': ' 2001:db8::1 ' })).toBe('2001:db8::1')
  // A client's own claim is not an address: the entry overwrites the header above on every request.
  expect(from({ 'X-Forwarded-For': '1.2.3.4' })).toBeNull()
  expect(from({})).toBeNull()
  expect(from({ 'X-ProofTrack-Client-Address': '' })).toBeNull()
})

describe('POST /api/analytics/track', () => {
  test('stores an event with the spec fields', async () => {
    const response = await track({
      eventType: 'user_action',
      pagePath: '/submit',
      metadata: { action: 'clicked_register' },
      userAgent: 'Mozilla/5.0',
      sessionId: 'abc-123',
      timestamp: new Date().toISOString(),
    })
    expect(response.status).toBe(201)
    const row = await db()
      .selectFrom('analyticsEvents')
      .selectAll()
      .where('sessionId', '=', 'abc-123')
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      eventType: 'user_action',
      pagePath: '/submit',
      userAgent: 'Mozilla/5.0',
      ipAddress: '203.0.113.9',
    })
    expect(row.metadata).toEqual({ action: 'clicked_register' })
  })

  test('bad events answer 400 with a message and store nothing', async () => {
    const count = async () =>
      (await db().selectFrom('analyticsEvents').select('id').execute()).length
    const before = await count()
    for (const body of [
      {},
      { eventType: 'hack', pagePath: '/' },
      { eventType: 'page_view', pagePath: 'no-slash' },
      { eventType: 'page_view', pagePath: '/', metadata: 'x' },
    ]) {
      const response = await track(body)
      expect(response.status).toBe(400)
      expect(typeof (await response.json()).message).toBe('string')
    }
    expect(await count()).toBe(before)
  })
})

describe('server-side page views', () => {
  test('a successful document GET is counted, errors and posts are not', async () => {
    const request = (path: string, method = 'GET') =>
      new Request(`http://localhost${path}`, {
        method,
        headers: { 'User-Agent': 'Mozilla/5.0 Firefox/130' },
      })
    recordServerPageView(pageViewOf(request('/faq')), 200)
    recordServerPageView(pageViewOf(request('/missing')), 404)
    recordServerPageView(pageViewOf(request('/contact', 'POST')), 200)
    await expect
      .poll(async () =>
        (
          await db()
            .selectFrom('analyticsEvents')
            .select('pagePath')
            .where('eventType', '=', 'page_view')
            .execute()
        ).map((r) => r.pagePath),
      )
      .toEqual(['/faq'])
  })

  test('page views are written in batches, and a flush (as at shutdown) writes what is buffered', async () => {
    const request = (path: string) =>
      new Request(`http://localhost${path}`, {
        headers: {
          'User-Agent': 'Mozilla/5.0 Firefox/130',
          'X-ProofTrack-Client-Address': '203.0.113.9',
        },
      })
    const views = async () =>
      (
        await db()
          .selectFrom('analyticsEvents')
          .select(['pagePath', 'ipAddress'])
          .where('eventType', '=', 'page_view')
          .execute()
      ).length
    const before = await views()
    recordServerPageView(pageViewOf(request('/one')), 200)
    recordServerPageView(pageViewOf(request('/two')), 200)
    expect(await views()).toBe(before)
    await flushPageViews()
    expect(await views()).toBe(before + 2)
    // A full batch starts its write at once, without waiting for the timer: settling the writes
    // already started (it starts none) finds every row.
    for (let i = 0; i < PAGE_VIEW_BATCH; i++)
      recordServerPageView(pageViewOf(request(`/batch/${i}`)), 200)
    await settlePageViews()
    expect(await views()).toBe(before + 2 + PAGE_VIEW_BATCH)
    const row = await db()
      .selectFrom('analyticsEvents')
      .select(['ipAddress', 'metadata'])
      .where('pagePath', '=', '/batch/7')
      .executeTakeFirstOrThrow()
    expect(row.ipAddress).toBe('203.0.113.9')
    expect(row.metadata).toMatchObject({ source: 'server' })
  })
})

describe('the first load of a page (SPEC §7: title, session id, user id)', () => {
  async function served(request: Request, html: string) {
    const context = {}
    const data = await (await rootLoader({ request, params: {}, context })).json()
    expect(data.analyticsSessionId).toMatch(/^[0-9a-f-]{36}$/)
    recordDocumentView(pageViewOf(request), 200, pageLoadOf(context), html)
    await flushPageViews()
    return db()
      .selectFrom('analyticsEvents')
      .selectAll()
      .where('sessionId', '=', data.analyticsSessionId)
      .executeTakeFirstOrThrow()
  }

  test("a visitor's document is recorded with its title and a page-load session id the browser gets too", async () => {
    const request = new Request('http://localhost/faq', {
      headers: { 'User-Agent': 'Mozilla/5.0 Firefox/130' },
    })
    const row = await served(
      request,
      '<!DOCTYPE html><html><head><meta charSet="utf-8"/><title>Help &amp; FAQ | Tom&#x27;s &quot;App&quot;</title></head><body>…</body></html>',
    )
    expect(row).toMatchObject({
      eventType: 'page_view',
      pagePath: '/faq',
      userId: null,
      source: 'server',
    })
    expect(row.metadata).toMatchObject({ title: 'Help & FAQ | Tom\'s "App"' })
  })

  test("a signed-in user's document is recorded with the user, but not its title (it can name an unregistered song)", async () => {
    const user = await createUser()
    const request = await authedRequest('http://localhost/edit/1', user.id, {
      headers: { 'User-Agent': 'Mozilla/5.0 Firefox/130' },
    })
    const row = await served(
      request,
      '<!DOCTYPE html><html><head><meta charSet="utf-8"/><title>Edit Unreleased Secret Song</title></head><body>…</body></html>',
    )
    expect(row).toMatchObject({ eventType: 'page_view', pagePath: '/edit/1', userId: user.id })
    expect(row.metadata).toMatchObject({ title: '' })
    expect(JSON.stringify(row.metadata)).not.toContain('Secret')
  })

  test('a visitor signed out gets a session id and no user id; a document without a title is still counted', async () => {
    const request = new Request('http://localhost/nowhere-titled', {
      headers: { 'User-Agent': 'Mozilla/5.0 Firefox/130' },
    })
    const context = {}
    const data = await (await rootLoader({ request, params: {}, context })).json()
    recordDocumentView(
      pageViewOf(request),
      200,
      pageLoadOf(context),
      '<html><head></head><body></body></html>',
    )
    await flushPageViews()
    const row = await db()
      .selectFrom('analyticsEvents')
      .selectAll()
      .where('sessionId', '=', data.analyticsSessionId)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ pagePath: '/nowhere-titled', userId: null })
    expect(row.metadata).toMatchObject({ title: '' })
  })
})

// Last in the file: it leaves page views that the tests above count the absence of.
describe('page views from one address', () => {
  test('one address is counted at most so many times a minute; the others still are', async () => {
    const view = (address: string) => ({
      method: 'GET',
      path: '/flooded',
      userAgent: 'Mozilla/5.0 Firefox/130',
      referrer: null,
      ipAddress: address,
    })
    const counted = async (address: string) =>
      (
        await db()
          .selectFrom('analyticsEvents')
          .select('id')
          .where('ipAddress', '=', address)
          .execute()
      ).length
    for (let i = 0; i < PAGE_VIEWS_PER_ADDRESS_PER_MINUTE + 30; i++)
      recordServerPageView(view('198.51.100.77'), 200)
    recordServerPageView(view('198.51.100.78'), 200)
    await flushPageViews()
    expect(await counted('198.51.100.77')).toBe(PAGE_VIEWS_PER_ADDRESS_PER_MINUTE)
    expect(await counted('198.51.100.78')).toBe(1)
  })
})
