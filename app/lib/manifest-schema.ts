import { z } from 'zod'
import { CERTIFICATE_ID_PATTERN } from './identifiers'
import { COMPONENTS } from './song-constants'

// The certificate manifest, one schema per version (docs/certificate-manifest.md). A version once
// issued never changes: verifying an old record means reading it with its own version's schema.

const Hex64 = z.string().regex(/^[0-9a-f]{64}$/, 'Expected 64 lowercase hex characters')
const Percent = z.number().min(0).max(100)

const ContributorSchema = z.strictObject({
  role: z.enum(['main', 'co-contributor', 'co-contributor-2']),
  name: z.string(),
  pro: z.string().nullable(),
  proNumber: z.string().nullable(),
})

const ContributionSchema = z.strictObject({
  component: z.enum(COMPONENTS),
  contributorPercent: Percent,
  coContributorPercent: Percent,
  coContributor2Percent: Percent,
  aiPercent: Percent,
})

const declaredFacts = {
  schema: z.literal('prooftrack.certificate'),
  certificateId: z.string().regex(CERTIFICATE_ID_PATTERN),
  title: z.string(),
  dateCreated: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  contributors: z.array(ContributorSchema).min(1),
  contributions: z.array(ContributionSchema),
  toolsUsed: z.string().nullable(),
  genre: z.string().nullable(),
  identifiers: z.strictObject({
    isrc: z.string().nullable(),
    iswc: z.string().nullable(),
    upc: z.string().nullable(),
    other: z.string().nullable(),
  }),
  fileLink: z.string().nullable(),
  certifiedAt: z.string(),
  issuedAt: z.string(),
}

/** v1: private texts as bare SHA-256 digests (guessable for short texts; no longer issued). */
export const ManifestV1Schema = z.strictObject({
  ...declaredFacts,
  version: z.literal(1),
  lyricsSha256: Hex64.nullable(),
  creativeNotesSha256: Hex64.nullable(),
})

/** A hiding commitment to a private text: SHA-256 of the salt (64 hex characters), a NUL byte and the text. */
export const CommitmentSchema = z.strictObject({ alg: z.literal('salted-sha256'), value: Hex64 })

/** v2: private texts only as salted commitments; the salts stay with the owner. */
export const ManifestV2Schema = z.strictObject({
  ...declaredFacts,
  version: z.literal(2),
  lyricsCommitment: CommitmentSchema.nullable(),
  creativeNotesCommitment: CommitmentSchema.nullable(),
})

/**
 * A fingerprint of the recording: SHA-256 of the file's bytes, exactly as `sha256sum` prints it,
 * with its size and media type. The file itself never leaves the writer (it is hashed in the
 * browser, or streamed through the server's hash and dropped); its name only when the owner chose.
 */
export const RecordingFingerprintSchema = z.strictObject({
  alg: z.literal('sha256'),
  sha256: Hex64,
  size: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  mediaType: z.string().max(255).nullable(),
  fileName: z.string().max(255).nullable(),
})

/** v3: v2, plus the recording's fingerprint (null when the writer fingerprinted none). */
export const ManifestV3Schema = z.strictObject({
  ...declaredFacts,
  version: z.literal(3),
  lyricsCommitment: CommitmentSchema.nullable(),
  creativeNotesCommitment: CommitmentSchema.nullable(),
  recording: RecordingFingerprintSchema.nullable(),
})

/**
 * The record a new version supersedes: its certificate id, the SHA-256 of its manifest (the hash
 * its memo anchors) and the transaction that anchored it, so a verifier can walk to it from
 * public records alone.
 */
export const SupersedesSchema = z.strictObject({
  certificateId: z.string().regex(CERTIFICATE_ID_PATTERN),
  manifestSha256: Hex64,
  transactionSignature: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,88}$/),
})

/** v4: v3, plus the earlier record this one is a new version of (null for a first version). */
export const ManifestV4Schema = z.strictObject({
  ...declaredFacts,
  version: z.literal(4),
  lyricsCommitment: CommitmentSchema.nullable(),
  creativeNotesCommitment: CommitmentSchema.nullable(),
  recording: RecordingFingerprintSchema.nullable(),
  supersedes: SupersedesSchema.nullable(),
})

/**
 * One of a v5 record's fingerprinted files: a v3/v4 fingerprint with the writer's label
 * ("Master", "Stems archive"). The list allows more files than the form offers today, so raising
 * that limit needs no new version.
 */
export const LabelledRecordingSchema = z.strictObject({
  label: z.string().min(1).max(60),
  alg: z.literal('sha256'),
  sha256: Hex64,
  size: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  mediaType: z.string().max(255).nullable(),
  fileName: z.string().max(255).nullable(),
})

/**
 * One co-writer's confirmation of their share (issue 13): the name they asked to be credited by,
 * their PRO details, their percentage of every component, when they confirmed, and a salted
 * commitment to the address the invitation went to (never the address itself). Only confirmed
 * slots have one; a slot without is declared by the submitter alone.
 */
export const ConfirmationSchema = z.strictObject({
  role: ContributorSchema.shape.role,
  creditedName: z.string().min(1),
  pro: z.string().nullable(),
  ipi: z.string().nullable(),
  shares: z.array(z.strictObject({ component: z.enum(COMPONENTS), percent: Percent })),
  confirmedAt: z.string().datetime(),
  email: CommitmentSchema,
})

/**
 * v5: v4 with `recording` replaced by a list of labelled files (empty when none, issue 17), plus
 * the co-writers' confirmations of their shares (empty when nobody confirmed, issue 13).
 */
export const ManifestV5Schema = z.strictObject({
  ...declaredFacts,
  version: z.literal(5),
  lyricsCommitment: CommitmentSchema.nullable(),
  creativeNotesCommitment: CommitmentSchema.nullable(),
  recordings: z.array(LabelledRecordingSchema).max(100),
  supersedes: SupersedesSchema.nullable(),
  confirmations: z.array(ConfirmationSchema).max(3),
})

/** A v6 contributor: v5's, plus the name in Latin script (null when none was given, issue 26). */
const ContributorV6Schema = ContributorSchema.extend({ latinName: z.string().min(1).nullable() })

/** A v6 confirmation: v5's, plus the credited name in Latin script (null when none was given). */
export const ConfirmationV6Schema = ConfirmationSchema.extend({
  creditedLatinName: z.string().min(1).nullable(),
})

/**
 * v6: v5 with each contributor's name in Latin script beside the name in their own script, and
 * each confirming co-writer's (issue 26): what PROs and partners file. Null where none was given.
 */
export const ManifestV6Schema = z.strictObject({
  ...declaredFacts,
  contributors: z.array(ContributorV6Schema).min(1),
  version: z.literal(6),
  lyricsCommitment: CommitmentSchema.nullable(),
  creativeNotesCommitment: CommitmentSchema.nullable(),
  recordings: z.array(LabelledRecordingSchema).max(100),
  supersedes: SupersedesSchema.nullable(),
  confirmations: z.array(ConfirmationV6Schema).max(3),
})

/** A v7 contributor: v6's, plus their publisher and its IPI name number (null when none, issue 51.3). */
const ContributorV7Schema = ContributorV6Schema.extend({
  publisher: z.string().min(1).nullable(),
  publisherIpi: z.string().min(1).nullable(),
})

/** A generative-AI tool the owner named, with the components it worked on (issue 51.5). */
export const AiToolSchema = z.strictObject({
  name: z.string().min(1).max(100),
  components: z.array(z.enum(COMPONENTS)).min(1).max(COMPONENTS.length),
})
// More than the form's rows, so offering more needs no new version (as with the recordings).
export const AiToolsSchema = z.array(AiToolSchema).max(20)

/**
 * v7: v6 with each contributor's publisher and publisher IPI, and the AI tools named with their
 * components (decision 119). An empty `aiTools` means none was named; a v6 record and earlier
 * could not name any, and say "AI tools not named".
 */
export const ManifestV7Schema = z.strictObject({
  ...declaredFacts,
  contributors: z.array(ContributorV7Schema).min(1),
  version: z.literal(7),
  aiTools: AiToolsSchema,
  lyricsCommitment: CommitmentSchema.nullable(),
  creativeNotesCommitment: CommitmentSchema.nullable(),
  recordings: z.array(LabelledRecordingSchema).max(100),
  supersedes: SupersedesSchema.nullable(),
  confirmations: z.array(ConfirmationV6Schema).max(3),
})

export type ManifestV1 = z.infer<typeof ManifestV1Schema>
export type ManifestV2 = z.infer<typeof ManifestV2Schema>
export type ManifestV3 = z.infer<typeof ManifestV3Schema>
export type ManifestV4 = z.infer<typeof ManifestV4Schema>
export type ManifestV5 = z.infer<typeof ManifestV5Schema>
export type ManifestV6 = z.infer<typeof ManifestV6Schema>
export type ManifestV7 = z.infer<typeof ManifestV7Schema>
export type LabelledRecording = z.infer<typeof LabelledRecordingSchema>
export type Confirmation = z.infer<typeof ConfirmationSchema>
export type ConfirmationV6 = z.infer<typeof ConfirmationV6Schema>
export type Supersedes = z.infer<typeof SupersedesSchema>
export type RecordingFingerprint = z.infer<typeof RecordingFingerprintSchema>
export type Commitment = z.infer<typeof CommitmentSchema>
