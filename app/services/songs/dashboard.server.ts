import { awaitsConfirmation } from '~/lib/confirmation-summary'
import { invitedPersonIs } from '~/lib/dispute-person.server'
import { type CompiledQuery, createQueryId, type Kysely, sql } from 'kysely'
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres'
import type { Database } from '#db/schema'
import { db } from '../platform/db.server'

/** SPEC §2: the dashboard lists this many of the newest songs; the rest are on /songs. */
export const DASHBOARD_SONGS = 10

/** SPEC §3 dashboard stats, in one query: every song of the user and how many are on chain. */
export async function dashboardStats(userId: string) {
  const row = await db()
    .selectFrom('songs')
    .leftJoin('blockchainRegistrations as r', (join) =>
      join.onRef('r.songId', '=', 'songs.id').on('r.status', '=', 'confirmed'),
    )
    .select([
      sql<number>`count(songs.id)::int`.as('totalSongs'),
      sql<number>`count(r.id)::int`.as('blockchainCertified'),
    ])
    .where('songs.userId', '=', userId)
    .executeTakeFirstOrThrow()
  return { totalSongs: row.totalSongs, blockchainCertified: row.blockchainCertified }
}

/** The owner's songs as a songs table shows them, newest first (light: no lyrics, no contributions). */
function songRowsQuery(userId: string, { limit, offset }: { limit: number; offset: number }) {
  return (
    db()
      .selectFrom('songs')
      .leftJoin('blockchainRegistrations as r', 'r.songId', 'songs.id')
      .select([
        'songs.id',
        'songs.title',
        'songs.fileLink',
        'songs.dateCreated',
        'songs.createdAt',
        'r.createdAt as registeredAt',
        'r.status as registrationStatus',
        'r.network as registrationNetwork',
        'songs.contributorName',
        'songs.coContributorName',
        'songs.coContributorName2',
        // Issue 13: how many co-contributors the song names, and the live invitations' answers.
        sql<number>`(coalesce(songs.co_contributor_name, '') <> '')::int + (coalesce(songs.co_contributor_name2, '') <> '')::int`.as(
          'namedCoContributors',
        ),
      ])
      .select((eb) =>
        jsonObjectFrom(
          eb
            .selectFrom('splitInvitations as i')
            .select([
              sql<number>`count(*) filter (where i.decision = 'confirmed' and i.voided_at is null)::int`.as(
                'confirmed',
              ),
              sql<number>`count(*) filter (where i.voided_at is null)::int`.as('live'),
              sql<number>`count(*) filter (where i.slot = 'main')::int`.as('mainInvited'),
            ])
            .whereRef('i.songId', '=', 'songs.id')
            .where(
              sql<boolean>`((i.revoked_at is null and i.voided_at is null) or (i.decision = 'disputed' and i.dispute_lifted_at is null))`,
            ),
        ).as('invitations'),
      )
      // Disputes in force (issue 24), each the person's who raised it (decision 087): counted in
      // toSongRow against the names the song holds now.
      .select((eb) =>
        jsonArrayFrom(
          eb
            .selectFrom('splitInvitations as i')
            .select(['i.slot', 'i.invitedName'])
            .whereRef('i.songId', '=', 'songs.id')
            .where('i.decision', '=', 'disputed')
            .where('i.disputeLiftedAt', 'is', null),
        ).as('disputes'),
      )
      .where('songs.userId', '=', userId)
      .orderBy('songs.createdAt', 'desc')
      .orderBy('songs.id', 'desc')
      .limit(limit)
      .offset(offset)
  )
}

type SongRowRecord = Awaited<ReturnType<ReturnType<typeof songRowsQuery>['execute']>>[number]

function toSongRow(row: SongRowRecord) {
  const { confirmed = 0, live = 0, mainInvited = 0 } = row.invitations ?? {}
  const names = [
    ['main', row.contributorName],
    ['co-contributor', row.coContributorName],
    ['co-contributor-2', row.coContributorName2],
  ] as const
  const disputed = names.filter(([slot, name]) =>
    row.disputes.some((dispute) => invitedPersonIs(dispute, slot, name)),
  ).length
  // Counted are those whose confirmation is awaited: the submitter's own slot only once invited.
  const main = { slot: 'main', status: mainInvited > 0 ? 'invited' : 'declared' }
  const named = Number(row.namedCoContributors ?? 0) + (awaitsConfirmation(main) ? 1 : 0)
  return {
    // A song with co-contributors, or with invitations, says where their confirmations stand.
    confirmations: live > 0 || named > 0 ? { named, confirmed, disputed } : null,
    id: row.id,
    title: row.title,
    fileLink: row.fileLink,
    dateCreated: row.dateCreated,
    createdAt: row.createdAt.toISOString(),
    isRegistered: row.registrationStatus === 'confirmed',
    registration:
      row.registeredAt && row.registrationStatus
        ? {
            createdAt: new Date(row.registeredAt).toISOString(),
            status: row.registrationStatus,
            network: row.registrationNetwork,
          }
        : null,
  }
}

/** A page of the owner's songs for /songs, in one query. */
export async function songRows(userId: string, page: { limit: number; offset: number }) {
  return (await songRowsQuery(userId, page).execute()).map(toSongRow)
}

/**
 * Everything the dashboard shows, in one statement: the newest songs, and the owner's totals and
 * timeline as uncorrelated subqueries (PostgreSQL runs each once, as an index scan, instead of
 * counting every joined row). No song at all means no row: the totals are then simply zero, and
 * the (empty) timeline takes a statement of its own, on a page that has no toast to show.
 */
function dashboardQuery(userId: string, months: TimelineMonths) {
  return songRowsQuery(userId, { limit: DASHBOARD_SONGS, offset: 0 }).select((eb) => [
    eb
      .selectFrom('songs as owned')
      .select((count) => count.fn.countAll<number>().as('n'))
      .where('owned.userId', '=', userId)
      .as('totalSongs'),
    eb
      .selectFrom('blockchainRegistrations as certified')
      .innerJoin('songs as certifiedSong', 'certifiedSong.id', 'certified.songId')
      .select((count) => count.fn.countAll<number>().as('n'))
      .where('certifiedSong.userId', '=', userId)
      .where('certified.status', '=', 'confirmed')
      .as('blockchainCertified'),
    // Issue 16: with the timeline here, the dashboard and its co-writer toast fit in 3 statements.
    timeline(userId, months).as('timeline'),
  ])
}

type DashboardRow = Awaited<ReturnType<ReturnType<typeof dashboardQuery>['execute']>>[number]

// The statement is the same for every owner and month but for its values. Building and compiling
// it with Kysely was about 8 % of a dashboard drawn afresh (issue 53), so it is compiled once per
// process with markers in the values' places, and each request puts its own values there. The
// markers are objects and strings no request can send; the other values are the statement's own.
const OWNER = '\u0000owner'
const MONTHS: TimelineMonths = { firstDay: '\u0000first', lastDay: '\u0000last', from: new Date(0) }
let compiled: CompiledQuery<DashboardRow> | undefined

function dashboardStatement(userId: string, months: TimelineMonths): CompiledQuery<DashboardRow> {
  compiled ??= dashboardQuery(OWNER, MONTHS).compile()
  const values = new Map<unknown, unknown>([
    [OWNER, userId],
    [MONTHS.firstDay, months.firstDay],
    [MONTHS.lastDay, months.lastDay],
    [MONTHS.from, months.from],
  ])
  return {
    ...compiled,
    queryId: createQueryId(),
    parameters: compiled.parameters.map((value) => (values.has(value) ? values.get(value) : value)),
  }
}

export async function dashboardData(userId: string, now = new Date()) {
  const months = timelineMonths(now)
  const { rows } = await db().executeQuery(dashboardStatement(userId, months))
  const first = rows[0]
  return {
    stats: {
      totalSongs: Number(first?.totalSongs ?? 0),
      blockchainCertified: Number(first?.blockchainCertified ?? 0),
    },
    songs: rows.map(toSongRow),
    timeline: first ? first.timeline : await certificatesByMonth(db(), userId, now),
  }
}

/** The dashboard's timeline spans this many UTC calendar months, the current one included. */
export const TIMELINE_MONTHS = 12

interface TimelineMonths {
  /** The first month's first day, `YYYY-MM-DD`, and the current month's. */
  firstDay: string
  lastDay: string
  /** The first month's first instant. */
  from: Date
}

function timelineMonths(now: Date): TimelineMonths {
  const from = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (TIMELINE_MONTHS - 1), 1),
  )
  return {
    firstDay: from.toISOString().slice(0, 10),
    lastDay: `${now.toISOString().slice(0, 7)}-01`,
    from,
  }
}

/**
 * How many certificates (songs) the owner made in each of the last TIMELINE_MONTHS UTC months,
 * empty months included, as one JSON array: the months are generated and the owner's songs,
 * grouped by month, joined onto them. A scalar subquery, so the dashboard's statement carries it.
 */
function timeline(userId: string, { firstDay, lastDay, from }: TimelineMonths) {
  return sql<{ month: string; count: number }[]>`(
    with months as (
      select m::date as month
      from generate_series(${firstDay}::date, ${lastDay}::date, interval '1 month') as m
    ),
    made as (
      select date_trunc('month', created_at at time zone 'UTC')::date as month, count(*) as n
      from songs
      where user_id = ${userId} and created_at >= ${from}
      group by 1
    )
    select coalesce(
      json_agg(
        json_build_object('month', to_char(months.month, 'YYYY-MM'), 'count', coalesce(made.n, 0)::int)
        order by months.month
      ),
      '[]'
    )
    from months left join made on made.month = months.month
  )`
}

/** The owner's timeline alone (dashboardData carries it when the owner has songs). */
export async function certificatesByMonth(
  database: Kysely<Database>,
  userId: string,
  now = new Date(),
): Promise<{ month: string; count: number }[]> {
  const { rows } = await sql<{
    timeline: { month: string; count: number }[]
  }>`select ${timeline(userId, timelineMonths(now))} as timeline`.execute(database)
  return rows[0]!.timeline
}
