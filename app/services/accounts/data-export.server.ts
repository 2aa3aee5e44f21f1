import { sql } from 'kysely'
import type { User } from '#db/schema'
import { env } from '~/env.server'
import { csvRow } from '~/lib/csv'
import { sha256Hex } from '~/lib/digest.server'
import type { Executor } from '../platform/db.server'
import { hit, type Limit } from '../platform/rate-limit.server'
import { songQuery, toView } from '../songs/songs.server'
import { sessionIdHash } from './session.server'

// Issue 28: "your data", everything we hold about one account, as a ZIP of JSON and CSV
// (decision 067). Every query is scoped to the account: its own rows, or invitations answered
// from its own address; nothing another account wrote about its own songs.

/** The newest analytics events put in a download; older ones are counted in the README. */
export const MAX_ANALYTICS_EVENTS = 10_000

type Row = Record<string, unknown>

/** What a co-writer's answer holds, in the invitations sent and in those answered. */
const ANSWER_COLUMNS = [
  'i.decision',
  'i.decidedAt',
  'i.creditedName',
  'i.creditedLatinName',
  'i.pro',
  'i.ipi',
  'i.disputeReason',
] as const

function csv(columns: readonly string[], rows: readonly Row[]) {
  return csvRow([...columns]) + rows.map((row) => csvRow(columns.map((c) => row[c]))).join('')
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

/** What the account holds, gathered in one snapshot, each list in its own plain shape. */
export async function gatherAccountData(database: Executor, user: User, currentSid: string | null) {
  const account = {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    signsInWith: {
      password: Boolean(user.passwordHash),
      google: Boolean(user.externalId),
    },
    subscriptionTier: user.subscriptionTier,
    timeZone: user.timeZone,
    createdAt: iso(user.createdAt),
    updatedAt: iso(user.updatedAt),
  }
  // Sessions are named by nothing: the id is the cookie's secret.
  const sessions = (
    await database
      .selectFrom('sessions')
      .select(['sidHash', 'createdAt', 'lastSeenAt', 'expire', 'userAgent'])
      .where('userId', '=', user.id)
      .orderBy('lastSeenAt', 'desc')
      .execute()
  ).map((s) => ({
    thisBrowser: currentSid !== null && s.sidHash === sessionIdHash(currentSid),
    userAgent: s.userAgent,
    signedInAt: iso(s.createdAt),
    lastSeenAt: iso(s.lastSeenAt),
    expiresAt: iso(s.expire),
  }))
  const songs = (
    await songQuery(database)
      .where('songs.userId', '=', user.id)
      .orderBy('songs.createdAt')
      .orderBy('songs.id')
      .execute()
  ).map(toView)
  const certificates = songs.flatMap((song) =>
    song.registration
      ? [
          {
            certificateId: song.certificateId,
            title: song.title,
            certificateUrl: `${env().APP_URL}/certificate/${song.id}`,
            verifyUrl: `${env().APP_URL}/verify/${song.certificateId}`,
            status: song.registration.status,
            network: song.registration.network,
            transactionSignature: song.registration.transactionSignature,
            blockTime: song.registration.blockTime,
            registeredAt: song.registration.createdAt,
            storageKind: song.registration.storageKind,
            // The manifest's digest, where it is stored, the memo and the confirmations it records.
            record: song.registration.blockchainData,
          },
        ]
      : [],
  )
  const invitationsSent = (
    await database
      .selectFrom('splitInvitations as i')
      .innerJoin('songs as s', 's.id', 'i.songId')
      .select([
        's.certificateId',
        's.title',
        'i.slot',
        'i.email',
        'i.createdAt',
        'i.lastSentAt',
        'i.sentCount',
        'i.expiresAt',
        'i.revokedAt',
        'i.voidedAt',
        ...ANSWER_COLUMNS,
      ])
      .where('s.userId', '=', user.id)
      .orderBy('i.createdAt')
      .execute()
  ).map((i) => ({
    ...i,
    createdAt: iso(i.createdAt),
    lastSentAt: iso(i.lastSentAt),
    expiresAt: iso(i.expiresAt),
    revokedAt: iso(i.revokedAt),
    voidedAt: iso(i.voidedAt),
    decidedAt: iso(i.decidedAt),
  }))
  // Answers given from this account's address to other writers' songs: only what the answer
  // holds (the song is named by its public certificate id, never by the owner's own details).
  // Only once the address is proved: whoever registers someone else's address unverified must
  // not download that person's answers (names, IPI, dispute reasons).
  const invitationsAnswered = !user.emailVerified
    ? []
    : (
        await database
          .selectFrom('splitInvitations as i')
          .innerJoin('songs as s', 's.id', 'i.songId')
          .select(['s.certificateId', 'i.slot', ...ANSWER_COLUMNS])
          .where(sql`lower(i.email)`, '=', user.email.toLowerCase())
          .where('i.decision', 'is not', null)
          .where('s.userId', '!=', user.id)
          .orderBy('i.decidedAt')
          .execute()
      ).map((i) => ({ ...i, decidedAt: iso(i.decidedAt) }))
  const payments = (
    await database
      .selectFrom('paymentHistory as p')
      .leftJoin('songs as s', 's.id', 'p.songId')
      .select([
        'p.id',
        'p.amount',
        'p.currency',
        'p.status',
        'p.description',
        's.certificateId',
        'p.stripePaymentIntentId',
        'p.createdAt',
        'p.consumedAt',
        'p.voidedAt',
      ])
      .where('p.userId', '=', user.id)
      .orderBy('p.createdAt')
      .execute()
  ).map((p) => ({
    ...p,
    createdAt: iso(p.createdAt),
    consumedAt: iso(p.consumedAt),
    voidedAt: iso(p.voidedAt),
  }))
  const eventCount = await database
    .selectFrom('analyticsEvents')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('userId', '=', user.id)
    .executeTakeFirstOrThrow()
  // The analytics session id is a random id of its own, but it names nothing useful to the
  // owner and links rows together: left out with the rest of the ids.
  const analyticsEvents = (
    await database
      .selectFrom('analyticsEvents')
      .select([
        'eventType',
        'pagePath',
        'source',
        'metadata',
        'userAgent',
        'ipAddress',
        'createdAt',
      ])
      .where('userId', '=', user.id)
      .orderBy('createdAt', 'desc')
      .limit(MAX_ANALYTICS_EVENTS)
      .execute()
  ).map((e) => ({ ...e, createdAt: iso(e.createdAt) }))
  return {
    account,
    sessions,
    songs,
    certificates,
    invitationsSent,
    invitationsAnswered,
    payments,
    analyticsEvents,
    analyticsEventsLeftOut: Math.max(0, eventCount.n - analyticsEvents.length),
  }
}
export type AccountData = Awaited<ReturnType<typeof gatherAccountData>>

const SONG_COLUMNS = [
  'certificateId',
  'title',
  'dateCreated',
  'genre',
  'contributorName',
  'contributorLatinName',
  'coContributorName',
  'coContributorLatinName',
  'coContributorName2',
  'coContributor2LatinName',
  'toolsUsed',
  'fileLink',
  'isrc',
  'iswc',
  'upc',
  'otherIdentifier',
  'lyrics',
  'creativeNotes',
  'createdAt',
  'updatedAt',
] as const
const SPLIT_COLUMNS = [
  'certificateId',
  'component',
  'contributorPercent',
  'coContributorPercent',
  'coContributor2Percent',
  'aiPercent',
] as const

const columnsOf = (rows: readonly Row[], fallback: readonly string[]) =>
  rows[0] ? Object.keys(rows[0]) : fallback

/**
 * The ZIP's files: one JSON of everything, and a CSV per list for a spreadsheet. Compressing them
 * is CPU work: the route has it done in the document pool (a 'zip' job).
 */
export function accountDataFiles(data: AccountData, now = new Date()): Record<string, string> {
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`
  const splits = data.songs.flatMap((song) =>
    song.contributions.map((c) => ({ certificateId: song.certificateId, ...c })),
  )
  const flat = (rows: readonly Row[]) =>
    rows.map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([key, value]) => [
          key,
          value !== null && typeof value === 'object' ? JSON.stringify(value) : value,
        ]),
      ),
    )
  const sessionColumns = ['thisBrowser', 'userAgent', 'signedInAt', 'lastSeenAt', 'expiresAt']
  return {
    'README.txt': readme(data, now),
    'your-data.json': json({ exportedAt: now.toISOString(), ...data }),
    'account.csv': csv(Object.keys(data.account), flat([data.account])),
    'sessions.csv': csv(sessionColumns, data.sessions),
    'songs.csv': csv(SONG_COLUMNS, data.songs),
    'splits.csv': csv(SPLIT_COLUMNS, splits),
    'certificates.csv': csv(
      columnsOf(data.certificates, ['certificateId']),
      flat(data.certificates),
    ),
    'invitations-sent.csv': csv(
      columnsOf(data.invitationsSent, ['certificateId']),
      data.invitationsSent,
    ),
    'invitations-answered.csv': csv(
      columnsOf(data.invitationsAnswered, ['certificateId']),
      data.invitationsAnswered,
    ),
    'payments.csv': csv(columnsOf(data.payments, ['id']), data.payments),
    'analytics-events.csv': csv(
      columnsOf(data.analyticsEvents, ['eventType']),
      flat(data.analyticsEvents),
    ),
  }
}

function readme(data: AccountData, now: Date) {
  const { APP_NAME, SUPPORT_EMAIL } = env()
  return [
    `Your ${APP_NAME} data, exported ${now.toISOString()} for ${data.account.username}.`,
    '',
    'your-data.json holds everything below in one file; each .csv holds one list for a spreadsheet.',
    `  account     your account (never your password or payment-provider ids)`,
    `  sessions    ${data.sessions.length} signed-in browsers`,
    `  songs       ${data.songs.length} songs, with their splits (splits.csv) and registrations`,
    `  certificates  ${data.certificates.length} registrations and the records they anchored`,
    `  invitations ${data.invitationsSent.length} sent to your co-writers, ${data.invitationsAnswered.length} answered by you`,
    `  payments    ${data.payments.length}`,
    `  analytics   ${data.analyticsEvents.length} of your events, newest first` +
      (data.analyticsEventsLeftOut > 0
        ? `; ${data.analyticsEventsLeftOut} older ones are not in this file: write to ${SUPPORT_EMAIL} for them`
        : ''),
    '',
    `Questions: ${SUPPORT_EMAIL}`,
    '',
  ].join('\r\n')
}

/** The file name: the site and a short digest of the account, never the address. */
export function accountDataFileName(user: Pick<User, 'id'>, now = new Date()) {
  return `prooftrack-data-${sha256Hex(user.id).slice(0, 8)}-${now.toISOString().slice(0, 10)}.zip`
}

/** Downloads an account may make in an hour: each one reads every row the account has. */
const downloadLimit = (userId: string): Limit => ({
  key: `data-export:user:${userId}`,
  max: 10,
  windowSeconds: 60 * 60,
})

export async function prepareAccountData(
  database: Executor,
  user: User,
  currentSid: string | null,
) {
  const limited = await hit(downloadLimit(user.id))
  if (!limited.allowed) return { ok: false as const, limited }
  const now = new Date()
  const files = accountDataFiles(await gatherAccountData(database, user, currentSid), now)
  return { ok: true as const, files, now, fileName: accountDataFileName(user, now) }
}
