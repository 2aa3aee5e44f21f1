import { sql } from 'kysely'
import { expect, test } from 'vitest'
import { dashboardData } from '~/services/songs/dashboard.server'
import { db } from '../setup/db'
import { createTestSong, createUser } from '../setup/fixtures'

// Issue 53 (decision 116): the dashboard's statement is compiled once per process and each request
// puts its own owner and months in it. Two owners and two months, one after the other, each get
// their own songs, totals and timeline.

async function songMadeOn(userId: string, title: string, createdAt: string) {
  const song = await createTestSong(userId, { title })
  // created_at is never updated by the app: set here as a song made that day would hold it.
  await sql`update songs set created_at = ${new Date(createdAt)} where id = ${song.id}`.execute(
    db(),
  )
  return song
}

test('each owner and month gets its own songs, totals and timeline from the one statement', async () => {
  const ann = await createUser()
  const bo = await createUser()
  await songMadeOn(ann.id, 'Ann in March', '2026-03-15T12:00:00Z')
  const registered = await songMadeOn(ann.id, 'Ann in May', '2026-05-02T12:00:00Z')
  await db()
    .insertInto('blockchainRegistrations')
    .values({ songId: registered.id, status: 'confirmed', registrationFee: '0.001' })
    .execute()
  await songMadeOn(bo.id, 'Bo in January', '2025-01-20T12:00:00Z')

  const annInMay = await dashboardData(ann.id, new Date('2026-05-31T23:00:00Z'))
  expect(annInMay.stats).toEqual({ totalSongs: 2, blockchainCertified: 1 })
  expect(annInMay.songs.map((song) => [song.title, song.isRegistered])).toEqual([
    ['Ann in May', true],
    ['Ann in March', false],
  ])
  expect(annInMay.timeline[0]).toEqual({ month: '2025-06', count: 0 })
  expect(annInMay.timeline.filter((month) => month.count > 0)).toEqual([
    { month: '2026-03', count: 1 },
    { month: '2026-05', count: 1 },
  ])

  const boInJanuary = await dashboardData(bo.id, new Date('2025-01-31T00:00:00Z'))
  expect(boInJanuary.stats).toEqual({ totalSongs: 1, blockchainCertified: 0 })
  expect(boInJanuary.songs.map((song) => song.title)).toEqual(['Bo in January'])
  expect(boInJanuary.timeline.map((month) => month.month)).toEqual([
    '2024-02',
    '2024-03',
    '2024-04',
    '2024-05',
    '2024-06',
    '2024-07',
    '2024-08',
    '2024-09',
    '2024-10',
    '2024-11',
    '2024-12',
    '2025-01',
  ])
  expect(boInJanuary.timeline.at(-1)).toEqual({ month: '2025-01', count: 1 })

  // A year on, March has left Ann's window; the first answer's values are not reused.
  const annNextApril = await dashboardData(ann.id, new Date('2027-04-01T00:00:00Z'))
  expect(annNextApril.stats.totalSongs).toBe(2)
  expect(annNextApril.timeline.filter((month) => month.count > 0)).toEqual([
    { month: '2026-05', count: 1 },
  ])
})
