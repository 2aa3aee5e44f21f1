import { sql, type Transaction } from 'kysely'
import type { Database } from '#db/schema'
import type { AnchorResult, ChainAdapter } from '~/chain/types'
import { type Executor, inTransaction } from '../platform/db.server'
import type { BlockchainData } from '../certificates/record/blockchain-data.server'
import { chainNetwork } from './registration-target.server'

// How a pending registration ends, whether registering finishes it or reconciliation does later:
// confirmed, with its paid credit spent; or failed, with what paid for it given back.

/** The last step, in one transaction: the confirmed registration and the song's storage id. */
export async function finish(
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
export async function failRegistration(
  database: Executor,
  registrationId: number,
  data: BlockchainData,
  reason: string,
) {
  await inTransaction(database, (trx) => failPending(trx, registrationId, data, reason))
}

export async function failPending(
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
