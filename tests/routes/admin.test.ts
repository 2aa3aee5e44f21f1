import crypto from 'node:crypto'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import type { AnalyticsSource } from '../../db/schema'
import { MAX_VIDEO_BYTES } from '~/lib/video-upload'
import * as index from '~/routes/_index'
import * as adminVerify from '~/routes/admin.verify'
import * as adminVideo from '~/routes/admin.video'
import * as analyticsApi from '~/resource-routes/api.admin.analytics'
import * as pendingApi from '~/resource-routes/api.admin.pending-verifications'
import * as statsApi from '~/resource-routes/api.admin.stats'
import * as uploadApi from '~/resource-routes/api.admin.upload-video'
import {
  adminAnalytics,
  adminStats,
  utcPeriodStarts,
} from '~/services/admin/admin-analytics.server'
import { createVerificationCode } from '~/services/accounts/email-verification.server'
import * as media from '~/resource-routes/media.landing-video'
import { CHUNK_BYTES, latestLandingVideo } from '~/services/admin/landing-video.server'
import { getToast } from '~/services/platform/toast.server'
import { db } from '../setup/db'
import {
  args,
  authedRequest,
  cookieFrom,
  createAdmin,
  createUser,
  respond,
} from '../setup/fixtures'

const BASE = 'http://localhost'

beforeEach(async () => {
  await db().deleteFrom('landingVideos').execute()
})

/** Every upload row, finished or not, with how many chunks it holds. */
const storedVideos = () =>
  db()
    .selectFrom('landingVideos as v')
    .select((eb) => [
      'v.fileName',
      'v.completedAt',
      eb
        .selectFrom('landingVideoChunks as c')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('c.videoId', '=', 'v.id')
        .as('chunks'),
    ])
    .orderBy('v.id')
    .execute()

/** The support account with its email not (yet) verified: it has no admin powers. */
async function unverifiedSupportHolder() {
  const admin = await createAdmin()
  return db()
    .updateTable('users')
    .set({ emailVerified: false })
    .where('id', '=', admin.id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

async function request(url: string, userId: string | null, init: RequestInit = {}) {
  return userId ? authedRequest(`${BASE}${url}`, userId, init) : new Request(`${BASE}${url}`, init)
}

const API_LOADERS = [
  ['/api/admin/pending-verifications', pendingApi.loader],
  ['/api/admin/stats', statsApi.loader],
  ['/api/admin/analytics', analyticsApi.loader],
] as const

// ---------------------------------------------------------------------------------------------
// Multipart bodies, streamed: the big ones are generated chunk by chunk, never held whole.

const BOUNDARY = '----ProofTrackTestBoundary7MA4YWxkTrZu0gW'
const FILLER = new Uint8Array(64 * 1024).fill(0x61)
const encoder = new TextEncoder()

type Part =
  | { name: string; value: string; header?: string }
  | { name: string; filename: string; type: string; size: number; onHalfway?: () => Promise<void> }

async function* multipartChunks(parts: Part[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) {
    if ('value' in part) {
      yield encoder.encode(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n${part.header ? `${part.header}\r\n` : ''}\r\n${part.value}\r\n`,
      )
      continue
    }
    yield encoder.encode(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
    )
    let sent = 0
    let halfwayDone = false
    while (sent < part.size) {
      const size = Math.min(FILLER.byteLength, part.size - sent)
      yield size === FILLER.byteLength ? FILLER : FILLER.subarray(0, size)
      sent += size
      if (!halfwayDone && part.onHalfway && sent >= part.size / 2) {
        halfwayDone = true
        await part.onHalfway()
      }
    }
    yield encoder.encode('\r\n')
  }
  yield encoder.encode(`--${BOUNDARY}--\r\n`)
}

function streamOf(chunks: AsyncGenerator<Uint8Array>, pulled = { bytes: 0 }) {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await chunks.next()
      if (done) return controller.close()
      pulled.bytes += value.byteLength
      controller.enqueue(value)
    },
  })
}

function uploadInit(
  body: ReadableStream<Uint8Array>,
  headers: Record<string, string> = {
    'X-Requested-With': 'XMLHttpRequest',
    Accept: 'application/json',
  },
) {
  return {
    method: 'POST',
    headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
    body,
    duplex: 'half' as const,
  }
}

async function upload(userId: string | null, parts: Part[], headers?: Record<string, string>) {
  const req = await request(
    '/api/admin/upload-video',
    userId,
    uploadInit(streamOf(multipartChunks(parts)), headers),
  )
  return respond(() => uploadApi.action(args(req)))
}

const videoPart = (size: number, filename = 'demo.mp4', type = 'video/mp4'): Part => ({
  name: 'video',
  filename,
  type,
  size,
})

// ---------------------------------------------------------------------------------------------

describe('only the verified support account reaches the admin console', () => {
  test('a visitor: the landing page on /, Access Denied on /admin/video, sign-in for /admin/verify, 401 from the APIs', async () => {
    const home = await respond(async () => index.loader(args(await request('/?tab=email', null))))
    expect(await home.json()).toMatchObject({ view: 'landing' })

    const video = await respond(async () =>
      adminVideo.loader(args(await request('/admin/video', null))),
    )
    expect(video.status).toBe(403)
    expect(await video.json()).toEqual({ allowed: false, appName: expect.any(String) })

    const verify = await respond(async () =>
      adminVerify.loader(args(await request('/admin/verify', null))),
    )
    expect(verify.status).toBe(302)

    for (const [url, loader] of API_LOADERS) {
      const response = await respond(async () => loader(args(await request(url, null))))
      expect(response.status, url).toBe(401)
    }
    const uploaded = await upload(null, [videoPart(1024)])
    expect(uploaded.status).toBe(401)
    expect(await storedVideos()).toEqual([])
  })

  test.each([
    ['a plain user', () => createUser({ emailVerified: true })],
    ['the unverified holder of the support email', unverifiedSupportHolder],
  ])(
    '%s: the dashboard on /, 403 on every admin page and API, and nothing is uploaded',
    async (_name, makeUser) => {
      const user = await makeUser()
      const home = await respond(async () =>
        index.loader(args(await request('/?tab=video', user.id))),
      )
      expect(await home.json()).toMatchObject({ view: 'dashboard' })

      const video = await respond(async () =>
        adminVideo.loader(args(await request('/admin/video', user.id))),
      )
      expect(video.status).toBe(403)
      expect(await video.json()).toMatchObject({ allowed: false })

      const verifyPage = await respond(async () =>
        adminVerify.loader(args(await request('/admin/verify', user.id))),
      )
      expect(verifyPage.status).toBe(403)
      const verifyPost = await respond(async () =>
        adminVerify.action(
          args(
            await request('/admin/verify', user.id, {
              method: 'POST',
              body: new URLSearchParams({ token: '123456' }),
            }),
          ),
        ),
      )
      expect(verifyPost.status).toBe(403)

      for (const [url, loader] of API_LOADERS) {
        const response = await respond(async () => loader(args(await request(url, user.id))))
        expect(response.status, url).toBe(403)
        expect(await response.json()).toEqual({ message: 'Admin access required' })
      }
      const uploaded = await upload(user.id, [videoPart(1024)])
      expect(uploaded.status).toBe(403)
      expect(await uploaded.json()).toEqual({ message: 'Admin access required' })
      expect(await storedVideos()).toEqual([])
    },
  )

  test('the admin: the panel on / (each tab loading only its own data), /admin/video and every API', async () => {
    const admin = await createAdmin()
    const user = await createUser()
    const { code } = await createVerificationCode(db(), user.id, user.email)

    const email = await respond(async () => index.loader(args(await request('/', admin.id))))
    expect(email.status).toBe(200)
    const emailData = await email.json()
    expect(emailData).toMatchObject({
      view: 'admin',
      panel: { tab: 'email', supportEmail: 'support@prooftrack.test' },
    })
    expect(Object.keys(emailData.panel).sort()).toEqual([
      'analytics',
      'daily',
      'pending',
      'supportEmail',
      'tab',
      'voidedPayments',
    ])
    expect(emailData.panel.pending).toEqual(
      expect.arrayContaining([
        {
          id: expect.any(Number),
          token: code,
          userId: user.id,
          email: user.email,
          expiresAt: expect.any(String),
        },
      ]),
    )

    const video = await respond(async () =>
      index.loader(args(await request('/?tab=video', admin.id))),
    )
    expect(await video.json()).toEqual({
      view: 'admin',
      appName: expect.any(String),
      panel: { tab: 'video', video: null },
      deployment: expect.objectContaining({ network: expect.any(String) }),
    })
    const unknownTab = await respond(async () =>
      index.loader(args(await request('/?tab=nonsense', admin.id))),
    )
    expect((await unknownTab.json()).panel.tab).toBe('email')

    const page = await respond(async () =>
      adminVideo.loader(args(await request('/admin/video', admin.id))),
    )
    expect(page.status).toBe(200)
    expect(await page.json()).toEqual({ allowed: true, appName: expect.any(String), video: null })

    const pending = await pendingApi.loader(
      args(await request('/api/admin/pending-verifications', admin.id)),
    )
    expect(pending.status).toBe(200)
    expect(pending.headers.get('Content-Type')).toContain('application/json')
    expect(await pending.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ token: code, userId: user.id, email: user.email }),
      ]),
    )

    const stats = await statsApi.loader(args(await request('/api/admin/stats', admin.id)))
    expect(stats.status).toBe(200)
    expect(await stats.json()).toEqual({
      websiteVisits: expect.any(Number),
      userSignups: expect.any(Number),
      certificatesGenerated: expect.any(Number),
      blockchainRegistrations: expect.any(Number),
    })

    const analytics = await analyticsApi.loader(
      args(await request('/api/admin/analytics', admin.id)),
    )
    expect(analytics.status).toBe(200)
    expect(Object.keys(await analytics.json()).sort()).toEqual([
      'blockchainRegistrations',
      'certificatesGenerated',
      'recentActivity',
      'stripeRevenue',
      'topPages',
      'userSignups',
      'websiteVisits',
    ])
  })
})

// ---------------------------------------------------------------------------------------------

describe('admin analytics', () => {
  // A Wednesday: its week began on Monday 16 June, its month on 1 June (all UTC).
  const now = new Date('2031-06-18T12:00:00Z')
  const at = (iso: string) => new Date(iso)
  const TODAY = at('2031-06-18T01:00:00Z')
  const LATER_TODAY = at('2031-06-18T11:59:00Z')
  const YESTERDAY = at('2031-06-17T10:00:00Z')
  const MONDAY = at('2031-06-16T00:00:00Z')
  const LAST_SUNDAY = at('2031-06-15T23:59:59Z')
  const EARLIER_THIS_MONTH = at('2031-06-02T10:00:00Z')
  const LAST_MONTH = at('2031-05-31T23:59:59Z')
  const LAST_YEAR = at('2030-06-18T12:00:00Z')

  test('periods are UTC calendar days, weeks starting on Monday, and months', () => {
    expect(utcPeriodStarts(now)).toEqual({
      day: at('2031-06-18T00:00:00Z'),
      week: MONDAY,
      month: at('2031-06-01T00:00:00Z'),
    })
    expect(utcPeriodStarts(at('2031-06-15T23:00:00Z')).week).toEqual(at('2031-06-09T00:00:00Z'))
    expect(utcPeriodStarts(MONDAY).week).toEqual(MONDAY)
    expect(utcPeriodStarts(at('2031-06-01T05:00:00Z'))).toEqual({
      day: at('2031-06-01T00:00:00Z'),
      week: at('2031-05-26T00:00:00Z'),
      month: at('2031-06-01T00:00:00Z'),
    })
  })

  test('every figure equals what the seeded rows imply', async () => {
    // Events and payments are this test's alone; users, songs and registrations are counted on top of what other tests made.
    await db().deleteFrom('analyticsEvents').execute()
    await db().deleteFrom('paymentHistory').execute()
    const before = await adminAnalytics(now)
    expect(before.websiteVisits).toEqual({ total: 0, today: 0, thisMonth: 0 })
    expect(
      before.userSignups.today +
        before.certificatesGenerated.thisMonth +
        before.blockchainRegistrations.today,
    ).toBe(0)

    // Page views the server served, except those an anonymous visitor sent to the track endpoint.
    const pageViews: [string, Date, AnalyticsSource?][] = [
      ['/faq', TODAY],
      ['/faq', LATER_TODAY],
      ['/faq', LAST_MONTH],
      ['/faq', LAST_YEAR, 'anonymous'],
      ['/', YESTERDAY],
      ['/', EARLIER_THIS_MONTH],
      ['/', MONDAY],
      ['/contact', LAST_SUNDAY],
      ['/contact', LAST_YEAR],
      ['/pricing', LAST_MONTH, 'anonymous'],
      ['/pricing', LAST_MONTH, 'anonymous'],
      ['/login', LAST_YEAR],
      ['/register', LAST_YEAR],
    ]
    await db()
      .insertInto('analyticsEvents')
      .values([
        ...pageViews.map(([pagePath, createdAt, source = 'server' as const]) => ({
          eventType: 'page_view',
          pagePath,
          createdAt,
          source,
          metadata: JSON.stringify({ title: 'x' }),
        })),
        {
          eventType: 'user_action',
          pagePath: '/',
          createdAt: at('2031-06-18T11:30:00Z'),
          source: 'user',
          metadata: JSON.stringify({ action: 'clicked_register' }),
        },
        {
          eventType: 'custom',
          pagePath: '/',
          createdAt: at('2031-06-18T11:45:00Z'),
          source: 'anonymous',
          metadata: JSON.stringify({ name: 'video_played' }),
        },
      ])
      .execute()

    const userDates = [TODAY, YESTERDAY, LAST_MONTH, LAST_YEAR]
    const users = await db()
      .insertInto('users')
      .values(
        userDates.map((createdAt) => {
          const id = crypto.randomBytes(4).toString('hex')
          return {
            email: `seed-${id}@example.com`,
            username: `seed_${id}`,
            authProvider: 'local',
            createdAt,
            updatedAt: createdAt,
          }
        }),
      )
      .returning('id')
      .execute()
    const owner = users[0]!.id

    const songDates = [TODAY, EARLIER_THIS_MONTH, LAST_MONTH, LAST_YEAR, LAST_YEAR, LAST_YEAR]
    const songs = await db()
      .insertInto('songs')
      .values(
        songDates.map((createdAt) => ({
          userId: owner,
          title: 'Seeded',
          contributorName: 'Ann',
          dateCreated: '2030-01-01',
          toolsUsed: 'Piano',
          fileLink: 'https://example.com/song',
          certificateId: `PT-${crypto.randomBytes(8).toString('hex')}`,
          createdAt,
          updatedAt: createdAt,
        })),
      )
      .returning('id')
      .execute()
    const registrations: [string, Date][] = [
      ['confirmed', TODAY],
      ['confirmed', LAST_MONTH],
      ['pending', TODAY],
      ['failed', TODAY],
    ]
    await db()
      .insertInto('blockchainRegistrations')
      .values(
        registrations.map(([status, createdAt], i) => ({
          songId: songs[i]!.id,
          status,
          createdAt,
        })),
      )
      .execute()

    const payments: [string, string, Date][] = [
      ['1.99', 'succeeded', TODAY],
      ['1.99', 'succeeded', YESTERDAY],
      ['10.00', 'succeeded', MONDAY],
      ['5.00', 'succeeded', LAST_SUNDAY],
      ['100.00', 'succeeded', LAST_MONTH],
      ['20.50', 'succeeded', LAST_YEAR],
      ['1.99', 'failed', TODAY],
      ['3.00', 'pending', TODAY],
    ]
    await db()
      .insertInto('paymentHistory')
      .values(
        payments.map(([amount, status, createdAt]) => ({
          amount,
          status,
          createdAt,
          userId: owner,
          stripePaymentIntentId: `pi_${crypto.randomBytes(8).toString('hex')}`,
        })),
      )
      .execute()

    const figures = await adminAnalytics(now)
    expect(figures.websiteVisits).toEqual({ total: 13, today: 2, thisMonth: 6 })
    expect(figures.userSignups).toEqual({
      total: before.userSignups.total + 4,
      today: 1,
      thisMonth: 2,
    })
    expect(figures.certificatesGenerated).toEqual({
      total: before.certificatesGenerated.total + 6,
      today: 1,
      thisMonth: 2,
    })
    expect(figures.blockchainRegistrations).toEqual({
      total: before.blockchainRegistrations.total + 2,
      today: 1,
      thisMonth: 1,
    })
    expect(figures.stripeRevenue).toEqual({
      total: 139.48,
      today: 1.99,
      thisWeek: 13.98,
      thisMonth: 18.98,
    })
    // Five pages by views; ties in path order; the sixth ('/register', 1 view) is left out.
    expect(figures.topPages).toEqual([
      { path: '/faq', views: 4, unverifiedViews: 1 },
      { path: '/', views: 3, unverifiedViews: 0 },
      { path: '/contact', views: 2, unverifiedViews: 0 },
      { path: '/pricing', views: 2, unverifiedViews: 2 },
      { path: '/login', views: 1, unverifiedViews: 0 },
    ])
    expect(figures.recentActivity).toEqual([
      { description: 'Page view: /faq', timestamp: LATER_TODAY.toISOString(), unverified: false },
      {
        description: 'Custom event: video_played',
        timestamp: '2031-06-18T11:45:00.000Z',
        unverified: true,
      },
      {
        description: 'User action: clicked_register',
        timestamp: '2031-06-18T11:30:00.000Z',
        unverified: false,
      },
      { description: 'Page view: /faq', timestamp: TODAY.toISOString(), unverified: false },
      { description: 'Page view: /', timestamp: YESTERDAY.toISOString(), unverified: false },
    ])
    expect(await adminStats(now)).toEqual({
      websiteVisits: 13,
      userSignups: before.userSignups.total + 4,
      certificatesGenerated: before.certificatesGenerated.total + 6,
      blockchainRegistrations: before.blockchainRegistrations.total + 2,
    })
  })

  test('the figures take three aggregate statements, however many rows there are', async () => {
    const spy = vi.spyOn(db().getExecutor(), 'executeQuery')
    await adminAnalytics(now)
    const statements = spy.mock.calls.map(([query]) => query.sql)
    expect(statements).toHaveLength(3)
    for (const statement of statements) expect(statement).toMatch(/count\(\*\)|sum\(|limit/)
    expect(statements.filter((statement) => / limit /.test(statement))).toHaveLength(2)
    expect(statements.find((statement) => /group by/.test(statement))).toBeDefined()
  })
})

// ---------------------------------------------------------------------------------------------

describe('landing video upload', () => {
  test('a small video is stored under a safe name, served as the landing video, and JSON answers 201', async () => {
    const admin = await createAdmin()
    const response = await upload(admin.id, [videoPart(4096, 'My Demo (final).MP4')])
    expect(response.status).toBe(201)
    expect(await response.json()).toMatchObject({
      message: 'Video uploaded successfully. Changes will be visible on the landing page.',
    })
    const [stored, ...others] = await storedVideos()
    expect(others).toEqual([])
    expect(stored!.fileName).toMatch(/^\d+-my-demo-final\.mp4$/)
    expect(await latestLandingVideo()).toEqual({
      id: expect.any(Number),
      fileName: stored!.fileName,
      size: 4096,
      chunkBytes: CHUNK_BYTES,
      contentType: 'video/mp4',
      uploadedAt: expect.any(Date),
    })
    const served = await media.loader(args(new Request(`${BASE}/media/landing-video`)))
    expect(Buffer.from(await served.arrayBuffer())).toEqual(Buffer.alloc(4096, 0x61))

    const panel = await respond(async () =>
      index.loader(args(await request('/?tab=video', admin.id))),
    )
    expect((await panel.json()).panel.video).toEqual({ uploadedAt: expect.any(String), size: 4096 })
  })

  test('a file that is not a video is refused before anything is written', async () => {
    const admin = await createAdmin()
    const text = await upload(admin.id, [videoPart(2048, 'notes.txt', 'text/plain')])
    expect(text.status).toBe(400)
    expect(await text.json()).toEqual({
      message: 'Please select a video file.',
      title: 'Invalid File',
    })
    const noFile = await upload(admin.id, [videoPart(0, '', 'application/octet-stream')])
    expect(noFile.status).toBe(400)
    const wrongField = await upload(admin.id, [
      { name: 'document', filename: 'demo.mp4', type: 'video/mp4', size: 1024 },
    ])
    expect(wrongField.status).toBe(400)
    const noParts = await upload(admin.id, [{ name: 'redirectTo', value: '/admin/video' }])
    expect(noParts.status).toBe(400)
    const urlEncoded = await respond(async () =>
      uploadApi.action(
        args(
          await authedRequest(`${BASE}/api/admin/upload-video`, admin.id, {
            method: 'POST',
            headers: { 'X-Requested-With': 'XMLHttpRequest' },
            body: new URLSearchParams({ video: 'x' }),
          }),
        ),
      ),
    )
    expect(urlEncoded.status).toBe(400)
    const garbage = await respond(async () =>
      uploadApi.action(
        args(
          await authedRequest(`${BASE}/api/admin/upload-video`, admin.id, {
            method: 'POST',
            headers: {
              'X-Requested-With': 'XMLHttpRequest',
              'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
            },
            body: `--${BOUNDARY}\r\nno headers here`,
          }),
        ),
      ),
    )
    expect(garbage.status).toBe(400)
    expect(await storedVideos()).toEqual([])
  })

  // Two 50 MB bodies written as chunks into the database: about 6 s each on PGlite (decision 024).
  test(
    'exactly 50 MB is accepted in 256 KB chunks; one byte more is refused while streaming, and nothing is left',
    { timeout: 90_000 },
    async () => {
      const admin = await createAdmin()
      const pulled = { bytes: 0 }
      const tooBig = await respond(async () =>
        uploadApi.action(
          args(
            await authedRequest(
              `${BASE}/api/admin/upload-video`,
              admin.id,
              uploadInit(streamOf(multipartChunks([videoPart(MAX_VIDEO_BYTES + 1)]), pulled)),
            ),
          ),
        ),
      )
      expect(tooBig.status).toBe(413)
      expect(await tooBig.json()).toEqual({
        message: 'Please select a video under 50MB.',
        title: 'File Too Large',
      })
      expect(await storedVideos()).toEqual([])
      // The rest of the refused body was read and dropped, so a browser gets the answer.
      expect(pulled.bytes).toBeGreaterThan(MAX_VIDEO_BYTES)

      const exact = await upload(admin.id, [videoPart(MAX_VIDEO_BYTES)])
      expect(exact.status).toBe(201)
      expect((await latestLandingVideo())?.size).toBe(MAX_VIDEO_BYTES)
      expect(await storedVideos()).toEqual([
        {
          fileName: expect.any(String),
          completedAt: expect.any(Date),
          chunks: MAX_VIDEO_BYTES / CHUNK_BYTES,
        },
      ])
      // The last bytes come from the last chunk alone.
      const tail = await media.loader(
        args(new Request(`${BASE}/media/landing-video`, { headers: { Range: 'bytes=-3' } })),
      )
      expect(tail.status).toBe(206)
      expect(Buffer.from(await tail.arrayBuffer()).toString()).toBe('aaa')
    },
  )

  test(
    'the whole body is counted: a 50 MB video with 75 KB of fields after it is refused, and nothing is kept',
    { timeout: 60_000 },
    async () => {
      const admin = await createAdmin()
      // Within the part count and the text limit (decision 046), so only the whole body's size
      // can refuse it: each part carries a 4 KB header line, counted as body bytes like any other.
      const notes = Array.from({ length: 15 }, (_, i): Part => ({
        name: `note${i}`,
        header: `X-Pad: ${'p'.repeat(4000)}`,
        value: 'n'.repeat(500),
      }))
      const refused = await upload(admin.id, [videoPart(MAX_VIDEO_BYTES), ...notes])
      expect(refused.status).toBe(413)
      expect(await refused.json()).toEqual({
        message: 'Please select a video under 50MB.',
        title: 'File Too Large',
      })
      expect(await storedVideos()).toEqual([])
    },
  )

  test('a body that declares more than 50 MB is refused before its file is written, still honouring the return path', async () => {
    const admin = await createAdmin()
    const declaredTooBig = async (headers: Record<string, string>) => {
      const body = streamOf(
        multipartChunks([{ name: 'redirectTo', value: '/admin/video' }, videoPart(1024)]),
      )
      const init = uploadInit(body, { ...headers, 'Content-Length': String(MAX_VIDEO_BYTES * 2) })
      return respond(async () =>
        uploadApi.action(
          args(await authedRequest(`${BASE}/api/admin/upload-video`, admin.id, init)),
        ),
      )
    }
    const json = await declaredTooBig({ 'X-Requested-With': 'XMLHttpRequest' })
    expect(json.status).toBe(413)
    expect(await json.json()).toEqual({
      message: 'Please select a video under 50MB.',
      title: 'File Too Large',
    })
    const form = await declaredTooBig({ Accept: 'text/html' })
    expect(form.status).toBe(302)
    expect(form.headers.get('Location')).toBe('/admin/video')
    expect(await toastOf(form)).toMatchObject({ type: 'error', title: 'File Too Large' })
    expect(await storedVideos()).toEqual([])
  })

  test('while the upload streams its chunks are written, but the landing page never serves it', async () => {
    const admin = await createAdmin()
    let during: { rows: Awaited<ReturnType<typeof storedVideos>>; latest: unknown } | null = null
    // Large enough that halfway is well past the part's header, however far the streams read ahead.
    const part: Part = {
      ...videoPart(4 * 1024 * 1024),
      onHalfway: async () => {
        during = { rows: await storedVideos(), latest: await latestLandingVideo() }
      },
    } as Part
    const response = await upload(admin.id, [part])
    expect(response.status).toBe(201)
    expect(during).not.toBeNull()
    expect(during!.rows).toHaveLength(1)
    expect(during!.rows[0]!.completedAt).toBeNull()
    expect(Number(during!.rows[0]!.chunks)).toBeGreaterThan(0)
    expect(during!.latest).toBeNull()
  })

  test('a connection lost mid-upload answers Upload Failed and leaves nothing behind', async () => {
    const admin = await createAdmin()
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const chunks = multipartChunks([videoPart(1024 * 1024)])
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { value } = await chunks.next()
        sent += value?.byteLength ?? 0
        if (sent > 300 * 1024) controller.error(new Error('client went away'))
        else if (value) controller.enqueue(value)
      },
    })
    const response = await respond(async () =>
      uploadApi.action(
        args(await authedRequest(`${BASE}/api/admin/upload-video`, admin.id, uploadInit(body))),
      ),
    )
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({
      message: 'Failed to upload video',
      title: 'Upload Failed',
    })
    expect(logged).toHaveBeenCalled()
    expect(await storedVideos()).toEqual([])
  })

  test('without JavaScript the form post redirects back with a toast', async () => {
    const admin = await createAdmin()
    const html = { Accept: 'text/html,application/xhtml+xml' }
    const ok = await upload(
      admin.id,
      [{ name: 'redirectTo', value: '/admin/video' }, videoPart(2048)],
      html,
    )
    expect(ok.status).toBe(302)
    expect(ok.headers.get('Location')).toBe('/admin/video')
    expect(await toastOf(ok)).toMatchObject({
      type: 'success',
      title: 'Success',
      description: 'Video uploaded successfully. Changes will be visible on the landing page.',
    })

    const refused = await upload(
      admin.id,
      [{ name: 'redirectTo', value: '/?tab=video' }, videoPart(2048, 'a.txt', 'text/plain')],
      html,
    )
    expect(refused.status).toBe(302)
    expect(refused.headers.get('Location')).toBe('/?tab=video')
    expect(await toastOf(refused)).toMatchObject({
      type: 'error',
      title: 'Invalid File',
      description: 'Please select a video file.',
    })

    // Only the two known return paths are honoured.
    const elsewhere = await upload(
      admin.id,
      [{ name: 'redirectTo', value: 'https://evil.example/' }, videoPart(2048)],
      {},
    )
    expect(elsewhere.status).toBe(302)
    expect(elsewhere.headers.get('Location')).toBe('/?tab=video')
  })

  test('only the newest three videos are kept, and uploads a crash left incomplete are swept', async () => {
    const admin = await createAdmin()
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000)
    await db()
      .insertInto('landingVideos')
      .values({
        fileName: 'stale.mp4',
        contentType: 'video/mp4',
        chunkBytes: CHUNK_BYTES,
        createdAt: twoHoursAgo,
      })
      .execute()
    await db()
      .insertInto('landingVideos')
      .values({ fileName: 'fresh.mp4', contentType: 'video/mp4', chunkBytes: CHUNK_BYTES })
      .execute()

    for (const name of ['one', 'two', 'three', 'four', 'five']) {
      expect((await upload(admin.id, [videoPart(1024, `${name}.webm`, 'video/webm')])).status).toBe(
        201,
      )
      await new Promise((resolve) => setTimeout(resolve, 15))
    }
    const rows = await storedVideos()
    const kept = rows.filter((row) => row.completedAt !== null).map((row) => row.fileName)
    expect(kept.map((name) => name.replace(/^\d+-/, '')).sort()).toEqual([
      'five.webm',
      'four.webm',
      'three.webm',
    ])
    expect((await latestLandingVideo())!.fileName).toMatch(/-five\.webm$/)
    expect(rows.filter((row) => row.completedAt === null).map((row) => row.fileName)).toEqual([
      'fresh.mp4',
    ])
  })

  test('GET is not allowed', async () => {
    const response = uploadApi.loader()
    expect(response.status).toBe(405)
  })
})

async function toastOf(response: Response) {
  const cookie = cookieFrom(response, 'pt_toast')
  expect(cookie).not.toBeNull()
  const { toast } = await getToast(cookie!)
  return toast
}
