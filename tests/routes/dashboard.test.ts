import { describe, expect, test } from 'vitest'
import * as dashboardRoute from '~/resource-routes/dashboard'
import * as index from '~/routes/_index'
import * as songsRoute from '~/routes/songs._index'
import * as submissionForm from '~/resource-routes/submission-form'
import { SongSchema } from '~/lib/song-schema'
import { createSong, SONGS_PAGE_SIZE } from '~/services/songs/songs.server'
import { db } from '../setup/db'
import { args, authedRequest, createUser, respond } from '../setup/fixtures'

function songInput(title: string, dateCreated = '2025-03-01') {
  return SongSchema.parse({
    title,
    contributorName: 'Ann Writer',
    dateCreated,
    toolsUsed: 'Piano, Logic Pro',
    fileLink: 'https://example.com/song.mp3',
    contributions: [],
  })
}

async function createSongs(userId: string, titles: string[]) {
  const songs = []
  // One after the other: each song is newer than the one before.
  for (const title of titles) songs.push(await createSong(db(), userId, songInput(title)))
  return songs
}

async function register(songId: number) {
  await db()
    .insertInto('blockchainRegistrations')
    .values({
      songId,
      status: 'confirmed',
      transactionSignature: `sig${songId}`,
      registrationFee: '0.001',
    })
    .execute()
}

async function dashboardJson(userId: string) {
  const response = await respond(async () =>
    index.loader(args(await authedRequest('http://localhost/', userId))),
  )
  expect(response.status).toBe(200)
  return response.json()
}

async function songsPage(userId: string, search = '') {
  const response = await respond(async () =>
    songsRoute.loader(args(await authedRequest(`http://localhost/songs${search}`, userId))),
  )
  expect(response.status).toBe(200)
  return (await response.json()) as {
    page: number
    offset: number
    hasNext: boolean
    songs: { id: number; title: string }[]
  }
}

describe('dashboard', () => {
  test('shows the stats and the owner’s songs newest first, with registration dates', async () => {
    const user = await createUser()
    const other = await createUser()
    const [first, second, third] = await createSongs(user.id, [
      'First Light',
      'Second Wind',
      'Third Time',
    ])
    await createSongs(other.id, ['Not Yours'])
    await register(second!.id)

    const data = await dashboardJson(user.id)
    expect(data.view).toBe('dashboard')
    expect(data.stats).toEqual({ totalSongs: 3, blockchainCertified: 1 })
    expect(data.songs.map((song: { title: string }) => song.title)).toEqual([
      'Third Time',
      'Second Wind',
      'First Light',
    ])
    expect(data.songs.map((song: { id: number }) => song.id)).toEqual([
      third!.id,
      second!.id,
      first!.id,
    ])

    const [newest, registered] = data.songs
    expect(newest).toMatchObject({
      dateCreated: '2025-03-01',
      fileLink: 'https://example.com/song.mp3',
      isRegistered: false,
      registration: null,
    })
    expect(new Date(newest.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000)
    expect(registered).toMatchObject({ isRegistered: true, registration: { status: 'confirmed' } })
    expect(Number.isNaN(new Date(registered.registration.createdAt).getTime())).toBe(false)
    // The table's columns only: the lyrics and notes stay on the server. `confirmations` is the
    // co-writers' counts (issue 13), never an address or a reason.
    expect(Object.keys(newest).sort()).toEqual([
      'confirmations',
      'createdAt',
      'dateCreated',
      'fileLink',
      'id',
      'isRegistered',
      'registration',
      'title',
    ])

    const otherData = await dashboardJson(other.id)
    expect(otherData.songs.map((song: { title: string }) => song.title)).toEqual(['Not Yours'])
    expect(otherData.stats).toEqual({ totalSongs: 1, blockchainCertified: 0 })
  })

  test('lists the 10 newest songs; a new user has none', async () => {
    const user = await createUser()
    expect(await dashboardJson(user.id)).toMatchObject({
      view: 'dashboard',
      stats: { totalSongs: 0, blockchainCertified: 0 },
      songs: [],
    })

    await createSongs(
      user.id,
      Array.from({ length: 12 }, (_, i) => `Song ${i + 1}`),
    )
    const data = await dashboardJson(user.id)
    expect(data.stats.totalSongs).toBe(12)
    expect(data.songs.map((song: { title: string }) => song.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Song ${12 - i}`),
    )
  })

  test('/dashboard and /submission-form lead to / and /submit', async () => {
    const dashboard = await respond(() => dashboardRoute.loader())
    expect(dashboard.status).toBe(302)
    expect(dashboard.headers.get('Location')).toBe('/')
    const form = await respond(() => submissionForm.loader())
    expect(form.status).toBe(302)
    expect(form.headers.get('Location')).toBe('/submit')
  })
})

describe('/songs', () => {
  test('pages through every song, newest first', async () => {
    const user = await createUser()
    const other = await createUser()
    await createSongs(other.id, ['Not Yours'])
    const titles = Array.from({ length: SONGS_PAGE_SIZE + 3 }, (_, i) => `Track ${i + 1}`)
    await createSongs(user.id, titles)
    const newestFirst = [...titles].reverse()

    const first = await songsPage(user.id)
    expect(first).toMatchObject({ page: 1, offset: 0, hasNext: true })
    expect(first.songs.map((song) => song.title)).toEqual(newestFirst.slice(0, SONGS_PAGE_SIZE))

    const second = await songsPage(user.id, '?page=2')
    expect(second).toMatchObject({ page: 2, offset: SONGS_PAGE_SIZE, hasNext: false })
    expect(second.songs.map((song) => song.title)).toEqual(['Track 3', 'Track 2', 'Track 1'])

    const beyond = await songsPage(user.id, '?page=3')
    expect(beyond).toMatchObject({ page: 3, hasNext: false, songs: [] })
  })

  test('a page that is not a page number is the first page', async () => {
    const user = await createUser()
    await createSongs(user.id, ['Only One'])
    for (const search of [
      '?page=abc',
      '?page=0',
      '?page=-1',
      '?page=1.5',
      '?page=',
      '?page=99999999999',
    ]) {
      const page = await songsPage(user.id, search)
      expect(page, search).toMatchObject({ page: 1, offset: 0, hasNext: false })
      expect(page.songs.map((song) => song.title)).toEqual(['Only One'])
    }
  })

  test('a visitor is sent to sign in and brought back', async () => {
    const response = await respond(() =>
      songsRoute.loader(args(new Request('http://localhost/songs'))),
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/login?redirectTo=%2Fsongs')
  })
})
