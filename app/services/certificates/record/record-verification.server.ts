import { transactionFeePayer } from '~/chain/index.server'
import type { ChainAdapter, ChainTransaction } from '~/chain/types'
import { registrationNetwork } from '~/lib/registration-network'
import type { StorageAdapter } from '~/storage/types'
import type { Supersedes } from '~/lib/manifest-schema'
import {
  type PublishedText,
  parseMemo,
  type PublishedRecording,
  publishedRecordings,
  publishedSupersedes,
  publishedTexts,
  readManifest,
} from './manifest.server'
import { canonicalJson, sha256Hex } from '~/lib/digest.server'
import {
  type CoWriters,
  coWritersOf,
  publishedAiDisclosure,
  publishedAiDisclosureSource,
} from './published-co-writers.server'
import type { AiDisclosure, DisclosureSource } from './ai-disclosure'

// One record's proof, re-derived from public sources only, step by step with its evidence: what
// `/verify/<id>`, `npm run verify` and the record audit all run.

export interface Check {
  name: string
  ok: boolean
  detail: string
}

/** One fact a step rests on, as the page and the command line show it. */
export interface Evidence {
  label: string
  value: string
  /** mono: an identifier or a hash; block: a document shown whole; link: `href` opens it. */
  kind?: 'text' | 'mono' | 'block' | 'link'
  href?: string
}

export type StepId = 'transaction' | 'memo' | 'manifest' | 'hash' | 'comparison'

export interface VerificationStep {
  id: StepId
  title: string
  /** False when an earlier step failed so this one had nothing to work on. */
  reached: boolean
  evidence: Evidence[]
  checks: Check[]
}

const STEP_IDS: StepId[] = ['transaction', 'memo', 'manifest', 'hash', 'comparison']

/** The steps' titles: the manifest's names the store it was read from (issue 39.12). */
function stepTitles(storage: StorageAdapter): Record<StepId, string> {
  return {
    transaction: 'The transaction',
    memo: 'The memo',
    manifest: `The manifest in ${storePlace(storage)}`,
    hash: 'Its canonical form, re-hashed',
    comparison: 'The comparison',
  }
}

export interface VerificationParts {
  chain: ChainAdapter
  storage: StorageAdapter
  /** Re-checks the transaction's ed25519 signatures over its message bytes. */
  verifySignature?: (transaction: string) => boolean
  /** The account that must have paid for the memo; by default the configured chain's sponsor. */
  expectedSponsor?: string
}

/** Where the chain adapter reads from, in the words part 1's labels use for recorded networks. */
function chainLabel(chain: ChainAdapter) {
  return registrationNetwork({ network: chain.kind === 'local' ? 'local-ledger' : chain.cluster })
    .label
}

/**
 * Where the manifest is kept: "permanent storage" only when it is (issue 39.12), as the
 * record-audit and certificate labels already say. The place is the steps' words; the words are
 * the plain sentence's.
 */
function storePlace(storage: StorageAdapter) {
  return storage.kind === 'local' ? 'this server’s own store' : 'permanent storage'
}
function storageWords(storage: StorageAdapter) {
  return storage.kind === 'local'
    ? 'this server’s own store (not permanent storage)'
    : 'permanent storage on Arweave'
}

function feePayerOf(tx: ChainTransaction) {
  if (!tx.transaction) return null
  try {
    return transactionFeePayer(tx.transaction)
  } catch {
    return null
  }
}

function describePublished(published: PublishedText | null) {
  if (published === null) return 'None declared'
  if (published.alg === 'sha256')
    return `Bare SHA-256 ${published.value} (version 1: the text itself is not published)`
  return `Salted commitment ${published.value} (the text and its salt stay with the owner)`
}

/**
 * Re-derives a certificate's proof from public sources only, step by step: the chain transaction
 * (by its signature), its memo, the manifest the memo names in permanent storage, that manifest's
 * canonical form re-hashed, and the comparison. Nothing here reads our database, so a tampered
 * row, file or transaction shows up as a failed check.
 */
export async function verifyCertificate(
  certificateId: string,
  signature: string,
  parts: VerificationParts,
) {
  const titles = stepTitles(parts.storage)
  const steps: VerificationStep[] = STEP_IDS.map((id) => ({
    id,
    title: titles[id],
    reached: false,
    evidence: [],
    checks: [],
  }))
  const step = (id: StepId) => {
    const found = steps.find((s) => s.id === id)!
    found.reached = true
    return {
      evidence: (label: string, value: string, kind: Evidence['kind'] = 'text', href?: string) =>
        found.evidence.push(href ? { label, value, kind, href } : { label, value, kind }),
      check: (name: string, ok: boolean, detail: string) => {
        found.checks.push({ name, ok, detail })
        return ok
      },
    }
  }
  const explorerUrl = parts.chain.explorerUrl(signature)
  let storageUrl: string | null = null
  let manifest: unknown = null
  let manifestVersion: number | null = null
  let browserCheck: {
    url: string
    memoSha256: string
    storedSha256: string
    byteLength: number
  } | null = null
  // The fingerprints a file is checked against: only ever read from the verified stored manifest.
  let recordings: PublishedRecording[] = []
  // The earlier record a v4 manifest names, read only from the verified stored manifest.
  let supersedes: Supersedes | null = null
  // Who confirmed their share, read only from the verified stored manifest (version 5 on).
  let confirmations: CoWriters | null = null
  // Where AI took part, read only from the verified stored manifest (issue 40).
  let aiDisclosure: AiDisclosure | null = null
  // What it is made from, for a page that says it in its reader's language.
  let aiDisclosureSource: DisclosureSource | null = null
  // The manifest hash the chain record anchors (its memo), once the memo is read.
  let anchoredSha256: string | null = null
  const result = () => {
    const checks = steps.flatMap((s) => s.checks)
    return {
      certificateId,
      signature,
      ok: steps.every((s) => s.reached && s.checks.every((c) => c.ok)) && checks.length > 0,
      steps,
      checks,
      manifest,
      manifestVersion,
      explorerUrl,
      storageUrl,
      browserCheck,
      recordings,
      supersedes,
      confirmations,
      aiDisclosure,
      aiDisclosureSource,
      anchoredSha256,
      network: chainLabel(parts.chain),
      storedIn: storageWords(parts.storage),
      // A public blockchain and permanent storage, which anyone can read without this server.
      publicRecords: parts.chain.kind !== 'local' && parts.storage.kind !== 'local',
    }
  }

  // 1. The transaction, from the chain.
  const transaction = step('transaction')
  transaction.evidence('Signature', signature, 'mono')
  transaction.evidence('Network', chainLabel(parts.chain))
  const tx = await parts.chain.lookup(signature).catch(() => null)
  if (
    !transaction.check(
      'Transaction found on chain',
      Boolean(tx && !tx.err),
      tx
        ? tx.err
          ? `Failed on chain: ${tx.err}`
          : `Slot ${tx.slot}, ${tx.confirmationStatus ?? 'status unknown'}`
        : 'No such transaction',
    )
  ) {
    transaction.evidence('Explorer', explorerUrl, 'link', explorerUrl)
    return result()
  }
  const found = tx!
  const feePayer = feePayerOf(found)
  transaction.evidence('Slot', String(found.slot), 'mono')
  transaction.evidence(
    'Block time',
    found.blockTime === null
      ? 'Not reported'
      : `${new Date(found.blockTime * 1000).toISOString()} (Unix ${found.blockTime})`,
  )
  transaction.evidence('Fee payer', feePayer ?? 'Not readable', 'mono')
  if (found.feeLamports !== null) transaction.evidence('Fee', `${found.feeLamports} lamports`)
  transaction.evidence('Explorer', explorerUrl, 'link', explorerUrl)
  if (parts.verifySignature && found.transaction) {
    transaction.check(
      'Signatures verify',
      parts.verifySignature(found.transaction),
      'Every ed25519 signature re-checks over the transaction’s message bytes',
    )
  }
  const sponsor = parts.expectedSponsor ?? parts.chain.sponsorAddress()
  transaction.check(
    'Paid and signed by the ProofTrack sponsor',
    feePayer === sponsor,
    feePayer === sponsor
      ? `Fee payer ${feePayer}`
      : `Fee payer ${feePayer ?? 'unknown'}, but the sponsor is ${sponsor}`,
  )

  // 2. The memo the transaction carries.
  const memoStep = step('memo')
  memoStep.evidence('Memo', found.memo ?? 'No memo instruction', 'mono')
  const memo = parseMemo(found.memo)
  if (
    !memoStep.check(
      'Memo is a ProofTrack record',
      memo !== null,
      memo
        ? `Format version ${memo.version}`
        : 'The memo is not “ProofTrack v<n> <certificate id> sha256:<hash> ar:<storage id>”',
    )
  )
    return result()
  anchoredSha256 = memo!.sha256
  memoStep.evidence('Certificate', memo!.certificateId, 'mono')
  memoStep.evidence('Manifest SHA-256', memo!.sha256, 'mono')
  memoStep.evidence('Storage id', memo!.storageId, 'mono')
  memoStep.check(
    'Memo names this certificate',
    memo!.certificateId === certificateId,
    `Memo: ${memo!.certificateId}`,
  )

  // 3. The manifest the memo names, from the store (permanent storage, or this server's own).
  const manifestStep = step('manifest')
  storageUrl = parts.storage.url(memo!.storageId)
  manifestStep.evidence(
    'Storage',
    parts.storage.kind === 'local'
      ? 'Local store on this server — not permanent storage'
      : 'Arweave',
  )
  manifestStep.evidence('Address', storageUrl, 'link', storageUrl)
  let failure = ''
  const stored = await parts.storage.get(memo!.storageId).catch((error: unknown) => {
    failure = error instanceof Error ? error.message : String(error)
    return null
  })
  if (
    !manifestStep.check(
      `Manifest retrieved from ${storePlace(parts.storage)}`,
      stored !== null,
      stored
        ? `${stored.data.byteLength} bytes`
        : failure || `Nothing stored under ${memo!.storageId}`,
    )
  )
    return result()
  const raw = new TextDecoder().decode(stored!.data)
  manifestStep.evidence(
    'Tags',
    Object.entries(stored!.tags)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n'),
    'block',
  )
  manifestStep.evidence('Stored bytes', raw, 'block')

  // 4. Its canonical form (RFC 8785), re-hashed.
  const hashStep = step('hash')
  const storedSha256 = sha256Hex(stored!.data)
  browserCheck = {
    url: storageUrl,
    memoSha256: memo!.sha256,
    storedSha256,
    byteLength: stored!.data.byteLength,
  }
  try {
    manifest = JSON.parse(raw)
  } catch {
    manifest = null
  }
  const canonical = manifest === null ? null : canonicalJson(manifest)
  const canonicalSha256 = canonical === null ? null : sha256Hex(canonical)
  hashStep.evidence(
    'SHA-256 of the canonical form',
    canonicalSha256 ?? 'The stored copy is not valid JSON',
    'mono',
  )
  hashStep.evidence('SHA-256 of the stored bytes', storedSha256, 'mono')
  hashStep.evidence('SHA-256 in the memo', memo!.sha256, 'mono')
  hashStep.check(
    'Manifest hash matches the memo',
    canonicalSha256 === memo!.sha256,
    canonicalSha256
      ? canonicalSha256 === memo!.sha256
        ? 'The canonical form hashes to the memo’s value'
        : `sha256 ${canonicalSha256} is not the memo’s ${memo!.sha256}`
      : 'The stored copy is not valid JSON',
  )
  // What `sha256sum` and the browser compute: the bytes as stored, which are already canonical.
  hashStep.check(
    'Stored bytes hash to the memo’s value',
    storedSha256 === memo!.sha256,
    storedSha256 === memo!.sha256
      ? canonical === raw
        ? 'The stored bytes are the canonical form, byte for byte'
        : 'Equal hashes'
      : `sha256 ${storedSha256} is not the memo’s ${memo!.sha256}`,
  )
  if (manifest === null) return result()

  // 5. The comparison: what the manifest says against the memo and the storage tags.
  const comparison = step('comparison')
  const read = readManifest(manifest)
  manifestVersion = read.version
  const manifestId =
    typeof manifest === 'object' && manifest !== null && 'certificateId' in manifest
      ? String(manifest.certificateId)
      : null
  comparison.evidence('Manifest version', read.version === null ? 'None' : String(read.version))
  comparison.check(
    'Manifest names this certificate',
    manifestId === certificateId,
    `Manifest: ${manifestId ?? 'none'}`,
  )
  comparison.check(
    'Manifest version matches the memo',
    read.version === memo!.version,
    `Manifest version ${read.version ?? 'none'}, memo version ${memo!.version}`,
  )
  comparison.check(
    'Manifest follows its version’s format',
    read.manifest !== null,
    read.manifest !== null ? `Read as version ${read.version}` : read.problem,
  )
  const texts = publishedTexts(read)
  if (texts) {
    comparison.evidence('Lyrics', describePublished(texts.lyrics), 'mono')
    comparison.evidence('Creative notes', describePublished(texts.creativeNotes), 'mono')
  }
  const published = publishedRecordings(read)
  if (published !== undefined) {
    if (published.length === 0) comparison.evidence('Recording', 'No recording fingerprinted')
    published.forEach((f, index) =>
      comparison.evidence(
        // One row per file, each named by its label (v5) or as the record's single recording.
        f.label === null ? 'Recording' : `Recording ${index + 1}: ${f.label}`,
        `SHA-256 ${f.sha256}, ${f.size} bytes${f.mediaType ? `, ${f.mediaType}` : ''}${f.fileName ? `, ${f.fileName}` : ''}`,
        'mono',
      ),
    )
    recordings = published
  }
  const earlier = publishedSupersedes(read)
  if (earlier !== undefined) {
    comparison.evidence(
      'Supersedes',
      earlier === null
        ? 'None: a first version'
        : `${earlier.certificateId}, manifest SHA-256 ${earlier.manifestSha256}, transaction ${earlier.transactionSignature}`,
      'mono',
    )
    supersedes = earlier
  }
  const coWriters = coWritersOf(read)
  comparison.evidence('Co-writers', coWriters.lines.join('\n'), 'block')
  confirmations = coWriters
  aiDisclosure = publishedAiDisclosure(read)
  aiDisclosureSource = publishedAiDisclosureSource(read)
  const tags = stored!.tags
  const tagsAgree =
    tags['Certificate-Id'] === certificateId &&
    tags['Content-SHA256'] === memo!.sha256 &&
    (tags['App-Version'] === undefined || tags['App-Version'] === String(memo!.version))
  comparison.check(
    'Storage tags agree',
    tagsAgree,
    `Certificate-Id ${tags['Certificate-Id'] ?? '—'}, Content-SHA256 ${tags['Content-SHA256'] ?? '—'}, App-Version ${tags['App-Version'] ?? '—'}`,
  )
  return result()
}
export type VerificationReport = Awaited<ReturnType<typeof verifyCertificate>>
