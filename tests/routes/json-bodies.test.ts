import { beforeAll, describe, expect, test, vi } from 'vitest'
import * as apiContact from '~/resource-routes/api.contact'
import * as apiSongs from '~/resource-routes/api.songs'
import * as apiTrack from '~/resource-routes/api.analytics.track'
import * as sponsored from '~/resource-routes/api.songs.$id.blockchain.sponsored'
import { db } from '../setup/db'
import { args, createTestSong, respond, useSignedInUser } from '../setup/fixtures'

// Issue 11 items 2 and 4: JSON bodies are counted while read, and only a JSON content type is one.

const user = useSignedInUser()
beforeAll(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})

/** A body sent in chunks without Content-Length; `sent()` tells how much of it was pulled. */
function chunked(prefix: string, total: number) {
  let sent = 0
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close()
      const chunk = sent === 0 ? prefix : 'a'.repeat(Math.min(16 * 1024, total - sent))
      controller.enqueue(new TextEncoder().encode(chunk))
      sent += chunk.length
    },
  })
  return { stream, sent: () => sent }
}

const request = (url: string, body: BodyInit | null, type: string | null, withCookie = false) => {
  const headers = new Headers()
  if (type) headers.set('Content-Type', type)
  if (withCookie) headers.set('Cookie', user.cookie)
  return new Request(`http://localhost${url}`, {
    method: 'POST',
    headers,
    body,
    duplex: 'half',
  } as RequestInit)
}

describe('readJson through the API routes', () => {
  test('a chunked body past 64 KB without Content-Length is refused with 413 { message }, and reading stops', async () => {
    const body = chunked('{"name":"', 200 * 1024 * 1024)
    const response = await respond(() =>
      apiContact.action(args(request('/api/contact', body.stream, 'application/json'))),
    )
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({ message: 'The request body is larger than 64 KB.' })
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(body.sent()).toBeLessThan(2 * 1024 * 1024)
  })

  test('only application/json (optionally charset=utf-8) is JSON', async () => {
    const send = async (type: string | null) =>
      respond(() =>
        apiTrack.action(
          args(
            request(
              '/api/analytics/track',
              JSON.stringify({ eventType: 'page_view', pagePath: '/' }),
              type,
            ),
          ),
        ),
      )
    for (const type of [
      'text/plain; x=application/json',
      'text/plain;application/json',
      'application/jsonp',
      'application/json-seq',
      'application/json; charset=latin1',
      'application/json; x=1',
      'multipart/form-data; boundary=application/json',
      null,
    ]) {
      const refused = await send(type)
      expect(refused.status, String(type)).toBe(415)
      expect(await refused.json()).toEqual({ message: 'Content-Type must be application/json' })
    }
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'Application/JSON;charset=UTF-8',
    ]) {
      expect((await send(type)).status, type).toBe(201)
    }
  })

  test('a song with lyrics at their maximum is taken as JSON; past 256 KB it is a 413', async () => {
    const song = {
      title: 'Long',
      contributorName: 'Ann',
      dateCreated: '2025-03-01',
      toolsUsed: 'x',
      fileLink: 'https://example.com/a',
      lyrics: '歌'.repeat(20000),
      creativeNotes: '歌'.repeat(5000),
    }
    const escaped = JSON.stringify(song).replace(/歌/g, '\\u6b4c')
    expect(escaped.length).toBeGreaterThan(128 * 1024)
    const created = await respond(() =>
      apiSongs.action(args(request('/api/songs', escaped, 'application/json', true))),
    )
    expect(created.status).toBe(201)
    const tooLarge = await respond(() =>
      apiSongs.action(
        args(
          request('/api/songs', chunked('{"title":"', 300 * 1024).stream, 'application/json', true),
        ),
      ),
    )
    expect(tooLarge.status).toBe(413)
    expect(await tooLarge.json()).toEqual({ message: 'The request body is larger than 256 KB.' })
  })

  test('the sponsored registration takes the empty body the spec sends, and refuses a large or non-JSON one', async () => {
    const song = await createTestSong(user.id, { title: 'Sponsored' })
    const post = (body: BodyInit | null, type: string | null) =>
      respond(() =>
        sponsored.action(
          args(request(`/api/songs/${song.id}/blockchain/sponsored`, body, type, true), {
            id: String(song.id),
          }),
        ),
      )
    const large = await post(chunked('{"confirmed":', 100 * 1024).stream, 'application/json')
    expect(large.status).toBe(413)
    const text = await post('confirmed=false', 'text/plain')
    expect(text.status).toBe(415)
    const registered = await post(null, null)
    expect(registered.status).toBe(201)
    expect(
      await db()
        .selectFrom('blockchainRegistrations')
        .select('status')
        .where('songId', '=', song.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'confirmed' })
  })
})
