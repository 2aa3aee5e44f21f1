import { describe, expect, test } from 'vitest'
import * as apiSongs from '~/resource-routes/api.songs'
import * as apiSong from '~/resource-routes/api.songs.$id'
import { db } from '../setup/db'
import { args, authedRequest, createTestSong, createUser, respond } from '../setup/fixtures'

// Issue 53 (decision 116): GET /api/songs lists summaries; the whole song is at GET /api/songs/:id,
// and `?fields=full` still lists whole songs.

const LYRICS = Array.from({ length: 40 }, () => 'Headlights on the highway').join('\n')

async function get(url: string, userId: string, params: Record<string, string> = {}) {
  const route = Object.keys(params).length > 0 ? apiSong : apiSongs
  const response = await respond(async () =>
    route.loader(
      args(
        await authedRequest(`http://localhost${url}`, userId, {
          headers: { Accept: 'application/json' },
        }),
        params,
      ),
    ),
  )
  return { status: response.status, body: (await response.json()) as unknown }
}

async function ownerWithTwoSongs() {
  const owner = await createUser()
  const first = await createTestSong(owner.id, {
    title: 'Night Drive',
    coContributorName: 'Bea',
    lyrics: LYRICS,
    creativeNotes: 'Written on the last train.',
    genre: 'Pop',
    isrc: 'USRC17607839',
  })
  const second = await createTestSong(owner.id, { title: '夜のドライブ', lyrics: LYRICS })
  await db()
    .insertInto('blockchainRegistrations')
    .values({
      songId: first.id,
      status: 'confirmed',
      registrationFee: '0.001',
      transactionSignature: `sig-summaries-${first.id}`,
      network: 'localnet',
    })
    .execute()
  return { owner, first, second }
}

describe('GET /api/songs lists summaries', () => {
  test('each song is its summary, newest first: no lyrics, notes or contributions; the same values as the whole song', async () => {
    const { owner, first, second } = await ownerWithTwoSongs()
    const { status, body } = await get('/api/songs', owner.id)
    expect(status).toBe(200)
    const list = body as Record<string, unknown>[]
    expect(list.map((song) => song.title)).toEqual(['夜のドライブ', 'Night Drive'])
    expect(Object.keys(list[1]!).sort()).toEqual(
      [
        'id',
        'title',
        'certificateId',
        'fileLink',
        'dateCreated',
        'createdAt',
        'isRegistered',
        'registration',
      ].sort(),
    )
    for (const text of ['Headlights', 'Written on the last train', 'USRC17607839', 'Bea'])
      expect(JSON.stringify(body)).not.toContain(text)

    const whole = (await get(`/api/songs/${first.id}`, owner.id, { id: String(first.id) }))
      .body as Record<string, unknown> & { registration: Record<string, unknown> }
    expect(whole.lyrics).toBe(LYRICS)
    expect(list[1]).toEqual({
      id: first.id,
      title: 'Night Drive',
      certificateId: whole.certificateId,
      fileLink: 'https://example.com/a.mp3',
      dateCreated: '2025-03-01',
      createdAt: whole.createdAt,
      isRegistered: true,
      registration: {
        status: 'confirmed',
        network: 'localnet',
        transactionSignature: `sig-summaries-${first.id}`,
        createdAt: whole.registration.createdAt,
      },
    })
    expect(list[0]).toMatchObject({ id: second.id, isRegistered: false, registration: null })
  })

  test('?fields=full lists each song whole, as GET /api/songs/:id gives it', async () => {
    const { owner, first } = await ownerWithTwoSongs()
    const { status, body } = await get('/api/songs?fields=full&limit=1&offset=1', owner.id)
    expect(status).toBe(200)
    const [song] = body as Record<string, unknown>[]
    expect(song).toMatchObject({
      id: first.id,
      lyrics: LYRICS,
      creativeNotes: 'Written on the last train.',
      isRegistered: true,
    })
    expect((song!.contributions as unknown[]).length).toBeGreaterThan(0)
  })

  test('an unknown fields value is a 400 with a message; no songs is an empty list', async () => {
    const owner = await createUser()
    expect(await get('/api/songs?fields=lyrics', owner.id)).toEqual({
      status: 400,
      body: { message: 'fields must be summary or full' },
    })
    expect(await get('/api/songs', owner.id)).toEqual({ status: 200, body: [] })
  })
})
