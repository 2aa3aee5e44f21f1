import { translate } from '~/i18n/catalogs.server'
import type { RenderLocale } from '~/i18n/locales'
import type { MessageId } from '~/i18n/react'

// The proof's steps, checks and evidence come from the record's services
// (app/services/certificates/record/record-verification.server.ts, version-chain.server.ts,
// app/timestamp/verify.server.ts) as English words, kept there because `npm run verify` and the
// record audit print them too. The verify page says them in the visitor's language: fixed ones
// by their English (the services' stable wording), ones with a value by their shape. The loader
// sends what it found as data (English → the language's words), so the page's script carries no
// table of them; what is not known here stays English on the page and says so (`lang="en"`).

const FIXED: Record<string, MessageId> = {
  // Steps' titles.
  'The transaction': 'verify.step.transaction',
  'The memo': 'verify.step.memo',
  'The manifest in permanent storage': 'verify.step.manifestPermanent',
  'The manifest in this server’s own store': 'verify.step.manifestLocal',
  'Its canonical form, re-hashed': 'verify.step.hash',
  'The comparison': 'verify.step.comparison',
  // The timestamp's checks' names.
  'Token readable': 'verify.timestamp.check.readable',
  'Signature valid': 'verify.timestamp.check.signature',
  'The token covers these manifest bytes': 'verify.timestamp.check.covers',
  'They are this record’s manifest': 'verify.timestamp.check.record',
  'Chains to the trust anchor': 'verify.timestamp.check.chainsToAnchor',
  'A time-stamping certificate': 'verify.timestamp.check.usage',
  Time: 'verify.timestamp.check.time',
  // Checks' names.
  'Transaction found on chain': 'verify.check.transactionFound',
  'Signatures verify': 'verify.check.signatures',
  'Paid and signed by the ProofTrack sponsor': 'verify.check.sponsor',
  'Memo is a ProofTrack record': 'verify.check.memoRecord',
  'Memo names this certificate': 'verify.check.memoNames',
  'Manifest retrieved from permanent storage': 'verify.check.retrievedPermanent',
  'Manifest retrieved from this server’s own store': 'verify.check.retrievedLocal',
  'Manifest hash matches the memo': 'verify.check.hashMatches',
  'Stored bytes hash to the memo’s value': 'verify.check.bytesMatch',
  'Manifest names this certificate': 'verify.check.manifestNames',
  'Manifest version matches the memo': 'verify.check.versionMatches',
  'Manifest follows its version’s format': 'verify.check.format',
  'Storage tags agree': 'verify.check.tags',
  'The chain ends': 'verify.check.chainEnds',
  'Earlier record verifies': 'verify.check.earlierVerifies',
  'Earlier manifest hash matches the link': 'verify.check.earlierHash',
  // Checks' details without a value.
  'No such transaction': 'verify.detail.noTransaction',
  'Every ed25519 signature re-checks over the transaction’s message bytes':
    'verify.detail.signatures',
  'The canonical form hashes to the memo’s value': 'verify.detail.canonicalMatches',
  'The stored bytes are the canonical form, byte for byte': 'verify.detail.bytesCanonical',
  'Equal hashes': 'verify.detail.equalHashes',
  'The stored copy is not valid JSON': 'verify.detail.notJson',
  // Evidence's labels.
  Signature: 'verify.evidence.signature',
  Network: 'verify.evidence.network',
  Explorer: 'verify.evidence.explorer',
  Slot: 'verify.evidence.slot',
  'Block time': 'verify.evidence.blockTime',
  'Fee payer': 'verify.evidence.feePayer',
  Fee: 'verify.evidence.fee',
  Memo: 'verify.evidence.memo',
  Certificate: 'verify.evidence.certificate',
  'Manifest SHA-256': 'verify.evidence.manifestSha256',
  'Storage id': 'verify.evidence.storageId',
  Storage: 'verify.evidence.storage',
  Address: 'verify.evidence.address',
  Tags: 'verify.evidence.tags',
  'Stored bytes': 'verify.evidence.storedBytes',
  'SHA-256 of the canonical form': 'verify.evidence.canonicalSha256',
  'SHA-256 of the stored bytes': 'verify.evidence.storedSha256',
  'SHA-256 in the memo': 'verify.evidence.memoSha256',
  'Manifest version': 'verify.evidence.manifestVersion',
  Lyrics: 'verify.evidence.lyrics',
  'Creative notes': 'verify.evidence.creativeNotes',
  Recording: 'verify.evidence.recording',
  Supersedes: 'verify.evidence.supersedes',
  'Co-writers': 'verify.evidence.coWriters',
  // Evidence's values without a value of their own.
  'Not reported': 'verify.value.notReported',
  'Not readable': 'verify.value.notReadable',
  'No memo instruction': 'verify.value.noMemo',
  'None declared': 'verify.value.noneDeclared',
  'No recording fingerprinted': 'verify.value.noRecording',
  'None: a first version': 'verify.value.firstVersion',
  'Local store on this server — not permanent storage': 'verify.value.localStore',
  // The networks and stores the record names (app/lib/registration-network.ts).
  'Local development ledger on this server — not a public blockchain': 'verify.network.local',
  'Private Solana validator (localnet) — not a public blockchain': 'verify.network.localnet',
  'Solana devnet — a public test network': 'verify.network.devnet',
  'Solana testnet — a public test network': 'verify.network.testnet',
  'this server’s own store (not permanent storage)': 'verify.storedIn.local',
  'permanent storage on Arweave': 'verify.storedIn.arweave',
}

// Words with a value: the value stays as it is (an identifier, a number, a hash).
const SHAPED: [RegExp, MessageId, string[]][] = [
  [/^Slot (\d+), (finalized|confirmed|processed)$/, 'verify.detail.slot', ['slot', 'status']],
  [/^Fee payer (\S+)$/, 'verify.detail.feePayer', ['account']],
  [/^Format version (\d+)$/, 'verify.detail.formatVersion', ['version']],
  [/^Memo: (\S+)$/, 'verify.detail.memoNames', ['id']],
  [/^Manifest: (\S+)$/, 'verify.detail.manifestNames', ['id']],
  [/^(\d+) bytes$/, 'verify.detail.bytes', ['count']],
  [/^(\d+) lamports$/, 'verify.value.lamports', ['count']],
  [/^Read as version (\d+)$/, 'verify.detail.readAs', ['version']],
  [/^Manifest version (\S+), memo version (\S+)$/, 'verify.detail.versions', ['manifest', 'memo']],
  [/^Recording (\d+): (.+)$/, 'verify.evidence.recordingLabelled', ['number', 'label']],
  [/^(\S+) \(Unix (\d+)\)$/, 'verify.value.blockTime', ['time', 'unix']],
  [/^(PT-\S+) passes every check$/, 'verify.detail.earlierPasses', ['id']],
  [/^sha256 ([0-9a-f]{64})$/, 'verify.detail.sha256', ['hash']],
  [/^Chains to (.+)$/, 'verify.timestamp.check.chainsTo', ['anchor']],
]

const STATUS: Record<string, MessageId> = {
  finalized: 'verify.detail.finalized',
  confirmed: 'verify.detail.confirmed',
  processed: 'verify.detail.processed',
}

/** One text of the services in `locale`, or null when it is not known here. */
function wordsOf(locale: RenderLocale, english: string): string | null {
  const fixed = FIXED[english]
  if (fixed) return translate(locale, 'verify', fixed)
  for (const [shape, id, names] of SHAPED) {
    const found = shape.exec(english)
    if (!found) continue
    const values: Record<string, string | number> = Object.fromEntries(
      names.map((name, index) => [name, found[index + 1]!]),
    )
    if (typeof values.status === 'string')
      values.status = translate(locale, 'verify', STATUS[values.status]!)
    if (typeof values.count === 'string') values.count = Number(values.count)
    return translate(locale, 'verify', id, values)
  }
  return null
}

/** The services' texts a page shows, each in `locale` where it is known: the page's data. */
export function serviceWords(locale: RenderLocale, texts: Iterable<string>) {
  const words: Record<string, string> = {}
  for (const text of texts) {
    if (text in words) continue
    const found = wordsOf(locale, text)
    if (found !== null) words[text] = found
  }
  return words
}
