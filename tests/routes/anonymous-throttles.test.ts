import crypto from 'node:crypto'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import * as track from '~/resource-routes/api.analytics.track'
import * as pdfRoute from '~/resource-routes/certificate.$id[.]pdf'
import * as verifyRoute from '~/routes/verify.$certificateId'
import * as verifyJsonRoute from '~/resource-routes/verify.$certificateId[.]json'
import { LIMITS } from '~/services/platform/rate-limit.server'
import { db } from '../setup/db'
import { args, authedRequest, createUser, respond, createTestSong } from '../setup/fixtures'

// The address the server entry established for the request (clientIp reads it).
const ADDRESS_HEADER = 'X-ProofTrack-Client-Address'
const WINDOW_MS = 10 * 60 * 1000

// Fixed windows: the clock is set one second into a window, so no test straddles two of them
// and the Retry-After of a refusal is known exactly.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(Math.ceil(Date.now() / WINDOW_MS) * WINDOW_MS + 1000)
})
afterEach(() => {
  vi.useRealTimers()
})

/** A fresh address per test, so each starts with an empty bucket. */
const newAddress = () =>
  `198.51.100.${crypto.randomInt(1, 255)}-${crypto.randomBytes(3).toString('hex')}`

function trackRequest(
  address: string,
  body: Record<string, unknown>,
  init: { cookie?: string } = {},
) {
  const headers = new Headers({ 'Content-Type': 'application/json', [ADDRESS_HEADER]: address })
  if (init.cookie) headers.set('Cookie', init.cookie)
  return new Request('http://localhost/api/analytics/track', {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  })
}

const eventsOf = (sessionId: string) =>
  db().selectFrom('analyticsEvents').selectAll().where('sessionId', '=', sessionId).execute()

describe('POST /api/analytics/track is throttled per address', () => {
  test('the N+1th event from one address is dropped (202, nothing stored); another address is still recorded', async () => {
    const address = newAddress()
    const sessionId = `flood-${crypto.randomBytes(4).toString('hex')}`
    const { max } = LIMITS.analyticsPerAddress(address)
    for (let i = 0; i < max; i++) {
      const response = await track.action(
        args(trackRequest(address, { eventType: 'page_view', pagePath: `/flood/${i}`, sessionId })),
      )
      expect(response.status).toBe(201)
    }
    const over = await track.action(
      args(trackRequest(address, { eventType: 'page_view', pagePath: '/flood/over', sessionId })),
    )
    expect(over.status).toBe(202)
    expect(await over.json()).toEqual({ recorded: false })
    const stored = await eventsOf(sessionId)
    expect(stored).toHaveLength(max)
    expect(stored.map((row) => row.pagePath)).not.toContain('/flood/over')

    const other = await track.action(
      args(
        trackRequest(newAddress(), { eventType: 'page_view', pagePath: '/flood/other', sessionId }),
      ),
    )
    expect(other.status).toBe(201)
    expect((await eventsOf(sessionId)).map((row) => row.pagePath)).toContain('/flood/other')
  })

  test('an event without a session is stored as anonymous; with one, as the user’s', async () => {
    const user = await createUser()
    const anonymousId = `anon-${crypto.randomBytes(4).toString('hex')}`
    const signedInId = `user-${crypto.randomBytes(4).toString('hex')}`
    expect(
      (
        await track.action(
          args(
            trackRequest(newAddress(), {
              eventType: 'user_action',
              pagePath: '/',
              metadata: { action: 'x' },
              sessionId: anonymousId,
            }),
          ),
        )
      ).status,
    ).toBe(201)
    const withSession = await authedRequest('http://localhost/api/analytics/track', user.id, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [ADDRESS_HEADER]: newAddress() },
      body: JSON.stringify({
        eventType: 'user_action',
        pagePath: '/',
        metadata: { action: 'y' },
        sessionId: signedInId,
      }),
    })
    expect((await track.action(args(withSession))).status).toBe(201)
    expect(await eventsOf(anonymousId)).toMatchObject([{ source: 'anonymous', userId: null }])
    expect(await eventsOf(signedInId)).toMatchObject([{ source: 'user', userId: user.id }])
  })

  test('what is stored is bounded: flat metadata of at most 20 short entries, known event types', async () => {
    const sessionId = `bounds-${crypto.randomBytes(4).toString('hex')}`
    const bad = [
      { eventType: 'admin_note', pagePath: '/' },
      { eventType: 'custom', pagePath: '/', metadata: { nested: { html: '<b>x</b>' } } },
      {
        eventType: 'custom',
        pagePath: '/',
        metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])),
      },
      { eventType: 'custom', pagePath: '/', metadata: { name: 'x'.repeat(2049) } },
      { eventType: 'custom', pagePath: '/', metadata: { ['k'.repeat(65)]: 1 } },
      { eventType: 'custom', pagePath: `/${'p'.repeat(2048)}` },
    ]
    for (const body of bad) {
      const response = await track.action(args(trackRequest(newAddress(), { ...body, sessionId })))
      expect(response.status).toBe(400)
      expect(typeof (await response.json()).message).toBe('string')
    }
    expect(await eventsOf(sessionId)).toHaveLength(0)
  })
})

async function registeredSong() {
  const owner = await createUser()
  const song = await createTestSong(owner.id, {
    title: 'Public Verse',
    contributions: [{ component: 'lyrics', contributorPercent: 100 }],
  })
  await db()
    .insertInto('blockchainRegistrations')
    .values({
      songId: song.id,
      status: 'confirmed',
      transactionSignature: crypto.randomBytes(32).toString('hex'),
      walletAddress: 'So1anaWa11etAddre55xxxxxxxxxxxxxxxxxxxxxxxx',
      blockchainData: '{}',
      registrationFee: '0.001000000',
    })
    .execute()
  return song
}

describe('GET /certificate/:id.pdf is throttled per address', () => {
  test('the N+1th request is 429 with a message and Retry-After, before any rendering; another address gets the PDF', async () => {
    const song = await registeredSong()
    const address = newAddress()
    const pdf = (id: string, from: string) =>
      respond(() =>
        pdfRoute.loader(
          args(
            new Request(`http://localhost/certificate/${id}.pdf`, {
              headers: { [ADDRESS_HEADER]: from },
            }),
            { id },
          ),
        ),
      )
    const { max } = LIMITS.certificatePdfPerAddress(address)
    // Probing unknown ids counts too: the throttle comes before any work.
    for (let i = 0; i < max; i++)
      expect((await pdf(String(9_000_000 + i), address)).status).toBe(404)
    const refused = await pdf(String(song.id), address)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toBe('599')
    expect(refused.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
    expect(refused.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(await refused.text()).toBe('Too many requests. Please try again in 10 minutes.')

    const served = await pdf(String(song.id), newAddress())
    expect(served.status).toBe(200)
    expect(served.headers.get('Content-Type')).toBe('application/pdf')
  })
})

describe('GET /verify/:certificateId (and its .json) is throttled per address', () => {
  const request = (path: string, from: string) =>
    new Request(`http://localhost${path}`, { headers: { [ADDRESS_HEADER]: from } })
  const verify = (certificateId: string, from: string, json = false) =>
    json
      ? respond(() =>
          verifyJsonRoute.loader(
            args(request(`/verify/${certificateId}.json`, from), { certificateId }),
          ),
        )
      : respond(() =>
          verifyRoute.loader(args(request(`/verify/${certificateId}`, from), { certificateId })),
        )

  test('the N+1th page request is a 429 page with the message and Retry-After; JSON gets { message }; another address is served', async () => {
    const song = await registeredSong()
    const address = newAddress()
    const { max } = LIMITS.certificateVerifyPerAddress(address)
    for (let i = 0; i < max; i++) expect((await verify('PT-0000-0000', address)).status).toBe(404)

    const page = await verify(song.certificateId, address)
    expect(page.status).toBe(429)
    expect(page.headers.get('Retry-After')).toBe('599')
    expect(await page.text()).toBe('Too many requests. Please try again in 10 minutes.')
    // The document keeps the refusal's Retry-After (Remix hands it to the route's headers()).
    const headers = new Headers(
      verifyRoute.headers!({
        errorHeaders: page.headers,
        loaderHeaders: new Headers(),
        parentHeaders: new Headers(),
        actionHeaders: new Headers(),
      }),
    )
    expect(headers.get('Retry-After')).toBe('599')

    const json = await verify(song.certificateId, address, true)
    expect(json.status).toBe(429)
    expect(json.headers.get('Retry-After')).toBe('599')
    expect(await json.json()).toEqual({
      message: 'Too many requests. Please try again in 10 minutes.',
    })

    const served = await verify(song.certificateId, newAddress(), true)
    expect(served.status).toBe(200)
    const report = await served.json()
    expect(report).toMatchObject({ certificateId: song.certificateId })
    // Public facts only: not even the song's row id (decision 020).
    expect(report).not.toHaveProperty('songId')
  })
})
