import { sql } from 'kysely'
import { totalsAreComplete, type ContributionValues, type PercentField } from '~/lib/song-constants'
import { splitTotalsRefusal } from '~/lib/split-totals'
import { registrationLockMessage } from '~/lib/song-lock'
import { type Executor, inTransaction } from '../platform/db.server'
import type { BlockchainData } from '../certificates/record/blockchain-data.server'
import { disputeBlocker, splitStatuses } from '../co-writers/split-statuses.server'
import { successorMessage, successorOf } from '../songs/versions.server'
import { fail } from './registration-outcome.server'
import type { RegistrationTarget } from './registration-target.server'
import { monthlyLimit, yearMonth } from './registration-usage.server'

export const EMAIL_VERIFICATION_REQUIRED =
  'Email verification required for free blockchain registrations'
type SplitRow = Pick<ContributionValues, 'component' | PercentField>

/**
 * Registration refuses a split that is not whole, naming each component that is off and its
 * total as the edit form does (issue 52.5); the edit page is where it gets fixed.
 */
export const splitsNotWhole = (rows: readonly SplitRow[]) =>
  `${splitTotalsRefusal(rows)} Correct the song’s splits on its edit page before registering it.`

const CONTRIBUTOR_COLUMNS = [
  'contributorName',
  'coContributorName',
  'coContributorName2',
  'contributorLatinName',
  'coContributorLatinName',
  'coContributor2LatinName',
  'mainContributorPro',
  'coContributorPro',
  'coContributor2Pro',
  'mainContributorProNumber',
  'coContributorProNumber',
  'coContributor2ProNumber',
] as const

/**
 * A split is whole when every component totals 100 % — exactly the edit path's rule
 * (totalsAreComplete). Songs get a row for every visible component when created, so an empty
 * split only comes from rows written outside the app, and the rule has nothing to refuse there.
 */
export function splitIsWhole(rows: Pick<ContributionValues, PercentField>[]) {
  return totalsAreComplete(rows)
}

/** Why a song cannot be registered as it stands, for the page to show before anything is claimed. */
export function registrationBlocker(song: { id: number; contributions: SplitRow[] }) {
  return splitIsWhole(song.contributions)
    ? null
    : { message: splitsNotWhole(song.contributions), editUrl: `/edit/${song.id}` }
}

interface Claim {
  registrationId: number
  data: BlockchainData
}

/**
 * The claim, in one transaction: the song row is locked (an edit waits, or sees the claim), a
 * pending registration row takes the song (song_id is unique), and what pays for it is reserved:
 * the month's free unit by a conditional increment under the usage row's lock, or else a paid
 * credit (a succeeded, unused payment) by its locked row pointing at this registration.
 * Concurrent requests: one claim, one unit or one credit. The free unit goes first, so a paid
 * credit is never spent while a free registration is there to use.
 */
export async function claim(
  database: Executor,
  userId: string,
  songId: number,
  target: RegistrationTarget,
): Promise<Claim | ReturnType<typeof fail>> {
  return inTransaction(database, async (trx) => {
    const song = await trx
      .selectFrom('songs')
      .select(['id', 'supersedesSongId', ...CONTRIBUTOR_COLUMNS])
      .where('id', '=', songId)
      .where('userId', '=', userId)
      .forUpdate()
      .executeTakeFirst()
    if (!song) return fail(404, 'Song not found')
    const existing = await trx
      .selectFrom('blockchainRegistrations')
      .select(['id', 'status'])
      .where('songId', '=', songId)
      .executeTakeFirst()
    const locked = registrationLockMessage(existing)
    if (locked) return fail(409, locked)
    // Nothing becomes permanent with a split that is not whole; the lock keeps an edit out meanwhile.
    const split = await trx
      .selectFrom('creativeContributions')
      .select([
        'component',
        'contributorPercent',
        'coContributorPercent',
        'coContributor2Percent',
        'aiPercent',
      ])
      .where('songId', '=', songId)
      .execute()
    const rows = split.map((row) => ({
      component: row.component,
      contributorPercent: Number(row.contributorPercent),
      coContributorPercent: Number(row.coContributorPercent),
      coContributor2Percent: Number(row.coContributor2Percent),
      aiPercent: Number(row.aiPercent),
    }))
    if (!splitIsWhole(rows)) return fail(422, splitsNotWhole(rows), { editUrl: `/edit/${songId}` })
    // A disputed share blocks until the owner edits the split (which voids and re-invites, issue 13).
    const disputed = disputeBlocker(await splitStatuses(trx, song))
    if (disputed) return fail(422, disputed, { editUrl: `/edit/${songId}` })
    // A clear answer in the common case; the partial unique index decides a race (issue 14).
    if (song.supersedesSongId !== null) {
      const successor = await successorOf(trx, song.supersedesSongId)
      if (successor) return fail(409, successorMessage(successor.certificateId))
    }

    const user = await trx
      .selectFrom('users')
      .select(['emailVerified', 'subscriptionTier'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    const limit = await monthlyLimit(trx, user.subscriptionTier)
    const { year, month } = yearMonth()
    await trx
      .insertInto('monthlyUsage')
      .values({ userId, year, month, registrationsUsed: 0, updatedAt: new Date() })
      .onConflict((oc) => oc.columns(['userId', 'year', 'month']).doNothing())
      .execute()
    const usage = await trx
      .selectFrom('monthlyUsage')
      .select('registrationsUsed')
      .where('userId', '=', userId)
      .where('year', '=', year)
      .where('month', '=', month)
      .forUpdate()
      .executeTakeFirstOrThrow()
    const freeLeft = limit === -1 || usage.registrationsUsed < limit

    let payment: NonNullable<BlockchainData['payment']>
    if (freeLeft && user.emailVerified) {
      await trx
        .updateTable('monthlyUsage')
        .set({ registrationsUsed: sql`registrations_used + 1`, updatedAt: new Date() })
        .where('userId', '=', userId)
        .where('year', '=', year)
        .where('month', '=', month)
        .execute()
      payment = { mode: 'free', year, month }
    } else {
      // A credit bought for this song first, else any other unused one of this user's.
      const credit = await trx
        .selectFrom('paymentHistory')
        .select('id')
        .where('userId', '=', userId)
        .where('status', '=', 'succeeded')
        .where('registrationId', 'is', null)
        .where('consumedAt', 'is', null)
        .orderBy(sql`case when song_id = ${songId} then 0 else 1 end`)
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .executeTakeFirst()
      if (credit) payment = { mode: 'paid', paymentId: credit.id }
      else if (freeLeft)
        return fail(403, EMAIL_VERIFICATION_REQUIRED, { requiresEmailVerification: true })
      else
        return fail(
          402,
          'You have used this month’s free registration. Pay $1.99 to register this song.',
          { requiresPayment: true },
        )
    }

    const data: BlockchainData = { stage: 'claimed', payment }
    let registrationId: number
    if (existing) {
      await trx
        .updateTable('blockchainRegistrations')
        .set({
          status: 'pending',
          transactionSignature: null,
          walletAddress: null,
          blockTime: null,
          confirmationStatus: null,
          blockchainData: JSON.stringify(data),
          ...target,
          supersedesSongId: song.supersedesSongId,
          updatedAt: new Date(),
        })
        .where('id', '=', existing.id)
        .execute()
      registrationId = existing.id
    } else {
      const row = await trx
        .insertInto('blockchainRegistrations')
        .values({
          songId,
          status: 'pending',
          blockchainData: JSON.stringify(data),
          ...target,
          supersedesSongId: song.supersedesSongId,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      registrationId = row.id
    }
    if (payment.mode === 'paid') {
      const held = await trx
        .updateTable('paymentHistory')
        .set({ registrationId })
        .where('id', '=', payment.paymentId)
        .where('registrationId', 'is', null)
        .where('consumedAt', 'is', null)
        .executeTakeFirst()
      // The row is locked above, so this cannot miss; if it ever did, nothing may be half-claimed.
      if (held.numUpdatedRows !== 1n)
        throw new Error(`Payment ${payment.paymentId} could not be reserved`)
    }
    return { registrationId, data }
  })
}
