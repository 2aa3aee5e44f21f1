import { sql } from 'kysely'
import { expect, test } from 'vitest'
import { dailyFigures } from '~/services/admin/admin-analytics.server'
import { certificatesByMonth } from '~/services/songs/dashboard.server'
import { db } from '../setup/db'
import { createUser, createTestSong } from '../setup/fixtures'

const DAY = 24 * 60 * 60 * 1000

async function songAt(userId: string, createdAt: Date) {
  const song = await createTestSong(userId, {
    title: 'Dated',
    contributions: [{ component: 'lyrics', contributorPercent: 100 }],
  })
  await sql`update songs set created_at = ${createdAt} where id = ${song.id}`.execute(db())
  return song
}

test("the admin's chart: 30 UTC days, oldest first, zeros included, each table counted on its own day", async () => {
  // Far in the future, so rows other tests write today fall outside the window.
  const now = new Date('2031-06-15T10:00:00Z')
  const user = await createUser()
  await sql`update users set created_at = ${new Date('2031-06-15T00:00:01Z')} where id = ${user.id}`.execute(
    db(),
  )
  await songAt(user.id, new Date('2031-06-14T23:59:59Z'))
  await songAt(user.id, new Date('2031-06-14T00:00:00Z'))
  await songAt(user.id, new Date('2031-05-16T12:00:00Z'))
  // The day before the window starts: not counted.
  await songAt(user.id, new Date('2031-05-15T23:59:59Z'))
  await db()
    .insertInto('analyticsEvents')
    .values([
      { eventType: 'page_view', pagePath: '/', createdAt: new Date('2031-06-01T05:00:00Z') },
      { eventType: 'page_view', pagePath: '/faq', createdAt: new Date('2031-06-01T23:00:00Z') },
      {
        eventType: 'user_action',
        pagePath: '/submit',
        createdAt: new Date('2031-06-01T05:00:00Z'),
      },
    ])
    .execute()
  await db()
    .insertInto('paymentHistory')
    .values([
      {
        userId: user.id,
        stripePaymentIntentId: `pi_chart_a_${user.id}`,
        amount: '1.99',
        status: 'succeeded',
        createdAt: new Date('2031-06-01T01:00:00Z'),
      },
      {
        userId: user.id,
        stripePaymentIntentId: `pi_chart_b_${user.id}`,
        amount: '1.99',
        status: 'succeeded',
        createdAt: new Date('2031-06-01T02:00:00Z'),
      },
      {
        userId: user.id,
        stripePaymentIntentId: `pi_chart_c_${user.id}`,
        amount: '1.99',
        status: 'refunded',
        createdAt: new Date('2031-06-01T03:00:00Z'),
      },
    ])
    .execute()
  const days = await dailyFigures(db(), now)
  expect(days).toHaveLength(30)
  expect(days[0]!.day).toBe('2031-05-17')
  expect(days.at(-1)!.day).toBe('2031-06-15')
  const on = (day: string) => days.find((row) => row.day === day)
  expect(on('2031-06-15')).toMatchObject({ signups: 1, certificates: 0 })
  expect(on('2031-06-14')).toMatchObject({ certificates: 2, visits: 0 })
  expect(on('2031-06-01')).toMatchObject({ visits: 2, certificates: 0, revenue: 3.98 })
  expect(days.reduce((sum, row) => sum + row.certificates, 0)).toBe(2)
  // 2031-05-16 is the day before the first day shown.
  expect(on('2031-05-16')).toBeUndefined()
  const june2 = new Date(now.getTime() - 13 * DAY).toISOString().slice(0, 10)
  expect(on(june2)).toEqual({
    day: june2,
    visits: 0,
    signups: 0,
    certificates: 0,
    registrations: 0,
    revenue: 0,
  })
})

test("the dashboard's timeline: the owner's certificates in each of the last 12 UTC months, no one else's", async () => {
  const now = new Date('2032-03-10T12:00:00Z')
  const owner = await createUser()
  const other = await createUser()
  await songAt(owner.id, new Date('2032-03-01T00:00:00Z'))
  await songAt(owner.id, new Date('2032-02-29T23:59:59Z'))
  await songAt(owner.id, new Date('2032-02-01T08:00:00Z'))
  await songAt(owner.id, new Date('2031-04-30T10:00:00Z'))
  // Thirteen months back: outside the timeline.
  await songAt(owner.id, new Date('2031-03-31T23:00:00Z'))
  await songAt(other.id, new Date('2032-03-02T00:00:00Z'))
  const months = await certificatesByMonth(db(), owner.id, now)
  expect(months.map((month) => month.month)).toEqual([
    '2031-04',
    '2031-05',
    '2031-06',
    '2031-07',
    '2031-08',
    '2031-09',
    '2031-10',
    '2031-11',
    '2031-12',
    '2032-01',
    '2032-02',
    '2032-03',
  ])
  expect(months.map((month) => month.count)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1])
})
