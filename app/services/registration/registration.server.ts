import type { BlockchainData } from '../certificates/record/blockchain-data.server'
import { getChain } from '~/chain/index.server'
import type { AnchorResult } from '~/chain/types'
import { canonicalJson, sha256Hex } from '~/lib/digest.server'
import { getStorage } from '~/storage/index.server'
import { db, type Executor } from '../platform/db.server'
import {
  buildManifest,
  ensureTextSalts,
  manifestTags,
  memoText,
} from '../certificates/record/manifest.server'
import { queueManifestTimestamp } from '../certificates/record/snapshot-timestamps.server'
import { getOwnedSong } from '../songs/songs.server'
import { splitStatuses } from '../co-writers/split-statuses.server'
import { isSuccessorConflict, successorMessage, successorOf } from '../songs/versions.server'
import { claim } from './registration-claim.server'
import { failRegistration, finish } from './registration-finish.server'
import { fail, type RegistrationOutcome } from './registration-outcome.server'
import { type RegistrationParts, registrationTarget } from './registration-target.server'

export const REGISTRATION_FAILED = 'Failed to register on blockchain'
// Neutral about permanence (issue 52.17): the box beside it says what this server's record is,
// and on a development ledger that is "not permanent public proof".
export const CONFIRM_REQUIRED = 'Tick the box above to confirm that you want to register this song.'

// Each stage is saved before the next one starts, so a crash is reconciled from where it stopped.
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
  const claimed = await claimRegistration(userId, songId, options, parts)
  return 'ok' in claimed ? claimed : completeRegistration(claimed)
}

/**
 * The registration's first step, in one transaction: the song claimed, its quota or payment
 * spent, a pending registration recorded (what the page shows as "queued"). A refusal is the
 * outcome; otherwise completeRegistration does the rest. The page without JavaScript runs that
 * after its answer, so it can show each step as it is saved (decision 116).
 */
export async function claimRegistration(
  userId: string,
  songId: number,
  options: { confirmed: boolean },
  parts: RegistrationParts = {},
) {
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
  return { userId, songId, chain, storage, target, claimed }
}

/** Stores the manifest, anchors it and records the result (a claimed registration's rest). */
export async function completeRegistration({
  userId,
  songId,
  chain,
  storage,
  target,
  claimed,
}: Exclude<
  Awaited<ReturnType<typeof claimRegistration>>,
  { ok: false }
>): Promise<RegistrationOutcome> {
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
