import { type Kysely, sql } from 'kysely'
import type { Database, User } from '#db/schema'
import { env } from '~/env.server'
import { csvOpening, csvRow } from '~/lib/csv'
import { sha256Hex } from '~/lib/digest.server'
import { type DeflatePiece, type ZipFile, zipStream } from '~/lib/zip-stream.server'
import type { Executor } from '../platform/db.server'
import { hit, type Limit } from '../platform/rate-limit.server'
import type { SongView } from '../songs/songs.server'
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

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

/**
 * What the account holds besides its songs, each list in its own plain shape and bounded (the
 * invitations and payments by the song ceiling, the events by MAX_ANALYTICS_EVENTS).
 */
export async function gatherAccountLists(
  database: Executor,
  user: User,
  currentSid: string | null,
) {
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
    // The account's own PRO details (decision 118), which a new song starts with.
    pro: user.pro,
    proNumber: user.proNumber,
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
  // The songs, the bulk of an account, are not read here: the download reads them page by page.
  const counts = await database
    .selectFrom('songs')
    .leftJoin('blockchainRegistrations as r', 'r.songId', 'songs.id')
    .select([
      sql<number>`count(distinct songs.id)::int`.as('songs'),
      sql<number>`count(distinct r.song_id)::int`.as('certificates'),
    ])
    .where('songs.userId', '=', user.id)
    .executeTakeFirstOrThrow()
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
    songCount: counts.songs,
    certificateCount: counts.certificates,
    invitationsSent,
    invitationsAnswered,
    payments,
    analyticsEvents,
    analyticsEventsLeftOut: Math.max(0, eventCount.n - analyticsEvents.length),
  }
}
export type AccountLists = Awaited<ReturnType<typeof gatherAccountLists>>

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

/** A song's registration as the download lists it; null for a song never registered. */
function certificateOf(song: SongView) {
  if (!song.registration) return null
  return {
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
  }
}
const CERTIFICATE_COLUMNS = [
  'certificateId',
  'title',
  'certificateUrl',
  'verifyUrl',
  'status',
  'network',
  'transactionSignature',
  'blockTime',
  'registeredAt',
  'storageKind',
  'record',
] as const

const certificatesOf = (songs: SongView[]) =>
  songs.flatMap((song) => {
    const certificate = certificateOf(song)
    return certificate ? [certificate] : []
  })
const splitsOf = (songs: SongView[]) =>
  songs.flatMap((song) =>
    song.contributions.map((c) => ({ certificateId: song.certificateId, ...c })),
  )

/** A spreadsheet cell holds text: an object (a registration's record) is written as JSON. */
const flat = (row: Row): Row =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      value !== null && typeof value === 'object' ? JSON.stringify(value) : value,
    ]),
  )

/**
 * The songs, read afresh page by page each time it is called. `texts: false` leaves the lyrics
 * and notes out (read as null), for the files that list only splits and registrations.
 */
export type Pages<T> = (options?: { texts: boolean }) => AsyncIterable<T[]>
const LIGHT = { texts: false }

async function* mapPages<T, U>(pages: AsyncIterable<T[]>, map: (page: T[]) => U[]) {
  for await (const page of pages) yield map(page)
}
async function* onePage<T>(rows: T[]) {
  yield rows
}

/** A CSV written page by page: the mark and header (lib/csv.ts), then each page's rows. */
async function* csvFile(columns: readonly string[], pages: AsyncIterable<Row[]>) {
  yield csvOpening(columns)
  for await (const rows of pages)
    yield rows.map((row) => csvRow(columns.map((c) => row[c]))).join('')
}

// your-data.json is written as JSON.stringify(data, null, 2) would write it, member by member,
// with the songs and certificates arrays page by page.
const indented = (value: unknown, by: string) =>
  JSON.stringify(value, null, 2).replaceAll('\n', `\n${by}`)
const member = (key: string, value: unknown) => `  ${JSON.stringify(key)}: ${indented(value, '  ')}`

async function* arrayMember(key: string, pages: AsyncIterable<unknown[]>) {
  yield `  ${JSON.stringify(key)}: [`
  let written = false
  for await (const items of pages) {
    if (items.length === 0) continue
    yield items
      .map((item, i) => `${written || i > 0 ? ',' : ''}\n    ${indented(item, '    ')}`)
      .join('')
    written = true
  }
  yield written ? '\n  ]' : ']'
}

async function* dataJson(lists: AccountLists, songPages: Pages<SongView>, now: Date) {
  const { account, sessions, invitationsSent, invitationsAnswered, payments, analyticsEvents } =
    lists
  yield `{\n${[
    member('exportedAt', now.toISOString()),
    member('account', account),
    member('sessions', sessions),
  ].join(',\n')},\n`
  yield* arrayMember('songs', songPages())
  yield ',\n'
  yield* arrayMember('certificates', mapPages(songPages(LIGHT), certificatesOf))
  yield `,\n${[
    member('invitationsSent', invitationsSent),
    member('invitationsAnswered', invitationsAnswered),
    member('payments', payments),
    member('analyticsEvents', analyticsEvents),
    member('analyticsEventsLeftOut', lists.analyticsEventsLeftOut),
  ].join(',\n')}\n}\n`
}

/**
 * The ZIP's files: one JSON of everything, and a CSV per list for a spreadsheet. Each is written
 * as the archive reaches it; the songs are read again, page by page, for each file that lists
 * them, so no file is ever whole in memory (issue 38.3, decision 079); their long texts only for
 * the two files that hold them.
 */
export function accountDataFiles(
  lists: AccountLists,
  songPages: Pages<SongView>,
  now = new Date(),
): ZipFile[] {
  const file = (name: string, content: () => AsyncIterable<string>) => ({ name, content })
  const small = (name: string, columns: readonly string[], rows: Row[]) =>
    file(name, () => csvFile(columns, onePage(rows)))
  const sessionColumns = ['thisBrowser', 'userAgent', 'signedInAt', 'lastSeenAt', 'expiresAt']
  return [
    file('README.txt', async function* () {
      yield readme(lists, now)
    }),
    file('your-data.json', () => dataJson(lists, songPages, now)),
    small('account.csv', Object.keys(lists.account), [flat(lists.account)]),
    small('sessions.csv', sessionColumns, lists.sessions),
    file('songs.csv', () => csvFile(SONG_COLUMNS, songPages())),
    file('splits.csv', () => csvFile(SPLIT_COLUMNS, mapPages(songPages(LIGHT), splitsOf))),
    file('certificates.csv', () =>
      csvFile(
        CERTIFICATE_COLUMNS,
        mapPages(songPages(LIGHT), (songs) => certificatesOf(songs).map(flat)),
      ),
    ),
    small(
      'invitations-sent.csv',
      columnsOf(lists.invitationsSent, ['certificateId']),
      lists.invitationsSent,
    ),
    small(
      'invitations-answered.csv',
      columnsOf(lists.invitationsAnswered, ['certificateId']),
      lists.invitationsAnswered,
    ),
    small('payments.csv', columnsOf(lists.payments, ['id']), lists.payments),
    small(
      'analytics-events.csv',
      columnsOf(lists.analyticsEvents, ['eventType']),
      lists.analyticsEvents.map(flat),
    ),
  ]
}

function readme(data: AccountLists, now: Date) {
  const { APP_NAME, SUPPORT_EMAIL } = env()
  return [
    `Your ${APP_NAME} data, exported ${now.toISOString()} for ${data.account.username}.`,
    '',
    'your-data.json holds everything below in one file; each .csv holds one list for a spreadsheet.',
    // Every claim here is checked against the files (tests/routes/email-change-and-data.test.ts).
    `  account     your account (never your password, your Google account's id, or Stripe's customer and subscription ids)`,
    `  sessions    ${data.sessions.length} signed-in browsers`,
    `  songs       ${data.songCount} songs, with their splits (splits.csv) and registrations`,
    `  certificates  ${data.certificateCount} registrations and the records they anchored`,
    `  invitations ${data.invitationsSent.length} sent to your co-writers, ${data.invitationsAnswered.length} answered by you`,
    // A payment's Stripe id is the user's own: it is what their receipt and their bank name it by.
    `  payments    ${data.payments.length}, each with its Stripe payment id (pi_...), the one your receipt names`,
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

/** The rate limit counted, then the account's lists read; the songs wait for the download. */
export async function prepareAccountData(
  database: Kysely<Database>,
  user: User,
  currentSid: string | null,
) {
  const limited = await hit(downloadLimit(user.id))
  if (!limited.allowed) return { ok: false as const, limited }
  const now = new Date()
  const lists = await gatherAccountLists(database, user, currentSid)
  return { ok: true as const, lists, now, fileName: accountDataFileName(user, now) }
}

/**
 * The download's bytes, made as they are read: `songPages` reads the songs afresh for each file
 * that lists them, `deflate` compresses each piece off the event loop (the route gives the
 * document pool's, through the download's ticket).
 */
export function accountDataZip(
  prepared: { lists: AccountLists; now: Date },
  songPages: Pages<SongView>,
  deflate: DeflatePiece,
) {
  return zipStream(accountDataFiles(prepared.lists, songPages, prepared.now), {
    modified: prepared.now,
    deflate,
  })
}
