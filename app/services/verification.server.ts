import type { ChainAdapter } from '~/chain/types'
import type { StorageAdapter } from '~/storage/types'
import { canonicalJson, parseMemo, sha256Hex } from './manifest.server'

export interface Check {
  name: string
  ok: boolean
  detail: string
}

/**
 * Re-derives a certificate's proof from public sources only: the chain transaction (by its
 * signature) and the stored manifest (by the id the memo names). Nothing here reads our
 * database, so a tampered row, file or transaction shows up as a failed check.
 */
export async function verifyCertificate(certificateId: string, signature: string, parts: { chain: ChainAdapter; storage: StorageAdapter; verifySignature?: (transaction: string) => boolean }) {
  const checks: Check[] = []
  const add = (name: string, ok: boolean, detail: string) => {
    checks.push({ name, ok, detail })
    return ok
  }
  const result = () => ({ certificateId, signature, ok: checks.length > 0 && checks.every((c) => c.ok), checks })

  const tx = await parts.chain.lookup(signature).catch(() => null)
  if (!add('Transaction found on chain', Boolean(tx && !tx.err), tx ? (tx.err ? `Failed on chain: ${tx.err}` : `Slot ${tx.slot}, ${tx.confirmationStatus ?? 'unknown'} on ${parts.chain.cluster}`) : 'No such transaction')) return result()
  if (parts.verifySignature && tx?.transaction) add('Signed by the sponsor', parts.verifySignature(tx.transaction), 'The ed25519 signature over the transaction message re-checks')

  const memo = parseMemo(tx?.memo ?? null)
  if (!add('Memo is a ProofTrack v1 record', memo !== null, tx?.memo ?? 'No memo')) return result()
  add('Memo names this certificate', memo!.certificateId === certificateId, `Memo: ${memo!.certificateId}`)

  const stored = await parts.storage.get(memo!.storageId).catch(() => null)
  if (!add('Manifest retrieved from permanent storage', stored !== null, stored ? `${parts.storage.kind} id ${memo!.storageId}` : `Nothing stored under ${memo!.storageId}`)) return result()

  const raw = new TextDecoder().decode(stored!.data)
  let manifest: unknown = null
  try {
    manifest = JSON.parse(raw)
  } catch {
    manifest = null
  }
  const canonical = manifest === null ? null : canonicalJson(manifest)
  const hash = canonical === null ? null : sha256Hex(canonical)
  add('Manifest hash matches the memo', hash === memo!.sha256 && sha256Hex(raw) === memo!.sha256, hash ? `sha256 ${hash}` : 'The stored copy is not valid JSON')
  const manifestId = typeof manifest === 'object' && manifest !== null && 'certificateId' in manifest ? String(manifest.certificateId) : null
  add('Manifest names this certificate', manifestId === certificateId, `Manifest: ${manifestId ?? 'none'}`)
  add(
    'Storage tags agree',
    stored!.tags['Certificate-Id'] === certificateId && stored!.tags['Content-SHA256'] === memo!.sha256,
    `Certificate-Id ${stored!.tags['Certificate-Id'] ?? '—'}, Content-SHA256 ${stored!.tags['Content-SHA256']?.slice(0, 16) ?? '—'}…`,
  )
  return { ...result(), manifest, explorerUrl: parts.chain.explorerUrl(signature), storageUrl: parts.storage.url(memo!.storageId) }
}

/** The public facts needed to start a verification: the certificate's confirmed transaction. */
export async function findRegistrationSignature(database: import('kysely').Kysely<import('#db/schema').Database>, certificateId: string) {
  const row = await database
    .selectFrom('songs as s')
    .innerJoin('blockchainRegistrations as r', 'r.songId', 's.id')
    .select(['r.transactionSignature', 's.id as songId'])
    .where('s.certificateId', '=', certificateId)
    .where('r.status', '=', 'confirmed')
    .executeTakeFirst()
  return row?.transactionSignature ? { signature: row.transactionSignature, songId: row.songId } : null
}
