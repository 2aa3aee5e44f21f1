import { getChain } from '~/chain/index.server'
import type { AnchorResult, ChainAdapter } from '~/chain/types'
import { sha256Hex } from '~/lib/digest.server'
import { getStorage } from '~/storage/index.server'
import type { StorageAdapter } from '~/storage/types'
import { db, type Executor } from '../platform/db.server'
import {
  type BlockchainData,
  readBlockchainData,
} from '../certificates/record/blockchain-data.server'
import { queueManifestTimestamp } from '../certificates/record/snapshot-timestamps.server'
import { failPending, finish } from './registration-finish.server'
import { chainNetwork } from './registration-target.server'

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
