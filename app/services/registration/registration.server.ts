import { sql, type Transaction } from 'kysely'
import type { Database } from '#db/schema'
import { getChain } from '~/chain/index.server'
import type { AnchorResult, ChainAdapter } from '~/chain/types'
import {
  isNetwork,
  type Network,
  registrationNetwork,
  registrationStorage,
  type StorageKind,
} from '~/lib/registration-network'
import {
  TOTALS_MESSAGE,
  totalsAreComplete,
  type ContributionValues,
  type PercentField,
} from '~/lib/song-constants'
import { registrationLockMessage } from '~/lib/song-lock'
import { getStorage } from '~/storage/index.server'
import type { StorageAdapter } from '~/storage/types'
import { db, type Executor, inTransaction } from '../platform/db.server'
import {
  type BlockchainData,
  buildManifest,
  ensureTextSalts,
  manifestTags,
  memoText,
  readBlockchainData,
} from '../certificates/manifest.server'
import { canonicalJson, sha256Hex } from '~/lib/digest.server'
import { queueManifestTimestamp } from '../certificates/snapshot-timestamps.server'
import { getOwnedSong } from '../songs/songs.server'
import { disputeBlocker, splitStatuses } from '../co-writers/split-statuses.server'
import { isSuccessorConflict, successorMessage, successorOf } from '../songs/versions.server'

export const EMAIL_VERIFICATION_REQUIRED =
  'Email verification required for free blockchain registrations'
export const REGISTRATION_FAILED = 'Failed to register on blockchain'
export const CONFIRM_REQUIRED = 'Please confirm the permanent registration first.'
/** Registration refuses a split that is not whole; the edit page is where it gets fixed. */
export const SPLITS_NOT_WHOLE = `${TOTALS_MESSAGE} Correct the song’s splits on its edit page before registering it.`

export type RegistrationOutcome =
  | {
      ok: true
      transactionSignature: string
      explorerUrl: string
      storageId: string
      storageUrl: string
      network: Network
    }
  | {
      ok: false
      status: number
      message: string
      requiresEmailVerification?: boolean
      requiresPayment?: boolean
      pending?: boolean
      editUrl?: string
    }

type FailureExtra = {
  requiresEmailVerification?: boolean
  requiresPayment?: boolean
  pending?: boolean
  editUrl?: string
}
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

const fail = (status: number, message: string, extra: FailureExtra = {}) =>
  ({ ok: false, status, message, ...extra }) as const

/** Where a registration goes, as its row records it (decision 019). */
export interface RegistrationTarget {
  network: Network
  storageKind: StorageKind
  storageGateway: string | null
}

/** The network a chain adapter anchors on: the embedded ledger is never called a Solana cluster. */
export function chainNetwork(chain: ChainAdapter): Network {
  if (chain.kind === 'local') return 'local-ledger'
  if (isNetwork(chain.cluster) && chain.cluster !== 'local-ledger') return chain.cluster
  throw new Error(`Unknown Solana cluster: ${chain.cluster}`)
}

/** The storage an adapter writes to; for Arweave, the gateway its links go through. */
export function storageTarget(
  storage: StorageAdapter,
): Pick<RegistrationTarget, 'storageKind' | 'storageGateway'> {
  if (storage.kind === 'local') return { storageKind: 'local-store', storageGateway: null }
  const probe = 'x'.repeat(43)
  const url = storage.url(probe)
  return {
    storageKind: 'arweave',
    storageGateway: (url.endsWith(`/${probe}`)
      ? url.slice(0, -(probe.length + 1))
      : new URL(url).origin
    ).slice(0, 255),
  }
}

export function registrationTarget(
  chain: ChainAdapter,
  storage: StorageAdapter,
): RegistrationTarget {
  return { network: chainNetwork(chain), ...storageTarget(storage) }
}

/** This server's destination in words: the start-up log line and the admin panel. */
export function currentTarget(parts: RegistrationParts = {}) {
  const target = registrationTarget(parts.chain ?? getChain(), parts.storage ?? getStorage())
  return {
    ...target,
    networkFacts: registrationNetwork(target),
    storageFacts: registrationStorage(target),
  }
}

/** Where a registration made now would go, in words: the register page and the admin panel. */
export function destinationFacts(parts: RegistrationParts = {}) {
  const { networkFacts, storageFacts } = currentTarget(parts)
  return {
    network: networkFacts.label,
    storage: storageFacts.label,
    notes: [networkFacts.permanenceNote, storageFacts.permanenceNote].filter(
      (note) => note !== null,
    ),
  }
}
export type Destination = ReturnType<typeof destinationFacts>

export function targetLogLine(target: ReturnType<typeof currentTarget>, isProduction: boolean) {
  const { networkFacts: network, storageFacts: storage } = target
  const notes = [network.permanenceNote, storage.permanenceNote].filter((note) => note !== null)
  const warn = isProduction && (!network.isPublic || network.isTest || !storage.isPermanent)
  return {
    warn,
    line: `[registration] ${isProduction ? 'production ' : ''}registrations go to: ${network.label}; storage: ${storage.label}.${notes.length > 0 ? ` ${notes.join(' ')}` : ''}`,
  }
}

/**
 * A split is whole when every component totals 100 % — exactly the edit path's rule
 * (totalsAreComplete). Songs get a row for every visible component when created, so an empty
 * split only comes from rows written outside the app, and the rule has nothing to refuse there.
 */
export function splitIsWhole(rows: Pick<ContributionValues, PercentField>[]) {
  return totalsAreComplete(rows)
}

/** Why a song cannot be registered as it stands, for the page to show before anything is claimed. */
export function registrationBlocker(song: {
  id: number
  contributions: Pick<ContributionValues, PercentField>[]
}) {
  return splitIsWhole(song.contributions)
    ? null
    : { message: SPLITS_NOT_WHOLE, editUrl: `/edit/${song.id}` }
}

function yearMonth(now = new Date()) {
  return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 }
}

async function monthlyLimit(database: Executor, tier: string) {
  const plan = await database
    .selectFrom('subscriptionPlans')
    .select('monthlyRegistrations')
    .where((eb) => eb.or([eb('name', '=', tier), eb('name', '=', 'free')]))
    .where('active', '=', true)
    .orderBy(sql`name = ${tier}`, 'desc')
    .executeTakeFirst()
  return plan?.monthlyRegistrations ?? 0
}

/**
 * SPEC §3 usage stats, and the paid registrations waiting to be used, in one statement: the plan's
 * limit (the user's tier, else the free plan), this month's usage and the unused credits are
 * subqueries of the user's row. remainingFree -1 means unlimited.
 */
export async function usageStats(database: Executor, userId: string, now = new Date()) {
  const { year, month } = yearMonth(now)
  const row = await database
    .selectFrom('users as u')
    .select((eb) => [
      'u.subscriptionTier',
      'u.emailVerified',
      eb
        .selectFrom('subscriptionPlans as p')
        .select('p.monthlyRegistrations')
        .where((plan) =>
          plan.or([
            plan('p.name', '=', plan.ref('u.subscriptionTier')),
            plan('p.name', '=', 'free'),
          ]),
        )
        .where('p.active', '=', true)
        .orderBy((plan) => plan('p.name', '=', plan.ref('u.subscriptionTier')), 'desc')
        .limit(1)
        .as('monthlyLimit'),
      eb
        .selectFrom('monthlyUsage as m')
        .select('m.registrationsUsed')
        .whereRef('m.userId', '=', 'u.id')
        .where('m.year', '=', year)
        .where('m.month', '=', month)
        .as('used'),
      eb
        .selectFrom('paymentHistory as ph')
        .select((count) => count.fn.countAll<number>().as('n'))
        .whereRef('ph.userId', '=', 'u.id')
        .where('ph.status', '=', 'succeeded')
        .where('ph.registrationId', 'is', null)
        .where('ph.consumedAt', 'is', null)
        .as('openCredits'),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow()
  const limit = row.monthlyLimit ?? 0
  const used = row.used ?? 0
  return {
    subscriptionTier: row.subscriptionTier,
    currentMonthUsage: used,
    monthlyLimit: limit,
    remainingFree: limit === -1 ? -1 : Math.max(0, limit - used),
    emailVerified: row.emailVerified,
    openCredits: Number(row.openCredits ?? 0),
  }
}

export type UsageStats = Awaited<ReturnType<typeof usageStats>>

export async function canRegisterForFree(database: Executor, userId: string) {
  const stats = await usageStats(database, userId)
  return stats.emailVerified && (stats.remainingFree === -1 || stats.remainingFree > 0)
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
async function claim(
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
      .select(['contributorPercent', 'coContributorPercent', 'coContributor2Percent', 'aiPercent'])
      .where('songId', '=', songId)
      .execute()
    const rows = split.map((row) => ({
      contributorPercent: Number(row.contributorPercent),
      coContributorPercent: Number(row.coContributorPercent),
      coContributor2Percent: Number(row.coContributor2Percent),
      aiPercent: Number(row.aiPercent),
    }))
    if (!splitIsWhole(rows)) return fail(422, SPLITS_NOT_WHOLE, { editUrl: `/edit/${songId}` })
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

async function saveProgress(
  database: Executor,
  registrationId: number,
  data: BlockchainData,
  columns: { transactionSignature?: string; walletAddress?: string } = {},
) {
  await database
    .updateTable('blockchainRegistrations')
    .set({ ...columns, blockchainData: JSON.stringify(data), updatedAt: new Date() })
    .where('id', '=', registrationId)
    .execute()
}

/** The last step, in one transaction: the confirmed registration and the song's storage id. */
async function finish(
  trx: Transaction<Database>,
  registrationId: number,
  songId: number,
  data: BlockchainData,
  result: AnchorResult,
  chain: ChainAdapter,
) {
  const final: BlockchainData = {
    ...data,
    stage: 'confirmed',
    slot: result.slot,
    feeLamports: result.feeLamports,
    logs: result.logs,
    signedTransaction: result.transaction,
    explorerUrl: chain.explorerUrl(result.signature),
  }
  await trx
    .updateTable('blockchainRegistrations')
    .set({
      status: 'confirmed',
      transactionSignature: result.signature,
      walletAddress: chain.sponsorAddress(),
      blockTime: result.blockTime,
      confirmationStatus: result.confirmationStatus,
      blockchainData: JSON.stringify(final),
      network: chainNetwork(chain),
      updatedAt: new Date(),
    })
    .where('id', '=', registrationId)
    .execute()
  const song = await trx
    .updateTable('songs')
    .set({ arweaveId: data.storageId ?? null })
    .where('id', '=', songId)
    .returning('certificateId')
    .executeTakeFirstOrThrow()
  // The record audit's row, never checked yet: the audit claims from that table's index alone
  // (decision 069), so it must hold every confirmed registration.
  await trx
    .insertInto('recordAudits')
    .values({ registrationId, certificateId: song.certificateId, ok: false })
    .onConflict((oc) => oc.column('registrationId').doNothing())
    .execute()
  // A paid credit is spent only here, together with the confirmed registration.
  if (data.payment?.mode === 'paid') {
    await trx
      .updateTable('paymentHistory')
      .set({ consumedAt: new Date() })
      .where('id', '=', data.payment.paymentId)
      .where('registrationId', '=', registrationId)
      .where('consumedAt', 'is', null)
      .execute()
  }
  return final
}

/** A failed registration consumes nothing: its free unit or paid credit goes back, and a retry may claim again. */
async function failRegistration(
  database: Executor,
  registrationId: number,
  data: BlockchainData,
  reason: string,
) {
  await inTransaction(database, (trx) => failPending(trx, registrationId, data, reason))
}

async function failPending(
  trx: Transaction<Database>,
  registrationId: number,
  data: BlockchainData,
  reason: string,
) {
  const updated = await trx
    .updateTable('blockchainRegistrations')
    .set({
      status: 'failed',
      blockchainData: JSON.stringify({ ...data, stage: 'failed', error: reason.slice(0, 500) }),
      updatedAt: new Date(),
    })
    .where('id', '=', registrationId)
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst()
  const payment = data.payment
  if (!updated || !payment) return
  if (payment.mode === 'paid') {
    await trx
      .updateTable('paymentHistory')
      .set({ registrationId: null })
      .where('id', '=', payment.paymentId)
      .where('registrationId', '=', registrationId)
      .where('consumedAt', 'is', null)
      .execute()
    return
  }
  const owner = await trx
    .selectFrom('blockchainRegistrations as r')
    .innerJoin('songs as s', 's.id', 'r.songId')
    .select('s.userId')
    .where('r.id', '=', registrationId)
    .executeTakeFirstOrThrow()
  await trx
    .updateTable('monthlyUsage')
    .set({ registrationsUsed: sql`greatest(registrations_used - 1, 0)`, updatedAt: new Date() })
    .where('userId', '=', owner.userId)
    .where('year', '=', payment.year)
    .where('month', '=', payment.month)
    .execute()
}

export interface RegistrationParts {
  chain?: ChainAdapter
  storage?: StorageAdapter
}

/**
 * Registers a song: store the manifest, anchor its hash in a memo, then record it all in one
 * transaction. The signed transaction's signature is saved before it is sent, so a crash can
 * be reconciled by looking it up; nothing is ever anchored twice.
 */
export async function registerSong(
  userId: string,
  songId: number,
  options: { confirmed: boolean },
  parts: RegistrationParts = {},
): Promise<RegistrationOutcome> {
  if (!options.confirmed) return fail(400, CONFIRM_REQUIRED)
  const chain = parts.chain ?? getChain()
  const storage = parts.storage ?? getStorage()
  const target = registrationTarget(chain, storage)
  const claimed = await claim(db(), userId, songId, target).catch(async (error: unknown) => {
    // Two versions of one certificate claimed at once: the database let only one through.
    if (!isSuccessorConflict(error)) throw error
    const song = await getOwnedSong(db(), userId, songId)
    const successor = song?.supersedesSongId ? await successorOf(db(), song.supersedesSongId) : null
    return fail(409, successorMessage(successor?.certificateId ?? null))
  })
  if ('ok' in claimed) return claimed
  let data = claimed.data
  try {
    const song = await getOwnedSong(db(), userId, songId)
    if (!song) throw new Error('Song disappeared during registration')
    const manifest = buildManifest(
      song,
      await ensureTextSalts(db(), songId),
      new Date(),
      await splitStatuses(db(), song),
    )
    const manifestJson = canonicalJson(manifest)
    const manifestSha256 = sha256Hex(manifestJson)
    const stored = await storage.put(
      new TextEncoder().encode(manifestJson),
      manifestTags(song.certificateId, manifestSha256),
    )
    data = {
      ...data,
      stage: 'stored',
      manifestSha256,
      storageId: stored.id,
      storageUrl: stored.url,
      // What the certificate shows as confirmed: the record's word, not later database state.
      confirmations: manifest.confirmations.map(
        ({ role, creditedName, creditedLatinName, confirmedAt, pro, ipi }) => ({
          role,
          creditedName,
          creditedLatinName,
          confirmedAt,
          pro,
          ipi,
        }),
      ),
    }
    await saveProgress(db(), claimed.registrationId, data)

    const memo = memoText(song.certificateId, manifestSha256, stored.id)
    const prepared = await chain.prepareMemo(memo)
    data = {
      ...data,
      stage: 'signed',
      memo,
      signedTransaction: prepared.transaction,
      lastValidBlockHeight: prepared.lastValidBlockHeight,
    }
    await saveProgress(db(), claimed.registrationId, data, {
      transactionSignature: prepared.signature,
      walletAddress: chain.sponsorAddress(),
    })

    let result: AnchorResult
    try {
      result = await chain.submit(prepared)
    } catch (error) {
      // The answer may be lost while the transaction landed: look before deciding.
      const landed = await chain.lookup(prepared.signature).catch(() => null)
      if (landed && !landed.err && landed.slot > 0) {
        result = {
          signature: landed.signature,
          slot: landed.slot,
          blockTime: landed.blockTime,
          feeLamports: landed.feeLamports ?? 0,
          confirmationStatus: landed.confirmationStatus ?? 'confirmed',
          logs: landed.logs,
          transaction: landed.transaction ?? prepared.transaction,
        }
      } else if (!landed && !(await chain.hasExpired(prepared).catch(() => false))) {
        return fail(
          202,
          'Your registration was sent and is waiting for confirmation. Check back in a minute.',
          { pending: true },
        )
      } else {
        throw error
      }
    }
    const final = await db()
      .transaction()
      .execute(async (trx) => {
        const finished = await finish(trx, claimed.registrationId, songId, data, result, chain)
        // The registered snapshot is the manifest as stored and anchored, byte for byte.
        await queueManifestTimestamp(trx, songId, 'registered', manifestJson)
        return finished
      })
    return {
      ok: true,
      transactionSignature: result.signature,
      explorerUrl: final.explorerUrl ?? chain.explorerUrl(result.signature),
      storageId: stored.id,
      storageUrl: stored.url,
      network: target.network,
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    console.warn(`[registration] song ${songId} failed: ${reason}`)
    await failRegistration(db(), claimed.registrationId, data, reason)
    return fail(502, REGISTRATION_FAILED)
  }
}

/**
 * A registration finished by reconciliation queues its snapshot's timestamp from the manifest
 * read back from storage, only when its bytes are the ones the memo anchored.
 */
async function queueStoredManifest(
  trx: Executor,
  songId: number,
  data: BlockchainData,
  storage: StorageAdapter,
) {
  const stored = data.storageId ? await storage.get(data.storageId).catch(() => null) : null
  if (!stored || sha256Hex(stored.data) !== data.manifestSha256) {
    console.warn(
      `[timestamp] song ${songId}: registered manifest not readable; no timestamp queued`,
    )
    return
  }
  await queueManifestTimestamp(trx, songId, 'registered', new TextDecoder().decode(stored.data))
}

/**
 * Finishes or fails registrations left pending by a crash: a signed transaction is looked up
 * on chain (landed → confirmed; expired and absent → failed, nothing consumed); a claim that
 * never got as far as signing is failed. Runs at start-up and via `npm run reconcile`.
 */
export async function reconcilePending({
  olderThanMs = 60_000,
  chain = getChain(),
  storage = getStorage(),
}: { olderThanMs?: number; chain?: ChainAdapter; storage?: StorageAdapter } = {}) {
  // A row signed for another network cannot be looked up on this one: it waits for a server that
  // runs on its network, rather than being failed (and its unit given back) while it may land.
  const network = chainNetwork(chain)
  const idleSince = () => new Date(Date.now() - olderThanMs)
  const stuck = await db()
    .selectFrom('blockchainRegistrations')
    .select('id')
    .where('status', '=', 'pending')
    .where('updatedAt', '<', idleSince())
    .orderBy('id')
    .execute()
  const outcome = { confirmed: 0, failed: 0, waiting: 0 }
  for (const { id } of stuck) {
    // Each row is claimed before it is finished: several servers reconciling at once (every one
    // does at start-up) skip a row another holds, and one that was finished meanwhile is no longer
    // pending. The lock is held across the chain lookup, which only reads.
    const result = await db()
      .transaction()
      .execute(async (trx): Promise<keyof typeof outcome | 'skipped'> => {
        const row = await trx
          .selectFrom('blockchainRegistrations')
          .select(['id', 'songId', 'transactionSignature', 'blockchainData', 'network'])
          .where('id', '=', id)
          .where('status', '=', 'pending')
          .where('updatedAt', '<', idleSince())
          .forUpdate()
          .skipLocked()
          .executeTakeFirst()
        if (!row) return 'skipped'
        const data = readBlockchainData(row.blockchainData)
        if (
          row.transactionSignature &&
          data.stage === 'signed' &&
          row.network !== null &&
          row.network !== network
        )
          return 'waiting'
        if (!row.transactionSignature || data.stage !== 'signed') {
          await failPending(trx, row.id, data, 'Interrupted before the transaction was signed')
          return 'failed'
        }
        const landed = await chain.lookup(row.transactionSignature)
        if (landed && !landed.err) {
          const result: AnchorResult = {
            signature: landed.signature,
            slot: landed.slot,
            blockTime: landed.blockTime,
            feeLamports: landed.feeLamports ?? 0,
            confirmationStatus: landed.confirmationStatus ?? 'confirmed',
            logs: landed.logs,
            transaction: landed.transaction ?? data.signedTransaction ?? '',
          }
          await finish(trx, row.id, row.songId, data, result, chain)
          await queueStoredManifest(trx, row.songId, data, storage)
          return 'confirmed'
        }
        if (
          landed?.err ||
          (await chain.hasExpired({ lastValidBlockHeight: data.lastValidBlockHeight ?? null }))
        ) {
          await failPending(
            trx,
            row.id,
            data,
            landed?.err ?? 'The transaction never landed and has expired',
          )
          return 'failed'
        }
        return 'waiting'
      })
    if (result !== 'skipped') outcome[result]++
  }
  return outcome
}

export async function registrationsForSong(database: Executor, userId: string, songId: number) {
  return database
    .selectFrom('blockchainRegistrations as r')
    .innerJoin('songs as s', 's.id', 'r.songId')
    .select([
      'r.transactionSignature',
      'r.walletAddress',
      'r.registrationFee',
      'r.createdAt',
      'r.blockTime',
      'r.status',
      'r.blockchainData',
      'r.network',
      'r.storageKind',
      'r.storageGateway',
    ])
    .where('r.songId', '=', songId)
    .where('s.userId', '=', userId)
    .where('r.status', '=', 'confirmed')
    .execute()
}
