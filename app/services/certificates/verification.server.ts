import type { Kysely } from 'kysely'
import type { Database } from '#db/schema'
import { getChain, transactionFeePayer, verifyTransactionSignature } from '~/chain/index.server'
import type { ChainAdapter, ChainTransaction } from '~/chain/types'
import { CERTIFICATE_ID_PATTERN } from '~/lib/identifiers'
import { registrationNetwork } from '~/lib/registration-network'
import { getStorage } from '~/storage/index.server'
import type { StorageAdapter } from '~/storage/types'
import { db } from '../platform/db.server'
import type { Supersedes } from '~/lib/manifest-schema'
import {
  matchingRecording,
  NOT_REGISTERED_RECORDING,
  registeredRecordingAnswer,
} from '~/lib/recording'
import { confirmationSentence, declaredSentence } from '~/lib/confirmations'
import {
  type PublishedText,
  parseMemo,
  publishedConfirmations,
  publishedContributors,
  type PublishedRecording,
  publishedRecordings,
  publishedSupersedes,
  publishedTexts,
  readManifest,
} from './manifest.server'
import { canonicalJson, sha256Hex } from '~/lib/digest.server'
import { getTimestampAuthority } from '~/timestamp/index.server'
import {
  type TimestampInput,
  timestampWithoutToken,
  type TimestampVerification,
  verifyTimestamp,
} from '~/timestamp/verify.server'
import {
  DocumentsBusyError,
  OwnerDocumentsBusyError,
  renderOffThread,
} from './document-pool.server'

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

const STEP_TITLES: Record<StepId, string> = {
  transaction: 'The transaction',
  memo: 'The memo',
  manifest: 'The manifest in permanent storage',
  hash: 'Its canonical form, re-hashed',
  comparison: 'The comparison',
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
  const steps: VerificationStep[] = (Object.keys(STEP_TITLES) as StepId[]).map((id) => ({
    id,
    title: STEP_TITLES[id],
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
      anchoredSha256,
      network: chainLabel(parts.chain),
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

  // 3. The manifest the memo names, from permanent storage.
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
      'Manifest retrieved from permanent storage',
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

/**
 * What a record says about its contributors' consent: each confirmation as a sentence, and each
 * named contributor without one as declared by the submitter. A record from before version 5
 * could hold no confirmation, and says so rather than "nobody confirmed".
 */
export interface CoWriters {
  recordsConfirmations: boolean
  confirmed: string[]
  declaredOnly: string[]
  lines: string[]
  /** Every name the sentences quote, so a page can set each apart (issue 26). */
  names: string[]
}

function coWritersOf(read: ReturnType<typeof readManifest>): CoWriters {
  const recorded = publishedConfirmations(read)
  const contributors = publishedContributors(read)
  if (recorded === undefined) {
    const lines = [
      `This record (manifest version ${read.version ?? 'unknown'}) predates co-writers’ confirmations: every contributor and share is as declared by the submitter.`,
    ]
    return { recordsConfirmations: false, confirmed: [], declaredOnly: [], lines, names: [] }
  }
  const confirmed = recorded.map((confirmation) => confirmationSentence(confirmation))
  const declaredOnly = contributors
    .filter((person) => !recorded.some((c) => c.role === person.role))
    .map((person) => declaredSentence(person))
  const names = [
    ...recorded.flatMap((c) => [c.creditedName, c.creditedLatinName]),
    ...contributors.flatMap((c) => [c.name, c.latinName]),
  ].filter((name): name is string => Boolean(name))
  return {
    recordsConfirmations: true,
    confirmed,
    declaredOnly,
    lines: [...confirmed, ...declaredOnly],
    names,
  }
}

/** One link of a chain of versions: a later record naming an earlier one. */
export interface ChainLink {
  from: string
  to: string
  signature: string
  ok: boolean
  checks: Check[]
}

/** A chain is this long at most; longer is refused rather than walked without end. */
export const MAX_CHAIN = 100

/**
 * Verifies a record and walks the chain of versions behind it (issue 14): each earlier record
 * named by a verified v4 manifest is verified the same way, from public records only, and the
 * link holds when that record verifies and its memo anchors exactly the hash the later manifest
 * names. `earlier` lists the earlier records' reports, newest first.
 */
export async function verifyChain(
  certificateId: string,
  signature: string,
  parts: VerificationParts,
) {
  const report = await verifyCertificate(certificateId, signature, parts)
  const links: ChainLink[] = []
  const earlier: VerificationReport[] = []
  const seen = new Set([certificateId])
  let current = report
  while (current.ok && current.supersedes) {
    const link = current.supersedes
    const checks: Check[] = []
    if (seen.has(link.certificateId) || links.length >= MAX_CHAIN) {
      checks.push({
        name: 'The chain ends',
        ok: false,
        detail: seen.has(link.certificateId)
          ? `${link.certificateId} appears twice: the chain loops`
          : `More than ${MAX_CHAIN} versions`,
      })
      links.push({
        from: current.certificateId,
        to: link.certificateId,
        signature: link.transactionSignature,
        ok: false,
        checks,
      })
      break
    }
    seen.add(link.certificateId)
    const previous = await verifyCertificate(link.certificateId, link.transactionSignature, parts)
    earlier.push(previous)
    const anchored = previous.browserCheck?.memoSha256 ?? null
    checks.push({
      name: 'Earlier record verifies',
      ok: previous.ok,
      detail: previous.ok
        ? `${link.certificateId} passes every check`
        : `${link.certificateId} fails: ${
            previous.checks
              .filter((c) => !c.ok)
              .map((c) => c.name)
              .join(', ') || 'not found'
          }`,
    })
    checks.push({
      name: 'Earlier manifest hash matches the link',
      ok: anchored === link.manifestSha256,
      detail:
        anchored === link.manifestSha256
          ? `sha256 ${anchored}`
          : `The link names ${link.manifestSha256}, the earlier memo anchors ${anchored ?? 'nothing'}`,
    })
    links.push({
      from: current.certificateId,
      to: link.certificateId,
      signature: link.transactionSignature,
      ok: checks.every((c) => c.ok),
      checks,
    })
    current = previous
  }
  return {
    report,
    links,
    earlier,
    ok: report.ok && links.every((link) => link.ok),
  }
}
export type ChainReport = Awaited<ReturnType<typeof verifyChain>>

/**
 * Compares a file's SHA-256 and size with every fingerprint of a verified certificate, and names
 * the one it is (decision 040). Null when there is nothing to compare with: the certificate did
 * not verify, or records no fingerprint.
 */
export function compareRecording(
  report: Pick<VerificationReport, 'ok' | 'recordings'>,
  file: { sha256: string; size: number },
) {
  if (!report.ok || report.recordings.length === 0) return null
  const match = matchingRecording(file, report.recordings)
  return {
    matches: match !== null,
    matchedLabel: match?.label ?? null,
    answer: match ? registeredRecordingAnswer(match.label) : NOT_REGISTERED_RECORDING,
    fileSha256: file.sha256,
    fileSize: file.size,
  }
}
export type RecordingComparison = NonNullable<ReturnType<typeof compareRecording>>

/** The public facts needed to start a verification: the certificate's confirmed transaction. */
export async function findRegistrationSignature(database: Kysely<Database>, certificateId: string) {
  const row = await database
    .selectFrom('songs as s')
    .innerJoin('blockchainRegistrations as r', 'r.songId', 's.id')
    .select(['r.transactionSignature', 's.id as songId'])
    .where('s.certificateId', '=', certificateId)
    .where('r.status', '=', 'confirmed')
    .executeTakeFirst()
  return row?.transactionSignature
    ? { signature: row.transactionSignature, songId: row.songId }
    : null
}

/**
 * Whether a certificate id names a registration: one read, so that a route can refuse before it
 * reads a body sent to a certificate that does not exist.
 */
export async function isRegisteredCertificate(rawId: string | undefined) {
  return (await registrationOf(rawId)) !== null
}

async function registrationOf(rawId: string | undefined) {
  const certificateId = (rawId ?? '').toUpperCase()
  if (!CERTIFICATE_ID_PATTERN.test(certificateId)) return null
  return findRegistrationSignature(db(), certificateId)
}

/**
 * The verification of a certificate by its id, with this server's chain and storage: our database
 * only says which transaction to look at; everything checked comes from the public records.
 */
export async function certificateReport(rawId: string | undefined) {
  const certificateId = (rawId ?? '').toUpperCase()
  const registration = await registrationOf(rawId)
  if (!registration) return null
  const chain = await verifyChain(certificateId, registration.signature, {
    chain: getChain(),
    storage: getStorage(),
    verifySignature: verifyTransactionSignature,
  })
  const registered = await registeredSnapshot(db(), registration.songId)
  const timestamp = await checkRegisteredTimestamp(registered, chain.report.anchoredSha256)
  return {
    songId: registration.songId,
    report: chain.report,
    links: chain.links,
    timestamp,
    timestampToken: registered?.status === 'stamped' ? publicToken(registered) : null,
  }
}

/** The registered record's snapshot (issue 29): its exact manifest bytes and its token, if any. */
function registeredSnapshot(database: Kysely<Database>, songId: number) {
  return database
    .selectFrom('snapshotTimestamps')
    .select(['status', 'manifest', 'response', 'tsaName', 'tsaKind', 'tsaChainPem'])
    .where('songId', '=', songId)
    .where('reason', '=', 'registered')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
}
type RegisteredSnapshot = NonNullable<Awaited<ReturnType<typeof registeredSnapshot>>>

/**
 * The registered record's RFC 3161 token checked against the manifest hash its chain record
 * anchors and the trust anchor configured on this server (not the chain stored beside the
 * token: a row changed in our database must not bring its own anchor). A record registered
 * before issue 29 has none; a token not stamped yet is pending. Neither is a failure.
 */
export async function checkRegisteredTimestamp(
  snapshot: RegisteredSnapshot | undefined,
  anchoredSha256: string | null,
  tsa = getTimestampAuthority(),
): Promise<TimestampVerification> {
  if (!snapshot) return timestampWithoutToken('none')
  if (snapshot.status !== 'stamped' || !snapshot.response) return timestampWithoutToken('pending')
  const input: TimestampInput = {
    manifest: new TextEncoder().encode(snapshot.manifest),
    response: new Uint8Array(snapshot.response),
    trustAnchorsPem: await tsa.trustAnchorsPem(),
    anchorSource: 'configured on this server',
    expectedSha256: anchoredSha256,
    expectedLabel: 'the manifest hash the blockchain record anchors',
    tsaName: snapshot.tsaName,
    development: snapshot.tsaKind === 'local',
  }
  // PKI.js reads the token's ASN.1 on the calling thread (about 10 ms of CPU a check, decision
  // 068), so a page checks it in a document worker; when the pool is full, here, rather than
  // not at all.
  const bytes = await renderOffThread(
    { kind: 'timestamp-check', input },
    { owner: `timestamp:${anchoredSha256 ?? 'none'}` },
  ).catch((error: unknown) => {
    if (error instanceof DocumentsBusyError || error instanceof OwnerDocumentsBusyError) return null
    throw error
  })
  if (bytes === null) return verifyTimestamp(input)
  return JSON.parse(new TextDecoder().decode(bytes)) as TimestampVerification
}

/**
 * The registered snapshot's token as the public JSON carries it, for `npm run verify` to check
 * itself: the manifest is the public stored one, and a token over its hash reveals nothing more.
 */
function publicToken(snapshot: RegisteredSnapshot) {
  return {
    manifest: snapshot.manifest,
    tsr: Buffer.from(snapshot.response!).toString('base64'),
    tsaName: snapshot.tsaName,
    tsaKind: snapshot.tsaKind,
    tsaChainPem: snapshot.tsaChainPem,
  }
}
