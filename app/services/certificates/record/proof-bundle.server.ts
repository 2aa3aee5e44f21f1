import { readBlockchainData } from './blockchain-data.server'
import type { Kysely } from 'kysely'
import type { Database } from '#db/schema'
import { registrationNetwork, registrationStorage } from '~/lib/registration-network'
import type { StorageAdapter } from '~/storage/types'
import { type PublicSigningIdentity, publicSigningIdentity } from '~/signing/index.server'
import { pdfSigning } from './bundle-signing.server'
import {
  type PrivateText,
  opens,
  type PublishedText,
  parseMemo,
  type PublishedRecording,
  publishedRecordings,
  publishedTexts,
  readManifest,
} from './manifest.server'
import { sha256Hex } from '~/lib/digest.server'
import { DEVELOPMENT_TIMESTAMP_NOTE, REASON_LABELS } from '~/lib/timestamp'
import { stampedSnapshots } from './snapshot-timestamps.server'
import { manifestIdentity } from './bundle-identity.server'
import { verifyUrl } from './verify-address.server'

// The owner's proof bundle (decision 022): one JSON file that proves authorship of the declared
// facts and of the private texts without this service — the manifest as stored, the
// transaction, and each private text with the salt that opens its commitment.

export const BUNDLE_NOTHING_STAMPED =
  'This song has no time-stamped snapshot yet and is not registered: the proof bundle exists once its first RFC 3161 timestamp arrives (usually within a minute of a change). Please try again shortly.'
export const BUNDLE_STORAGE_UNAVAILABLE =
  'The stored manifest could not be read from permanent storage just now. Please try again in a few minutes.'
export const BUNDLE_STORAGE_MISMATCH =
  'The stored manifest does not match this registration’s record, so no bundle was made. Check the certificate on its verification page.'

const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'
const PUBLIC_RPC: Record<string, string> = {
  'mainnet-beta': 'https://api.mainnet-beta.solana.com',
  devnet: 'https://api.devnet.solana.com',
  testnet: 'https://api.testnet.solana.com',
}
const TEXT_LABELS: Record<PrivateText, string> = {
  lyrics: 'Lyrics',
  creativeNotes: 'Creative notes',
}

/** The owner's song with its private texts, their salts and its confirmed registration; null for anyone else. */
async function ownedRecord(database: Kysely<Database>, userId: string, songId: number) {
  return database
    .selectFrom('songs as s')
    .leftJoin('blockchainRegistrations as r', (join) =>
      join.onRef('r.songId', '=', 's.id').on('r.status', '=', 'confirmed'),
    )
    .select([
      's.id',
      's.title',
      's.certificateId',
      's.lyrics',
      's.creativeNotes',
      's.lyricsSalt',
      's.creativeNotesSalt',
      'r.transactionSignature',
      'r.walletAddress',
      'r.blockTime',
      'r.blockchainData',
      'r.network',
      'r.storageKind',
      'r.storageGateway',
    ])
    .where('s.id', '=', songId)
    .where('s.userId', '=', userId)
    .executeTakeFirst()
}

export interface TextOpening {
  text: PrivateText
  label: string
  /** The digest the manifest published for this text (null: none was published). */
  published: PublishedText | null
  /** The salt, for a salted commitment (version 2 on); null for version 1's bare digest. */
  salt: string | null
  /** The text and salt we hold reproduce the published value. */
  opens: boolean
}

/** How each private text the manifest published is opened by what the owner holds. */
function openingsFor(
  record: NonNullable<Awaited<ReturnType<typeof ownedRecord>>>,
  manifest: unknown,
): TextOpening[] {
  const published = publishedTexts(readManifest(manifest))
  if (!published) return []
  const held: Record<PrivateText, { text: string | null; salt: string | null }> = {
    lyrics: { text: record.lyrics, salt: record.lyricsSalt },
    creativeNotes: { text: record.creativeNotes, salt: record.creativeNotesSalt },
  }
  return (['lyrics', 'creativeNotes'] as const)
    .filter((key) => published[key] !== null)
    .map((key) => {
      const digest = published[key]!
      const salt = digest.alg === 'sha256' ? null : held[key].salt
      return {
        text: key,
        label: TEXT_LABELS[key],
        published: digest,
        salt,
        opens: held[key].text !== null && opens(digest, held[key].text!, salt),
      }
    })
}

/**
 * For the owner on the verification page: the salts and whether our copy of each text opens the
 * manifest's commitment. Null for anyone who is not the owner.
 */
export async function ownerOpenings(
  database: Kysely<Database>,
  userId: string,
  songId: number,
  manifest: unknown,
) {
  const record = await ownedRecord(database, userId, songId)
  if (!record) return null
  return { songId: record.id, openings: openingsFor(record, manifest) }
}

type OwnedRecord = NonNullable<Awaited<ReturnType<typeof ownedRecord>>>

/**
 * Everything the bundle is written from, as plain data: it is written in a document worker
 * (decision 053), since a bundle holds the whole lyrics twice over and is made on request.
 */
export interface ProofBundleInput {
  record: OwnedRecord
  /** The blockchain record, read back from storage and checked; null before registration. */
  registration: BundleRegistration | null
  appUrl: string
  now: Date
  /** Each stamped snapshot with its token (issue 29), as plain data. */
  stamps: BundleTimestamps
  /** Who signs the certificate's PDFs (issue 49, decision 103): a reader checks a PDF by it. */
  pdfSigner: PublicSigningIdentity
}

export interface BundleRegistration {
  data: ReturnType<typeof readBlockchainData>
  memo: NonNullable<ReturnType<typeof parseMemo>>
  /** The stored manifest's exact bytes, as text (already checked against the memo). */
  canonical: string
  storageUrl: string
}

export type ProofBundleResult =
  | { ok: true; fileName: string; input: ProofBundleInput }
  | { ok: false; status: number; message: string }

/**
 * The owner's proof bundle: of a registered song, read back from permanent storage and checked
 * against the record; of a song not registered (issue 29: "registered or not"), its RFC 3161
 * timestamps alone, once one is stamped.
 */
export async function getProofBundle(
  database: Kysely<Database>,
  userId: string,
  songId: number,
  parts: { storage: StorageAdapter; appUrl: string; now?: Date },
): Promise<ProofBundleResult> {
  const record = await ownedRecord(database, userId, songId)
  if (!record) return { ok: false, status: 404, message: 'Certificate not found' }
  const data = readBlockchainData(record.blockchainData)
  const memo = parseMemo(data.memo ?? null)
  const fileName = `${record.certificateId}-proof-bundle.json`
  if (!record.transactionSignature || !memo || !data.manifestSha256) {
    const stamps = bundleTimestamps(await stampedSnapshots(database, record.id))
    if (stamps.snapshots.length === 0)
      return { ok: false, status: 409, message: BUNDLE_NOTHING_STAMPED }
    return {
      ok: true,
      fileName,
      input: {
        record,
        registration: null,
        appUrl: parts.appUrl,
        now: parts.now ?? new Date(),
        stamps,
        pdfSigner: await publicSigningIdentity(),
      },
    }
  }

  const stored = await parts.storage.get(memo.storageId).catch(() => null)
  if (!stored) return { ok: false, status: 503, message: BUNDLE_STORAGE_UNAVAILABLE }
  if (sha256Hex(stored.data) !== memo.sha256 || memo.sha256 !== data.manifestSha256)
    return { ok: false, status: 502, message: BUNDLE_STORAGE_MISMATCH }
  const stamps = bundleTimestamps(await stampedSnapshots(database, record.id))
  return {
    ok: true,
    fileName,
    input: {
      record,
      registration: {
        data,
        memo,
        canonical: new TextDecoder().decode(stored.data),
        storageUrl: parts.storage.url(memo.storageId),
      },
      appUrl: parts.appUrl,
      now: parts.now ?? new Date(),
      stamps,
      pdfSigner: await publicSigningIdentity(),
    },
  }
}

/** The bundle file's text (run in a document worker). */
export function proofBundleText(input: ProofBundleInput) {
  const registration = input.registration
  const bundle = registration
    ? assemble(
        input.record,
        registration.data,
        registration.memo,
        registration.canonical,
        JSON.parse(registration.canonical) as unknown,
        registration.storageUrl,
        input.appUrl,
        input.now,
        input.stamps,
      )
    : assembleUnregistered(input.record, input.appUrl, input.now, input.stamps)
  const signing = pdfSigning(input.pdfSigner, input.record.certificateId)
  return `${JSON.stringify({ ...bundle, README: [...bundle.README, '', ...signing.readme], pdfSigning: signing.field }, null, 2)}\n`
}

/**
 * The bundle of a song not registered: no blockchain record, only its time-stamped snapshots.
 * The private texts are opened against the latest stamped snapshot's commitments, the salts the
 * owner holds now.
 */
function assembleUnregistered(
  record: OwnedRecord,
  appUrl: string,
  now: Date,
  stamps: BundleTimestamps,
) {
  const latest = stamps.snapshots.at(-1)!
  const openings = openingsFor(record, JSON.parse(latest.manifest) as unknown)
  const file = `${record.certificateId}-proof-bundle.json`
  // The title the latest time-stamped manifest holds: an edit not stamped yet is not in the bundle.
  const title = manifestIdentity(latest.manifest)?.title ?? record.title
  return {
    README: [
      `ProofTrack proof bundle — certificate ${record.certificateId}, “${title}”.`,
      `Made ${now.toISOString()} for the song’s owner. Keep it private: it holds your unpublished texts and the salts that open their commitments.`,
      '',
      'This song is not registered on the blockchain. This bundle holds its RFC 3161 timestamps: each snapshot of the song (its manifest at that moment, the format of a registered record) signed with its time by a Time-Stamping Authority. Run these commands in the folder where this file is:',
      '',
      ...openingSteps(openings, file, 1, `the manifest of ${latest.file} (the latest snapshot)`),
      ...timestampSteps(stamps, file, 1 + openings.length),
      'What this proves: that each snapshot’s exact manifest existed no later than the time its TSA signed. It is not a blockchain record, and it records authorship as declared by the submitter.',
      `The full procedure: docs/verify.md in ProofTrack's source, and ${appUrl}/certificate/${record.id} for the certificate.`,
    ],
    format: 'prooftrack.proof-bundle',
    formatVersion: 1,
    createdAt: now.toISOString(),
    certificateId: record.certificateId,
    title,
    /** Not registered: no blockchain record, no stored manifest. */
    manifest: null,
    transaction: null,
    privateTexts: privateTextsOf(record, openings),
    timestamps: stamps.snapshots,
    tsaChainPem: stamps.tsaChainPem,
  }
}

/** Each private text with the salt that opens its commitment in the manifest given. */
function privateTextsOf(record: OwnedRecord, openings: TextOpening[]) {
  const textOf = (key: PrivateText) => (key === 'lyrics' ? record.lyrics : record.creativeNotes)
  return Object.fromEntries(
    (['lyrics', 'creativeNotes'] as const).map((key) => {
      const opening = openings.find((o) => o.text === key)
      return [
        key,
        opening ? { text: textOf(key), salt: opening.salt, commitment: opening.published } : null,
      ]
    }),
  ) as Record<
    PrivateText,
    { text: string | null; salt: string | null; commitment: PublishedText | null } | null
  >
}

/**
 * Each stamped snapshot as the bundle carries it (issue 29): its manifest's exact bytes, the
 * TSA's answer (the `.tsr` file, base64) and the certificates that check it, gathered into one
 * PEM (`tsa-chain.pem`).
 */
function bundleTimestamps(rows: Awaited<ReturnType<typeof stampedSnapshots>>) {
  const snapshots = rows.map((row, i) => ({
    file: `snapshot-${i + 1}`,
    reason: row.reason,
    manifestSha256: row.manifestSha256,
    /** The exact manifest bytes the TSA's token covers, as text. */
    manifest: row.manifest,
    /** The TSA's DER TimeStampResp, base64: `base64 -d` gives the `.tsr` file. */
    tsr: Buffer.from(row.response!).toString('base64'),
    tsaName: row.tsaName!,
    tsaKind: row.tsaKind!,
    stampedAt: row.stampedAt!.toISOString(),
    tokenSerial: row.tokenSerial,
  }))
  const chains = [...new Set(rows.map((row) => row.tsaChainPem ?? '').filter(Boolean))]
  return { snapshots, tsaChainPem: chains.join('') }
}
type BundleTimestamps = ReturnType<typeof bundleTimestamps>

function assemble(
  record: OwnedRecord,
  data: ReturnType<typeof readBlockchainData>,
  memo: NonNullable<ReturnType<typeof parseMemo>>,
  canonical: string,
  manifest: unknown,
  storageUrl: string,
  appUrl: string,
  now: Date,
  stamps: BundleTimestamps,
) {
  const network = registrationNetwork(record)
  const storage = registrationStorage(record)
  const signature = record.transactionSignature!
  const blockTime = record.blockTime === null ? null : Number(record.blockTime)
  const openings = openingsFor(record, manifest)
  const privateTexts = privateTextsOf(record, openings)
  // The registered record's title, as its manifest holds it (a later edit does not rename it).
  const title = manifestIdentity(canonical)?.title ?? record.title

  return {
    README: readme({
      record,
      title,
      network,
      memo,
      memoText: data.memo ?? '',
      signature,
      storageUrl,
      appUrl,
      openings,
      recordings: publishedRecordings(readManifest(manifest)) ?? [],
      now,
      stamps,
    }),
    format: 'prooftrack.proof-bundle',
    formatVersion: 1,
    createdAt: now.toISOString(),
    certificateId: record.certificateId,
    title,
    manifest: {
      version: memo.version,
      sha256: memo.sha256,
      storage: {
        kind: storage.storageKind,
        label: storage.label,
        id: memo.storageId,
        url: storageUrl,
      },
      /** The exact stored bytes, as text: `jq -j .manifest.canonical` gives them back. */
      canonical,
      content: manifest,
    },
    transaction: {
      network: network.network,
      networkLabel: network.label,
      permanenceNote: network.permanenceNote,
      signature,
      memo: data.memo ?? null,
      slot: data.slot ?? null,
      blockTime,
      blockTimeIso: blockTime === null ? null : new Date(blockTime * 1000).toISOString(),
      feePayer: record.walletAddress,
      explorerUrl: data.explorerUrl ?? null,
      /** The signed transaction as it was sent (base64 wire bytes): anyone can re-check its signatures. */
      signedTransaction: data.signedTransaction ?? null,
    },
    privateTexts,
    /** Every snapshot's RFC 3161 timestamp, oldest first (issue 29). */
    timestamps: stamps.snapshots,
    /** The TSA certificates that check them: `jq -r .tsaChainPem … > tsa-chain.pem`. */
    tsaChainPem: stamps.tsaChainPem,
  }
}

function readme(input: {
  record: NonNullable<Awaited<ReturnType<typeof ownedRecord>>>
  title: string
  network: ReturnType<typeof registrationNetwork>
  memo: NonNullable<ReturnType<typeof parseMemo>>
  memoText: string
  signature: string
  storageUrl: string
  appUrl: string
  openings: TextOpening[]
  recordings: PublishedRecording[]
  now: Date
  stamps: BundleTimestamps
}) {
  const { record, network, memo, signature, storageUrl, appUrl, openings, recordings, now } = input
  const file = `${record.certificateId}-proof-bundle.json`
  const memoFilter = `jq -r '.result.transaction.message.instructions[] | select(.programId == "${MEMO_PROGRAM}") | .parsed'`
  const rpc = network.network ? PUBLIC_RPC[network.network] : undefined
  const fetchTransaction = rpc
    ? `curl -s ${rpc} -H 'Content-Type: application/json' -d '{"jsonrpc":"2.0","id":1,"method":"getTransaction","params":["${signature}",{"encoding":"jsonParsed","maxSupportedTransactionVersion":0}]}' | ${memoFilter}`
    : `curl -s ${appUrl}/ledger/rpc/getTransaction/${signature} | ${memoFilter}`
  const lines = [
    `ProofTrack proof bundle — certificate ${record.certificateId}, “${input.title}”.`,
    `Made ${now.toISOString()} for the song’s owner. Keep it private: it holds your unpublished texts and the salts that open their commitments.`,
    '',
    'With this file alone you can show what was declared, and when, even if ProofTrack is gone. Run these commands (bash, curl, jq, sha256sum) in the folder where this file is:',
    '',
    `1. The transaction ${signature}`,
    `   on ${network.label} carries the memo`,
    `   ${input.memoText}`,
    `   Ask the network for it: ${fetchTransaction}`,
    ...(network.permanenceNote ? [`   Note: ${network.permanenceNote}`] : []),
    '',
    `2. The memo's hash is the SHA-256 of the manifest, whose exact bytes are in "manifest.canonical" below and at ${storageUrl}:`,
    `   jq -j .manifest.canonical ${file} | sha256sum     → ${memo.sha256}`,
    `   curl -s ${storageUrl} | sha256sum     → the same`,
    '',
    ...openingSteps(openings, file, 3, 'the manifest'),
    ...(recordings.length > 0
      ? [
          `${3 + openings.length}. The recordings: the manifest fingerprints ${recordings.length === 1 ? 'one file' : `${recordings.length} files`} as the SHA-256 of the file's bytes. Anyone holding a file can check it:`,
          ...recordings.map(
            (f) =>
              `   sha256sum <${f.label ?? 'the recording file'}>     → ${f.sha256} (${f.size} bytes)`,
          ),
          '',
        ]
      : []),
    ...timestampSteps(input.stamps, file, 3 + openings.length + (recordings.length > 0 ? 1 : 0)),
    'What this proves: that these exact facts and texts were declared to ProofTrack and anchored no later than the block time above, by ProofTrack’s sponsor account (the fee payer).',
    'What it does not prove: that the people named are the authors, or that the splits are true — it records authorship as declared by the submitter — nor that nobody wrote the same text earlier.',
    `The full procedure, step by step: ${verifyUrl(record.certificateId, appUrl)} and docs/verify.md in ProofTrack's source.`,
  ]
  return lines
}

/** The README's steps that open each private text's commitment in `where` (a manifest). */
function openingSteps(openings: TextOpening[], file: string, step: number, where: string) {
  return openings.flatMap((opening, i) => {
    const key = `.privateTexts.${opening.text}`
    if (opening.published!.alg === 'sha256') {
      return [
        `${step + i}. ${opening.label}: ${where} (version 1) publishes the bare SHA-256 of the text:`,
        `   jq -j ${key}.text ${file} | sha256sum     → ${opening.published!.value}`,
        '',
      ]
    }
    return [
      `${step + i}. ${opening.label}: ${where} publishes only a salted commitment, the SHA-256 of the salt (64 hex characters), one NUL byte and the exact text. Without the salt nobody can test a guess; with it, anyone can check the text:`,
      `   { printf '%s\\0' "$(jq -r ${key}.salt ${file})"; jq -j ${key}.text ${file}; } | sha256sum     → ${opening.published!.value}`,
      '',
    ]
  })
}

/** The README's RFC 3161 step: each snapshot written to files and checked with `openssl ts -verify`. */
function timestampSteps(stamps: BundleTimestamps, file: string, step: number) {
  if (stamps.snapshots.length === 0) return []
  const development = stamps.snapshots.some((s) => s.tsaKind === 'local')
  return [
    `${step}. RFC 3161 timestamps: each snapshot of the song (its manifest at that moment) was time-stamped by a Time-Stamping Authority, which signed the manifest's SHA-256 with its time. Write the TSA's certificates, each manifest and each token to files, then let OpenSSL check them (bash, jq, base64, openssl):`,
    `   jq -r .tsaChainPem ${file} > tsa-chain.pem`,
    ...stamps.snapshots.flatMap((s, i) => [
      `   # ${s.file}: ${REASON_LABELS[s.reason]}, time-stamped by ${s.tsaName} at ${s.stampedAt}`,
      `   jq -j '.timestamps[${i}].manifest' ${file} > ${s.file}.json`,
      `   jq -r '.timestamps[${i}].tsr' ${file} | base64 -d > ${s.file}.tsr`,
      `   openssl ts -verify -data ${s.file}.json -in ${s.file}.tsr -CAfile tsa-chain.pem`,
    ]),
    '   Each check prints "Verification: OK"; a manifest changed by one byte prints "Verification: FAILED". The time the TSA signed:',
    `   openssl ts -reply -in ${stamps.snapshots[0]!.file}.tsr -text | grep 'Time stamp'`,
    "   tsa-chain.pem came in this file, so a check against it shows that each token is intact, not who signed it: to prove the time, give -CAfile the root the TSA publishes, or compare this root's SHA-256 fingerprint (openssl x509 -in tsa-chain.pem -noout -fingerprint -sha256) with the TSA's.",
    ...(development ? [`   Note: ${DEVELOPMENT_TIMESTAMP_NOTE}`] : []),
    '',
  ]
}
