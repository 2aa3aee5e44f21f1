// `npm run verify -- <certificateId> [--signature <sig>] [--app-url <url>] [--sponsor <address>]`:
// checks a certificate against the public records only (the chain transaction and the stored
// manifest), printing every step with its evidence; exits 1 on any mismatch, 2 on bad usage.
// Without --signature it asks the app's public endpoint (/verify/<id>.json) which transaction to check.
// With --file it also says whether that file is one of the registered recordings (its SHA-256 and
// size against each of the verified manifest's fingerprints, naming the label matched); exit 1 when not.
// The registered snapshot's RFC 3161 token (decision 068) comes with the app's JSON and is checked
// here, by the same function as the verify page; exit 1 when it fails. `--bundle <file>` checks every
// token of an owner's proof bundle offline, without the app, the chain or storage; `--tsa-ca <pem>`
// names the root the TSA must chain to (else the certificates carried with the token are used). A
// bundle whose tokens all hold against the root it carries itself exits 3, "not anchored": anyone
// can make a root and stamp a backdated manifest with it, so only a root the reader trusts proves
// a time. The record a bundle is of is read from the manifests its timestamps cover, never from
// its labels: a bundle relabelled as another certificate, or holding another's manifests, exits 1.
// `--pdf <file>` checks a certificate or split-sheet PDF's own signature and timestamp offline
// (decision 103), prints the signer's root fingerprint and which certificate and snapshot the
// PDF is, and exits 1 with the reason when anything fails.
import crypto from 'node:crypto'
import fs from 'node:fs'
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { getChain, verifyTransactionSignature } from '../app/chain/index.server'
import { loadEnv } from '../app/env.server'
import { CERTIFICATE_ID_PATTERN } from '../app/lib/identifiers'
import { escapeControls } from '../app/lib/plain-text'
import { compareRecording } from '../app/services/certificates/record/verification.server'
import { verifyChain } from '../app/services/certificates/record/version-chain.server'
import { bundleIdentity } from '../app/services/certificates/record/bundle-identity.server'
import { getStorage } from '../app/storage/index.server'
import { REASON_LABELS } from '../app/lib/timestamp'
import { checkPdfSignature } from '../app/services/certificates/documents/pdf-signature-check.server'
import {
  timestampWithoutToken,
  type TimestampVerification,
  verifyTimestamp,
} from '../app/timestamp/verify.server'

const Reason = z.enum(['created', 'edited', 'details', 'registered'])
const TsaKind = z.enum(['local', 'rfc3161']).nullable()
// What the CLI reads of a proof bundle: its labels, the timestamp entries and the anchored
// manifest (its hash, and its bytes where the bundle carries them).
const BundleShape = z.object({
  certificateId: z.string(),
  title: z.string(),
  manifest: z.object({ sha256: z.string(), canonical: z.string().optional() }).nullable(),
  timestamps: z.array(
    z.object({
      file: z.string(),
      reason: Reason,
      manifestSha256: z.string(),
      manifest: z.string(),
      tsr: z.string(),
      tsaName: z.string().nullable(),
      tsaKind: TsaKind,
    }),
  ),
  tsaChainPem: z.string(),
})
// What the CLI reads of the app's /verify/<id>.json beyond the signature.
const ServedTimestamp = z.object({
  timestamp: z.object({ status: z.string() }).nullable().optional(),
  timestampToken: z
    .object({
      manifest: z.string(),
      tsr: z.string(),
      tsaName: z.string().nullable(),
      tsaKind: TsaKind,
      tsaChainPem: z.string().nullable(),
    })
    .nullable()
    .optional(),
})

const USAGE = [
  'Usage: npm run verify -- <certificateId> [--signature <sig>] [--app-url <url>] [--sponsor <address>] [--file <path>] [--tsa-ca <pem>]',
  '       npm run verify -- --bundle <proof-bundle.json> [--tsa-ca <pem>]',
  '       npm run verify -- --pdf <certificate.pdf> [--signer <sha256>] [--tsa <sha256>]',
].join('\n')

function usage(message?: string): never {
  if (message) console.error(message)
  console.error(USAGE)
  process.exit(2)
}

let parsed: ReturnType<typeof parse>
function parse() {
  return parseArgs({
    options: {
      signature: { type: 'string' },
      'app-url': { type: 'string' },
      sponsor: { type: 'string' },
      file: { type: 'string' },
      bundle: { type: 'string' },
      pdf: { type: 'string' },
      signer: { type: 'string' },
      tsa: { type: 'string' },
      'tsa-ca': { type: 'string' },
    },
    allowPositionals: true,
  })
}
try {
  parsed = parse()
} catch (error) {
  usage(error instanceof Error ? error.message : String(error))
}
const { values, positionals } = parsed

/** The timestamp's sentence and each of its checks, escaped like every other printed field. */
function printTimestamp(title: string, timestamp: TimestampVerification) {
  console.log(escapeControls(title))
  const mark = { verified: '✓', failed: '✗', pending: '…', none: '–' }[timestamp.status]
  console.log(`   ${mark} ${escapeControls(timestamp.summary)}`)
  for (const check of timestamp.checks)
    console.log(
      `   ${check.ok ? '✓' : '✗'} ${escapeControls(check.name)} — ${escapeControls(check.detail)}`,
    )
  console.log('')
}

/** The root the TSA must chain to: --tsa-ca when given, else what came with the token. */
function trustAnchors(carried: string, carriedBy: string) {
  const file = values['tsa-ca']
  if (!file) return { pem: carried, source: `${carriedBy}; pass --tsa-ca to use a root you trust` }
  try {
    return { pem: fs.readFileSync(file, 'utf8'), source: `from ${file}` }
  } catch {
    usage(`Cannot read --tsa-ca ${file}`)
  }
}

if (values.bundle) await verifyBundle(values.bundle)
if (values.pdf) await verifyPdf(values.pdf)

/** Offline: a PDF's signature and its timestamp, from the file alone (decision 103). */
async function verifyPdf(file: string): Promise<never> {
  let bytes: Buffer
  try {
    bytes = fs.readFileSync(file)
  } catch {
    usage(`Cannot read ${escapeControls(file)}`)
  }
  // A pin is a fingerprint the reader trusts, copied from the verify page or the proof bundle:
  // without one, anyone's self-made CA would "hold" (issue 49.1, the fourth review).
  const pin = (value: string | undefined, flag: string) => {
    if (value === undefined) return undefined
    if (!/^([0-9a-f]{2}:?){31}[0-9a-f]{2}$/i.test(value.trim()))
      usage(`--${flag} takes a SHA-256 fingerprint (64 hex digits, colons allowed)`)
    return value.trim()
  }
  const result = await checkPdfSignature(bytes, new Date(), {
    signer: pin(values.signer, 'signer'),
    tsa: pin(values.tsa, 'tsa'),
  })
  const name = escapeControls(file)
  console.log(`PDF ${name}`)
  console.log('Its signature and RFC 3161 timestamp, checked offline from the file alone\n')
  for (const check of result.checks)
    console.log(
      `   ${check.ok ? '✓' : check.unpinned ? '?' : '✗'} ${escapeControls(check.name)} — ${escapeControls(check.detail)}`,
    )
  console.log('')
  const { signer, timestamp, document } = result
  if (signer) {
    console.log(`Signed by ${escapeControls(signer.names.join(' ← certified by '))}`)
    if (signer.rootSha256)
      console.log(
        `Signer's root SHA-256 fingerprint: ${signer.rootSha256}\n   (compare it with the one the certificate's verify page publishes: the PDF carries its own root, which anyone can make)`,
      )
    if (signer.development)
      console.log('   This is a ProofTrack server’s development key, which no PDF reader trusts.')
  }
  if (timestamp) {
    console.log(`Time-stamped by ${escapeControls(timestamp.tsa)} at ${timestamp.time}`)
    const { anchor } = timestamp
    if (anchor)
      console.log(
        `   The TSA's ${anchor.isRoot ? 'root' : 'chain, as the token carries it, ends at'} ${escapeControls(anchor.name)}, SHA-256 fingerprint ${anchor.sha256}`,
      )
    if (timestamp.development)
      console.log(
        '   This is a development timestamp from a ProofTrack server, not an independent authority.',
      )
  }
  if (document?.certificateId) {
    const what = document.kind === 'split-sheet' ? 'split sheet' : 'certificate'
    console.log(
      `Certificate ${escapeControls(document.certificateId)}, its ${what} PDF${document.title ? `: “${escapeControls(document.title)}”` : ''}`,
    )
    if (document.snapshot || document.manifestSha256)
      console.log(
        `Snapshot: ${escapeControls(document.snapshot ?? 'not named')}${document.manifestSha256 ? `; manifest SHA-256 ${escapeControls(document.manifestSha256)}` : ''}`,
      )
  }
  console.log('')
  if (!result.intact) {
    console.log(
      `${name}: FAILED — ${escapeControls(result.problem ?? 'the signature does not hold')}`,
    )
    process.exit(1)
  }
  if (!result.ok) {
    // Exit 3: nothing is wrong with the file, but nothing says whose key signed it either.
    console.log(
      `${name}: INTACT, SIGNER NOT CHECKED — unchanged since it was signed, by a key this check was not told to trust. Run again with --signer <fingerprint> and --tsa <fingerprint> from the certificate's verify page or proof bundle.`,
    )
    process.exit(3)
  }
  console.log(
    `${name}: SIGNATURE VALID — unchanged since it was signed by the trusted signer, time-stamped by the trusted TSA`,
  )
  process.exit(0)
}

/**
 * Offline: every RFC 3161 token of an owner's proof bundle, with nothing but the file. The
 * registered snapshot must be the manifest its blockchain record anchors; any other, the hash
 * the bundle names for it.
 */
async function verifyBundle(file: string): Promise<never> {
  let bundle: unknown
  try {
    bundle = JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch (error) {
    // JSON.parse quotes the file's own bytes in its message: escaped like everything printed.
    usage(
      `Cannot read ${escapeControls(file)} as a proof bundle: ${escapeControls(error instanceof Error ? error.message : String(error))}`,
    )
  }
  const parsed = BundleShape.safeParse(bundle)
  if (!parsed.success) usage(`${file} is not a ProofTrack proof bundle with timestamps`)
  const { certificateId: id, title, manifest, timestamps, tsaChainPem } = parsed.data
  // The labels are the owner's to edit: the record is named only once the manifests say it.
  console.log(`Proof bundle ${escapeControls(file)}`)
  console.log('RFC 3161 timestamps, checked offline from the bundle alone\n')
  if (timestamps.length === 0) {
    console.log('The bundle holds no RFC 3161 timestamp.')
    process.exit(1)
  }
  const anchors = trustAnchors(tsaChainPem, 'carried in the bundle')
  let failed = 0
  for (const snapshot of timestamps) {
    const registered = snapshot.reason === 'registered' && manifest !== null
    const result = await verifyTimestamp({
      manifest: new TextEncoder().encode(snapshot.manifest),
      response: Buffer.from(snapshot.tsr, 'base64'),
      trustAnchorsPem: anchors.pem,
      anchorSource: anchors.source,
      expectedSha256: registered ? manifest.sha256 : snapshot.manifestSha256,
      // Offline, the blockchain record itself is not read: the bundle only says what it anchors.
      expectedLabel: registered
        ? 'the manifest hash the bundle says its blockchain record anchors'
        : 'the hash the bundle names for this snapshot',
      // The bundle's TSA name and kind are labels the owner can edit: who stamped it is read
      // from the token's own signer certificate (its name, and whether it is a development TSA).
      tsaName: null,
    })
    if (result.status !== 'verified') failed++
    printTimestamp(`${snapshot.file} (${REASON_LABELS[snapshot.reason]})`, result)
  }
  const count = `${timestamps.length} timestamp${timestamps.length === 1 ? '' : 's'}`
  if (failed > 0) {
    console.log(`${escapeControls(file)}: ${failed} of ${timestamps.length} timestamps FAILED`)
    process.exit(1)
  }
  const record = bundleIdentity(
    {
      certificateId: id,
      title,
      stored: manifest ? { sha256: manifest.sha256, canonical: manifest.canonical ?? null } : null,
    },
    timestamps.map((snapshot) => ({
      file: snapshot.file,
      manifest: snapshot.manifest,
      registered: snapshot.reason === 'registered' && manifest !== null,
    })),
  )
  if (!record.ok) {
    console.log(`${escapeControls(file)}: REFUSED — ${escapeControls(record.problem)}`)
    process.exit(1)
  }
  const name = escapeControls(record.certificateId)
  console.log(
    `Certificate ${name}, “${escapeControls(record.title)}”: as the time-stamped manifests name it\n`,
  )
  if (!values['tsa-ca']) {
    console.log(
      `${name}: ${count} consistent but NOT ANCHORED — they chain only to the root the bundle carries, which anyone can make. Pass --tsa-ca <root.pem> with the TSA's root you trust (for ProofTrack's development TSA, its server's DATA_DIR/tsa/tsa-cert.pem) to verify.`,
    )
    process.exit(3)
  }
  console.log(`${name}: ${count} VERIFIED`)
  if (manifest)
    console.log(
      `The registration itself is the bundle's claim, not checked offline: npm run verify -- ${name} checks it on the blockchain.`,
    )
  process.exit(0)
}

const certificateId = positionals[0]?.toUpperCase()
if (!certificateId || !CERTIFICATE_ID_PATTERN.test(certificateId))
  usage(certificateId ? `Not a certificate id: ${positionals[0]}` : undefined)

const env = loadEnv()
let signature = values.signature
// The registered snapshot's token as the app's public JSON carries it (none with --signature).
let served: z.infer<typeof ServedTimestamp> | null = null
if (!signature) {
  const appUrl = (values['app-url'] ?? env.APP_URL).replace(/\/+$/, '')
  const response = await fetch(`${appUrl}/verify/${certificateId}.json`).catch((error: unknown) => {
    console.error(
      `Could not reach ${appUrl}: ${error instanceof Error ? error.message : error}. Pass --signature instead.`,
    )
    process.exit(2)
  })
  const body: unknown = await response.json().catch(() => null)
  if (
    !response.ok ||
    typeof body !== 'object' ||
    body === null ||
    !('signature' in body) ||
    typeof body.signature !== 'string'
  ) {
    console.error(`No registration found for ${certificateId} at ${appUrl}`)
    process.exit(1)
  }
  signature = body.signature
  served = ServedTimestamp.safeParse(body).data ?? null
}

// The record, then every earlier version it names, each from the public records alone.
const chain = await verifyChain(certificateId, signature, {
  chain: getChain(),
  storage: getStorage(),
  verifySignature: verifyTransactionSignature,
  expectedSponsor: values.sponsor,
})
const report = chain.report
// The record's text was typed by its owner and co-writers, some of it before app/lib/plain-text.ts
// refused control characters: whatever a stored field holds is printed escaped (issue 24 item 5),
// so it can neither move the cursor nor fake a line of this report. A block keeps its lines.
console.log(`Certificate ${certificateId}, transaction ${escapeControls(signature)}\n`)
report.steps.forEach((step, index) => {
  console.log(`${index + 1}. ${escapeControls(step.title)}`)
  if (!step.reached) {
    console.log('   Not checked: an earlier step failed.\n')
    return
  }
  for (const item of step.evidence) {
    if (item.kind === 'block')
      console.log(
        `   ${escapeControls(item.label)}:\n${escapeControls(item.value, { keepLines: true }).replace(/^/gm, '      ')}`,
      )
    else console.log(`   ${escapeControls(item.label)}: ${escapeControls(item.value)}`)
  }
  for (const check of step.checks)
    console.log(
      `   ${check.ok ? '✓' : '✗'} ${escapeControls(check.name)} — ${escapeControls(check.detail)}`,
    )
  console.log('')
})
const timestamp = await servedTimestamp(served, report.anchoredSha256)
printTimestamp('Timestamp (RFC 3161)', timestamp)
const ok = report.ok && timestamp.status !== 'failed'
console.log(ok ? `${certificateId}: VERIFIED` : `${certificateId}: FAILED`)
if (!ok) process.exit(1)
if (chain.links.length > 0) {
  console.log('\nEarlier versions')
  for (const link of chain.links) {
    console.log(
      `   ${escapeControls(link.from)} supersedes ${escapeControls(link.to)} (transaction ${escapeControls(link.signature)})`,
    )
    for (const check of link.checks)
      console.log(
        `   ${check.ok ? '✓' : '✗'} ${escapeControls(check.name)} — ${escapeControls(check.detail)}`,
      )
  }
  console.log(
    chain.ok
      ? `Chain of ${chain.links.length + 1} versions: VERIFIED`
      : 'Chain of versions: FAILED',
  )
  if (!chain.ok) process.exit(1)
}

if (values.file) {
  const file = values.file
  const stat = await fs.promises.stat(file).catch(() => null)
  if (!stat?.isFile()) usage(`Not a file: ${file}`)
  const hash = crypto.createHash('sha256')
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk)
  const comparison = compareRecording(report, { sha256: hash.digest('hex'), size: stat.size })
  if (!comparison) {
    console.log(
      `\n${escapeControls(file)}: this certificate records no recording fingerprint to compare with`,
    )
    process.exit(1)
  }
  console.log(`\n${escapeControls(file)}: ${escapeControls(comparison.answer)}`)
  console.log(`   File SHA-256:       ${comparison.fileSha256} (${comparison.fileSize} bytes)`)
  // Every fingerprint the record holds, so a mismatch shows what the file was compared with.
  for (const registered of report.recordings)
    console.log(
      `   Registered SHA-256: ${registered.sha256} (${registered.size} bytes)${registered.label ? ` ${escapeControls(registered.label)}` : ''}`,
    )
  process.exit(comparison.matches ? 0 : 1)
}
process.exit(0)

/** The token the app served, checked here against the hash the chain record anchors. */
async function servedTimestamp(
  body: z.infer<typeof ServedTimestamp> | null,
  anchoredSha256: string | null,
): Promise<TimestampVerification> {
  if (!body)
    return {
      ...timestampWithoutToken('none'),
      summary:
        'Not checked: with --signature the app is not asked for the token. Check the owner’s proof bundle with --bundle.',
    }
  const token = body.timestampToken
  if (!token)
    return timestampWithoutToken(body.timestamp?.status === 'pending' ? 'pending' : 'none')
  const anchors = trustAnchors(token.tsaChainPem ?? '', 'sent by the app')
  return verifyTimestamp({
    manifest: new TextEncoder().encode(token.manifest),
    response: Buffer.from(token.tsr, 'base64'),
    trustAnchorsPem: anchors.pem,
    anchorSource: anchors.source,
    expectedSha256: anchoredSha256,
    expectedLabel: 'the manifest hash the blockchain record anchors',
    tsaName: token.tsaName,
    development: token.tsaKind === 'local',
  })
}
