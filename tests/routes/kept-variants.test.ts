import { Readable, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { describe, expect, test } from 'vitest'
import * as certificatePage from '~/routes/certificate.$id'
import * as verifyPage from '~/routes/verify.$certificateId'
import { TIME_ZONE_COOKIE } from '~/lib/time-zone'
import {
  KEPT_VARIANTS_PER_RECORD,
  keepingVisitorAnswer,
  keepingVisitorPage,
  keptVisitorAnswer,
  keptVisitorPdfs,
} from '~/services/certificates/record/kept-visitor-answers.server'
import { keptRenderCount } from '~/services/platform/kept-renders.server'
import { registerSong } from '~/services/registration/registration.server'
import { db } from '../setup/db'
import { drawPage, type PageModule } from '../setup/draw-page'
import { createTestSong, createUser } from '../setup/fixtures'

// Decision 121: a stranger's answers are kept per time zone, and the zone is the visitor's
// cookie. One visitor sending 20 zones to one certificate keeps at most 4 of its answers, and
// every other certificate's kept answers stay.

const ORIGIN = 'http://localhost:3000'
// 20 zones that are each their own name in the tz database (none an alias of another).
const ZONES = [
  ...Array.from({ length: 12 }, (_, i) => `Etc/GMT-${i + 1}`),
  ...Array.from({ length: 8 }, (_, i) => `Etc/GMT+${i + 1}`),
]
const zoneCookie = (zone: string) => `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}`

const ask = (url: string, cookie: string | null) =>
  keptVisitorAnswer({
    method: 'GET',
    url,
    origin: ORIGIN,
    cookie,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0',
    referrer: null,
    acceptLanguage: null,
    ipAddress: '203.0.113.121',
  })

/** A stranger's page, answered kept or drawn by the real route and kept, as the server entry does. */
async function visit(path: string, cookie: string | null = null) {
  const asked = await ask(path, cookie)
  if (asked && 'answer' in asked) return { kept: true }
  const [module, pattern] = path.startsWith('/verify/')
    ? [verifyPage, '/verify/:certificateId']
    : [certificatePage, '/certificate/:id']
  const html = await drawPage(module as PageModule, pattern, path, cookie)
  if (!asked || !('ticket' in asked)) throw new Error(`${path} is never kept`)
  await pipeline(
    Readable.from([Buffer.from(html)]),
    keepingVisitorPage(
      asked.ticket.keptVisitorAnswer,
      { nonce: 'nonce-of-this-answer', loadId: 'load-of-this-answer' },
      () => ({ status: 200, headers: new Headers({ 'Content-Type': 'text/html' }) }),
    ),
    new Writable({ write: (_chunk, _encoding, done) => done() }),
  )
  return { kept: false }
}

/**
 * A stranger's PDF, answered kept or kept from Remix's answer. What Remix answered is stood in for
 * by bytes naming the zone: the store keeps whatever it is given, and making 20 signed PDFs would
 * test the document pool, not what the store holds.
 */
async function download(path: string, cookie: string) {
  const asked = await ask(path, cookie)
  if (asked && 'answer' in asked) return { kept: true, body: asked.answer.body.toString() }
  if (!asked || !('ticket' in asked)) throw new Error(`${path} is never kept`)
  const made = new Response(`%PDF-1.7 ${cookie}`, {
    headers: { 'Content-Type': 'application/pdf' },
  })
  await keepingVisitorAnswer(asked.ticket, path, made)
  return { kept: false, body: `%PDF-1.7 ${cookie}` }
}

async function registeredSong(title: string) {
  const owner = await createUser({ emailVerified: true })
  const song = await createTestSong(owner.id, { title })
  await db().deleteFrom('monthlyUsage').where('userId', '=', owner.id).execute()
  const outcome = await registerSong(owner.id, song.id, { confirmed: true })
  if (!outcome.ok) throw new Error(outcome.message)
  return song
}

describe('one visitor’s time zones cannot push out other certificates’ kept answers', () => {
  test('after 20 zones a certificate page keeps its 4 latest; another certificate’s page is still kept', async () => {
    const theirs = await registeredSong('Harbour Lights')
    const others = `/certificate/${theirs.id}`
    await visit(others)
    expect((await visit(others)).kept).toBe(true)

    const song = await registeredSong('Twenty Zones')
    const path = `/certificate/${song.id}`
    const before = keptRenderCount()
    for (const zone of ZONES) expect((await visit(path, zoneCookie(zone))).kept).toBe(false)
    // At most 4 more (fewer only if the shared store, full of other files' pages, let some go).
    expect(keptRenderCount() - before).toBeLessThanOrEqual(KEPT_VARIANTS_PER_RECORD)

    // The latest 4 zones are answered from the store, the first 16 are drawn again.
    for (const zone of ZONES.slice(-KEPT_VARIANTS_PER_RECORD))
      expect((await visit(path, zoneCookie(zone))).kept).toBe(true)
    expect((await visit(path, zoneCookie(ZONES[0]!))).kept).toBe(false)
    expect((await visit(others)).kept).toBe(true)
  })

  test('a verify address in other letter cases is the same certificate: 20 zones keep 4 pages', async () => {
    const song = await registeredSong('Lower Case')
    const pathOf = (index: number) =>
      `/verify/${index % 2 ? song.certificateId.toLowerCase() : song.certificateId}`
    const before = keptRenderCount()
    for (const [index, zone] of ZONES.entries()) await visit(pathOf(index), zoneCookie(zone))
    expect(keptRenderCount() - before).toBeLessThanOrEqual(KEPT_VARIANTS_PER_RECORD)
    const latest = ZONES.length - KEPT_VARIANTS_PER_RECORD
    for (let index = latest; index < ZONES.length; index++)
      expect((await visit(pathOf(index), zoneCookie(ZONES[index]!))).kept).toBe(true)
    expect((await visit(pathOf(1), zoneCookie(ZONES[1]!))).kept).toBe(false)
  })

  test('after 20 zones a certificate’s PDF is kept in 4 of them; another certificate’s PDF is still kept', async () => {
    const theirs = await registeredSong('Harbour Lights PDF')
    const others = `/certificate/${theirs.id}.pdf`
    const tokyo = zoneCookie('Asia/Tokyo')
    await download(others, tokyo)
    expect(await download(others, tokyo)).toEqual({ kept: true, body: `%PDF-1.7 ${tokyo}` })

    const song = await registeredSong('Twenty Zones PDF')
    const path = `/certificate/${song.id}.pdf`
    const before = keptVisitorPdfs.count
    for (const zone of ZONES) expect((await download(path, zoneCookie(zone))).kept).toBe(false)
    expect(keptVisitorPdfs.count - before).toBeLessThanOrEqual(KEPT_VARIANTS_PER_RECORD)
    for (const zone of ZONES.slice(-KEPT_VARIANTS_PER_RECORD))
      expect(await download(path, zoneCookie(zone))).toEqual({
        kept: true,
        body: `%PDF-1.7 ${zoneCookie(zone)}`,
      })
    expect((await download(path, zoneCookie(ZONES[0]!))).kept).toBe(false)
    expect(await download(others, tokyo)).toEqual({ kept: true, body: `%PDF-1.7 ${tokyo}` })
  })
})
