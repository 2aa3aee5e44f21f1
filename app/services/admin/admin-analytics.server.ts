import { type Kysely, sql } from 'kysely'
import type { Database } from '#db/schema'
import type { AdminAnalytics, DailyFigures } from '~/lib/admin'
import { db } from '../platform/db.server'

/** SPEC §9: the admin shows 5 top pages and 5 recent activities. */
export const TOP_PAGES_LIMIT = 5
export const RECENT_ACTIVITY_LIMIT = 5

const DAY_MS = 24 * 60 * 60 * 1000

/** The UTC calendar day, week (starting Monday) and month that contain `now`. */
export function utcPeriodStarts(now: Date) {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  const daysSinceMonday = (day.getUTCDay() + 6) % 7
  return {
    day,
    week: new Date(day.getTime() - daysSinceMonday * DAY_MS),
    month: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
  }
}

type Periods = ReturnType<typeof utcPeriodStarts>

const createdSince = (since: Date) => sql<boolean>`${sql.ref('createdAt')} >= ${since}`

function countColumns({ day, month }: Periods) {
  return [
    sql<number>`count(*)::int`.as('total'),
    sql<number>`(count(*) filter (where ${createdSince(day)}))::int`.as('today'),
    sql<number>`(count(*) filter (where ${createdSince(month)}))::int`.as('thisMonth'),
  ]
}

// numeric sums travel as text so no cent is lost on the way; they become dollars at the end.
function sumColumns({ day, week, month }: Periods) {
  const amount = sql.ref('amount')
  return [
    sql<string>`coalesce(sum(${amount}), 0)::text`.as('total'),
    sql<string>`coalesce(sum(${amount}) filter (where ${createdSince(day)}), 0)::text`.as('today'),
    sql<string>`coalesce(sum(${amount}) filter (where ${createdSince(week)}), 0)::text`.as(
      'thisWeek',
    ),
    sql<string>`coalesce(sum(${amount}) filter (where ${createdSince(month)}), 0)::text`.as(
      'thisMonth',
    ),
  ]
}

/**
 * Every card of the panel in one statement: each table is aggregated once (count/sum with
 * FILTER for the periods) in its own single-row CTE, and the CTEs are cross-joined.
 */
async function periodFigures(now: Date) {
  const periods = utcPeriodStarts(now)
  const row = await db()
    .with('visits', (qb) =>
      qb
        .selectFrom('analyticsEvents')
        .where('eventType', '=', 'page_view')
        .select(countColumns(periods)),
    )
    // Sign-ups of accounts still open: a deleted account is a tombstone, no longer a user
    // (decision 067), so the counts (and the chart below) drop it.
    .with('signups', (qb) =>
      qb.selectFrom('users').where('deletedAt', 'is', null).select(countColumns(periods)),
    )
    .with('certificates', (qb) => qb.selectFrom('songs').select(countColumns(periods)))
    .with('registrations', (qb) =>
      qb
        .selectFrom('blockchainRegistrations')
        .where('status', '=', 'confirmed')
        .select(countColumns(periods)),
    )
    .with('revenue', (qb) =>
      qb.selectFrom('paymentHistory').where('status', '=', 'succeeded').select(sumColumns(periods)),
    )
    .selectFrom(['visits', 'signups', 'certificates', 'registrations', 'revenue'])
    .select([
      'visits.total as visitsTotal',
      'visits.today as visitsToday',
      'visits.thisMonth as visitsThisMonth',
      'signups.total as signupsTotal',
      'signups.today as signupsToday',
      'signups.thisMonth as signupsThisMonth',
      'certificates.total as certificatesTotal',
      'certificates.today as certificatesToday',
      'certificates.thisMonth as certificatesThisMonth',
      'registrations.total as registrationsTotal',
      'registrations.today as registrationsToday',
      'registrations.thisMonth as registrationsThisMonth',
      'revenue.total as revenueTotal',
      'revenue.today as revenueToday',
      'revenue.thisWeek as revenueThisWeek',
      'revenue.thisMonth as revenueThisMonth',
    ])
    .executeTakeFirstOrThrow()
  return {
    websiteVisits: {
      total: row.visitsTotal,
      today: row.visitsToday,
      thisMonth: row.visitsThisMonth,
    },
    userSignups: {
      total: row.signupsTotal,
      today: row.signupsToday,
      thisMonth: row.signupsThisMonth,
    },
    certificatesGenerated: {
      total: row.certificatesTotal,
      today: row.certificatesToday,
      thisMonth: row.certificatesThisMonth,
    },
    blockchainRegistrations: {
      total: row.registrationsTotal,
      today: row.registrationsToday,
      thisMonth: row.registrationsThisMonth,
    },
    stripeRevenue: {
      total: Number(row.revenueTotal),
      today: Number(row.revenueToday),
      thisWeek: Number(row.revenueThisWeek),
      thisMonth: Number(row.revenueThisMonth),
    },
  }
}

async function topPages() {
  return db()
    .selectFrom('analyticsEvents')
    .where('eventType', '=', 'page_view')
    .where('pagePath', 'is not', null)
    .select([
      'pagePath as path',
      sql<number>`count(*)::int`.as('views'),
      sql<number>`(count(*) filter (where source = 'anonymous'))::int`.as('unverifiedViews'),
    ])
    .groupBy('pagePath')
    .orderBy('views', 'desc')
    .orderBy('pagePath')
    .limit(TOP_PAGES_LIMIT)
    .$narrowType<{ path: string }>()
    .execute()
}

async function recentActivity() {
  const rows = await db()
    .selectFrom('analyticsEvents')
    .select([
      'eventType',
      'pagePath',
      'createdAt',
      'source',
      sql<string | null>`metadata->>'action'`.as('action'),
      sql<string | null>`metadata->>'name'`.as('name'),
    ])
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(RECENT_ACTIVITY_LIMIT)
    .execute()
  return rows.map((row) => ({
    description: describeEvent(row),
    timestamp: row.createdAt.toISOString(),
    unverified: row.source === 'anonymous',
  }))
}

/** 'Page view: /faq', 'User action: clicked_register', 'Custom event: …'. */
export function describeEvent(event: {
  eventType: string
  pagePath: string | null
  action: string | null
  name: string | null
}) {
  const where = event.pagePath ?? 'unknown page'
  if (event.eventType === 'page_view') return `Page view: ${where}`
  if (event.eventType === 'user_action') return `User action: ${event.action || where}`
  if (event.eventType === 'custom') return `Custom event: ${event.name || where}`
  return `${event.eventType}: ${where}`
}

/** SPEC §3 admin analytics, 'today', 'this week' and 'this month' being UTC calendar periods. */
export async function adminAnalytics(now = new Date()): Promise<AdminAnalytics> {
  const [figures, pages, activity] = await Promise.all([
    periodFigures(now),
    topPages(),
    recentActivity(),
  ])
  return { ...figures, topPages: pages, recentActivity: activity }
}

/** GET /api/admin/stats: the four totals. */
export async function adminStats(now = new Date()) {
  const figures = await periodFigures(now)
  return {
    websiteVisits: figures.websiteVisits.total,
    userSignups: figures.userSignups.total,
    certificatesGenerated: figures.certificatesGenerated.total,
    blockchainRegistrations: figures.blockchainRegistrations.total,
  }
}

/** The admin's chart spans this many UTC days, today included. */
export const CHART_DAYS = 30

/**
 * One row per UTC day of the last CHART_DAYS days, zeros included, in one statement: each table
 * is grouped by day once in its own CTE and joined onto the generated days.
 */
export async function dailyFigures(
  database: Kysely<Database>,
  now = new Date(),
): Promise<DailyFigures[]> {
  const today = utcPeriodStarts(now).day
  const first = new Date(today.getTime() - (CHART_DAYS - 1) * DAY_MS)
  const firstDay = first.toISOString().slice(0, 10)
  const lastDay = today.toISOString().slice(0, 10)
  const perDay = (table: string, where: string, value = 'count(*)') =>
    sql`select (created_at at time zone 'UTC')::date as day, ${sql.raw(value)} as n
        from ${sql.table(table)}
        where created_at >= ${first} and ${sql.raw(where)}
        group by 1`
  const { rows } = await sql<{
    day: string
    visits: number
    signups: number
    certificates: number
    registrations: number
    revenue: string
  }>`
    with days as (
      select d::date as day
      from generate_series(${firstDay}::date, ${lastDay}::date, interval '1 day') as d
    ),
    visits as (${perDay('analytics_events', `event_type = 'page_view'`)}),
    signups as (${perDay('users', 'deleted_at is null')}),
    certificates as (${perDay('songs', 'true')}),
    registrations as (${perDay('blockchain_registrations', `status = 'confirmed'`)}),
    revenue as (${perDay('payment_history', `status = 'succeeded'`, 'sum(amount)')})
    select to_char(days.day, 'YYYY-MM-DD') as day,
      coalesce(visits.n, 0)::int as visits,
      coalesce(signups.n, 0)::int as signups,
      coalesce(certificates.n, 0)::int as certificates,
      coalesce(registrations.n, 0)::int as registrations,
      coalesce(revenue.n, 0)::text as revenue
    from days
    left join visits on visits.day = days.day
    left join signups on signups.day = days.day
    left join certificates on certificates.day = days.day
    left join registrations on registrations.day = days.day
    left join revenue on revenue.day = days.day
    order by days.day
  `.execute(database)
  return rows.map((row) => ({ ...row, revenue: Number(row.revenue) }))
}
