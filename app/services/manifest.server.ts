import crypto from 'node:crypto'
import canonicalize from 'canonicalize'
import { z } from 'zod'
import type { SongView } from './songs.server'

// Certificate manifest v1 — see docs/certificate-manifest.md. Anyone can re-derive the hash
// from the stored copy and compare it with the memo on chain, without trusting our database.

export const MANIFEST_VERSION = 1
export const MEMO_PREFIX = 'ProofTrack v1'

export const sha256Hex = (data: string | Uint8Array) => crypto.createHash('sha256').update(data).digest('hex')

export function buildManifest(song: SongView, issuedAt: Date) {
  const contributors = [
    { role: 'main', name: song.contributorName, pro: song.mainContributorPro, proNumber: song.mainContributorProNumber },
    song.coContributorName ? { role: 'co-contributor', name: song.coContributorName, pro: song.coContributorPro, proNumber: song.coContributorProNumber } : null,
    song.coContributorName2 ? { role: 'co-contributor-2', name: song.coContributorName2, pro: song.coContributor2Pro, proNumber: song.coContributor2ProNumber } : null,
  ].filter((c) => c !== null)
  return {
    schema: 'prooftrack.certificate',
    version: MANIFEST_VERSION,
    certificateId: song.certificateId,
    title: song.title,
    dateCreated: song.dateCreated,
    contributors,
    contributions: song.contributions.map((c) => ({
      component: c.component,
      contributorPercent: c.contributorPercent,
      coContributorPercent: c.coContributorPercent,
      coContributor2Percent: c.coContributor2Percent,
      aiPercent: c.aiPercent,
    })),
    toolsUsed: song.toolsUsed,
    genre: song.genre,
    identifiers: { isrc: song.isrc, iswc: song.iswc, upc: song.upc, other: song.otherIdentifier },
    fileLink: song.fileLink,
    // Private text is never stored in the clear on public storage: only its fingerprint.
    lyricsSha256: song.lyrics ? sha256Hex(song.lyrics) : null,
    creativeNotesSha256: song.creativeNotes ? sha256Hex(song.creativeNotes) : null,
    certifiedAt: song.createdAt,
    issuedAt: issuedAt.toISOString(),
  }
}
export type Manifest = ReturnType<typeof buildManifest>

/** RFC 8785 (JSON Canonicalization Scheme): sorted keys, no whitespace, ECMAScript numbers. */
export function canonicalJson(value: unknown) {
  const text = canonicalize(value)
  if (text === undefined) throw new Error('The manifest cannot be canonicalised')
  return text
}

export function memoText(certificateId: string, hashHex: string, storageId: string) {
  return `${MEMO_PREFIX} ${certificateId} sha256:${hashHex} ar:${storageId}`
}

const MemoPattern = /^ProofTrack v1 (PT-[0-9A-Z]{4}-[0-9A-Z]{4}) sha256:([0-9a-f]{64}) ar:([A-Za-z0-9_-]{1,100})$/

export function parseMemo(text: string | null) {
  const match = text ? MemoPattern.exec(text) : null
  return match ? { certificateId: match[1]!, sha256: match[2]!, storageId: match[3]! } : null
}

/** What registration keeps in blockchain_registrations.blockchain_data. */
export const BlockchainDataSchema = z.object({
  stage: z.enum(['claimed', 'stored', 'signed', 'confirmed', 'failed']).optional(),
  payment: z.object({ mode: z.literal('free'), year: z.number(), month: z.number() }).or(z.object({ mode: z.literal('paid'), paymentId: z.number() })).optional(),
  manifestSha256: z.string().optional(),
  storageId: z.string().optional(),
  storageUrl: z.string().optional(),
  storageKind: z.string().optional(),
  memo: z.string().optional(),
  lastValidBlockHeight: z.number().nullable().optional(),
  signedTransaction: z.string().optional(),
  slot: z.number().optional(),
  cluster: z.string().optional(),
  chainKind: z.string().optional(),
  feeLamports: z.number().optional(),
  logs: z.array(z.string()).optional(),
  explorerUrl: z.string().optional(),
  error: z.string().optional(),
})
export type BlockchainData = z.infer<typeof BlockchainDataSchema>

export function readBlockchainData(value: unknown): BlockchainData {
  const parsed = BlockchainDataSchema.safeParse(value)
  return parsed.success ? parsed.data : {}
}
