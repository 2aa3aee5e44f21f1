import crypto from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '#db/schema'
import {
  type Commitment,
  type ManifestV1,
  ManifestV1Schema,
  type ManifestV2,
  ManifestV2Schema,
  type ManifestV3,
  ManifestV3Schema,
  type ManifestV4,
  ManifestV4Schema,
  type Confirmation,
  type ConfirmationV6,
  type LabelledRecording,
  type ManifestV5,
  ManifestV5Schema,
  type ManifestV6,
  ManifestV6Schema,
  type ManifestV7,
  ManifestV7Schema,
  type Supersedes,
} from '~/lib/manifest-schema'
import { sha256Hex } from '~/lib/digest.server'
import { CERTIFICATE_ID_SOURCE } from '~/lib/identifiers'
import {
  type AiTool,
  contributionShares,
  type ContributorSlot,
  contributorSlots,
  type PercentField,
} from '~/lib/song-constants'
import type { SongView } from '../../songs/songs.server'
import type { SlotStatus } from '../../co-writers/split-statuses.server'

// The certificate manifest — see docs/certificate-manifest.md. Anyone can re-derive its hash from
// the stored copy and compare it with the memo on chain, without trusting our database. Each
// version keeps its own schema and reader (MANIFEST_VERSIONS), so every record ever issued stays
// verifiable; new facts (fingerprints, co-writers' confirmations, superseded certificates) come as
// new versions, never as changes to an old one.

/** The version new registrations issue. */
export const MANIFEST_VERSION = 7
const MEMO_PREFIX = 'ProofTrack'

/** 32 random bytes as 64 lowercase hex characters: the salt of one private text. */
export function newSalt() {
  return crypto.randomBytes(32).toString('hex')
}

/**
 * A hiding commitment to a private text: SHA-256 over the UTF-8 bytes of the salt's 64 hex
 * characters, one NUL byte, and the text exactly as stored. Without the salt nobody can test a
 * guess; with it, anyone can recompute the value (`{ printf '%s\0' "$SALT"; printf '%s' "$TEXT"; } | sha256sum`).
 */
export function textCommitment(salt: string, text: string): Commitment {
  if (!/^[0-9a-f]{64}$/.test(salt))
    throw new Error('A commitment salt is 64 lowercase hex characters')
  return { alg: 'salted-sha256', value: sha256Hex(`${salt}\u0000${text}`) }
}

/** The salts of a song's private texts; a text without a salt cannot be committed to. */
export interface TextSalts {
  lyricsSalt: string | null
  creativeNotesSalt: string | null
}

const present = (text: string | null | undefined): text is string =>
  typeof text === 'string' && text !== ''

function commit(text: string | null, salt: string | null) {
  if (!present(text)) return null
  if (!salt) throw new Error('A private text needs its salt before it is committed to')
  return textCommitment(salt, text)
}

/** The fingerprints a song's record publishes, in order: each file name only where the owner chose to show it. */
export function recordingFingerprints(song: Pick<SongView, 'recordings'>): LabelledRecording[] {
  return song.recordings.map((f) => ({
    label: f.label,
    alg: 'sha256',
    sha256: f.sha256,
    size: f.size,
    mediaType: f.mediaType,
    fileName: f.showFileName ? f.fileName : null,
  }))
}

/** The link a new version's manifest carries; null for a first version (issue 14). */
export function supersedesLink(song: Pick<SongView, 'supersedes'>): Supersedes | null {
  const earlier = song.supersedes
  if (!earlier) return null
  if (!earlier.manifestSha256 || !earlier.transactionSignature)
    throw new Error(`The superseded certificate ${earlier.certificateId} has no anchored manifest`)
  return {
    certificateId: earlier.certificateId,
    manifestSha256: earlier.manifestSha256,
    transactionSignature: earlier.transactionSignature,
  }
}

/**
 * The commitment a confirmation publishes for the address its invitation went to: the text
 * commitment of the address trimmed and lower-cased, so the co-writer who holds the salt can
 * recompute it from their address however they type it (decision 042).
 */
export function emailCommitment(salt: string, email: string): Commitment {
  return textCommitment(salt, email.trim().toLowerCase())
}

/** Which column of a contribution row holds a slot's percentage. */
export const SLOT_PERCENT: Record<ContributorSlot, Exclude<PercentField, 'aiPercent'>> = {
  main: 'contributorPercent',
  'co-contributor': 'coContributorPercent',
  'co-contributor-2': 'coContributor2Percent',
}

/**
 * The confirmations a record carries: one per slot confirmed when it is built, with that slot's
 * percentage of every component (decision 042). Invited, expired, disputed and declared slots
 * have none; the contributors list still names them.
 */
export function manifestConfirmations(
  song: Pick<SongView, 'contributions'>,
  statuses: SlotStatus[],
): ConfirmationV6[] {
  return statuses.flatMap((status) =>
    status.status === 'confirmed'
      ? [
          {
            role: status.slot,
            creditedName: status.creditedName,
            creditedLatinName: status.creditedLatinName,
            pro: status.pro,
            ipi: status.ipi,
            shares: song.contributions.map((row) => ({
              component: row.component,
              percent: row[SLOT_PERCENT[status.slot]],
            })),
            confirmedAt: status.decidedAt,
            email: emailCommitment(status.emailSalt, status.email),
          },
        ]
      : [],
  )
}

/**
 * Every new registration issues version 7: `recordings: []` when no file was fingerprinted
 * (decisions 026 and 040), `supersedes: null` unless the song is a new version of a registered
 * one, `confirmations` from the slots' statuses at registration (decision 042), each name in
 * Latin script beside it, null where none was given (issue 26, decision 055), each person's
 * publisher and its IPI, null where none was given, and the AI tools named, `[]` where none was
 * (issue 51, decision 119).
 */
export function buildManifest(
  song: SongView,
  salts: TextSalts,
  issuedAt: Date,
  statuses: SlotStatus[],
): ManifestV7 {
  const contributors: ManifestV7['contributors'] = contributorSlots(song).map(
    ({ slot, name, latinName, pro, proNumber, publisher, publisherIpi }) => ({
      role: slot,
      name,
      latinName: latinName || null,
      pro,
      proNumber,
      publisher: publisher || null,
      publisherIpi: publisherIpi || null,
    }),
  )
  return {
    schema: 'prooftrack.certificate',
    version: 7,
    certificateId: song.certificateId,
    title: song.title,
    dateCreated: song.dateCreated,
    contributors,
    contributions: contributionShares(song.contributions),
    toolsUsed: song.toolsUsed,
    // The AI tools named; a song saved before they could be named (null) records none named.
    aiTools: (song.aiTools ?? []).map((tool) => ({
      name: tool.name,
      components: [...tool.components],
    })),
    genre: song.genre,
    identifiers: { isrc: song.isrc, iswc: song.iswc, upc: song.upc, other: song.otherIdentifier },
    fileLink: song.fileLink,
    // Private text is never published, not even as a bare digest a guess could be tested against.
    lyricsCommitment: commit(song.lyrics, salts.lyricsSalt),
    creativeNotesCommitment: commit(song.creativeNotes, salts.creativeNotesSalt),
    recordings: recordingFingerprints(song),
    supersedes: supersedesLink(song),
    confirmations: manifestConfirmations(song, statuses),
    certifiedAt: song.createdAt,
    issuedAt: issuedAt.toISOString(),
  }
}
export type Manifest =
  ManifestV1 | ManifestV2 | ManifestV3 | ManifestV4 | ManifestV5 | ManifestV6 | ManifestV7

/**
 * Gives a song its two salts if it has none yet (a conditional update, so a concurrent caller gets
 * the same ones) and returns them. Kept with the song, private; shown only to its owner.
 */
export async function ensureTextSalts(
  database: Kysely<Database>,
  songId: number,
): Promise<TextSalts> {
  const row = await database
    .updateTable('songs')
    .set((eb) => ({
      lyricsSalt: eb.fn.coalesce('lyricsSalt', eb.val(newSalt())),
      creativeNotesSalt: eb.fn.coalesce('creativeNotesSalt', eb.val(newSalt())),
    }))
    .where('id', '=', songId)
    .returning(['lyricsSalt', 'creativeNotesSalt'])
    .executeTakeFirstOrThrow()
  return { lyricsSalt: row.lyricsSalt, creativeNotesSalt: row.creativeNotesSalt }
}

/** The tags a manifest is stored with, so a storage search finds it by certificate and by hash. */
export function manifestTags(
  certificateId: string,
  manifestSha256: string,
  version: number = MANIFEST_VERSION,
) {
  return {
    'Content-Type': 'application/json',
    'App-Name': 'ProofTrack',
    'App-Version': String(version),
    'Certificate-Id': certificateId,
    'Content-SHA256': manifestSha256,
  }
}

/** The memo names the manifest's version, so a verifier knows which reader applies before fetching it. */
export function memoText(
  certificateId: string,
  hashHex: string,
  storageId: string,
  version: number = MANIFEST_VERSION,
) {
  return `${MEMO_PREFIX} v${version} ${certificateId} sha256:${hashHex} ar:${storageId}`
}

const MemoPattern = new RegExp(
  `^ProofTrack v([1-9][0-9]{0,2}) (${CERTIFICATE_ID_SOURCE}) sha256:([0-9a-f]{64}) ar:([A-Za-z0-9_-]{1,100})$`,
)

/** Any version's memo (they share one grammar); whether the version is known is the verifier's question. */
export function parseMemo(text: string | null) {
  const match = text ? MemoPattern.exec(text) : null
  return match
    ? {
        version: Number(match[1]),
        certificateId: match[2]!,
        sha256: match[3]!,
        storageId: match[4]!,
      }
    : null
}

/** A private text's published form in a manifest of any version. */
export type PublishedText = { alg: 'sha256'; value: string } | Commitment

/**
 * The reader of each manifest version: its schema and where it keeps the private texts' digests.
 * A version missing here is one this code cannot vouch for, and verification says so.
 */
export const MANIFEST_VERSIONS = {
  1: {
    schema: ManifestV1Schema,
    privateTexts: (m: ManifestV1): Record<PrivateText, PublishedText | null> => ({
      lyrics: m.lyricsSha256 === null ? null : { alg: 'sha256', value: m.lyricsSha256 },
      creativeNotes:
        m.creativeNotesSha256 === null ? null : { alg: 'sha256', value: m.creativeNotesSha256 },
    }),
  },
  2: {
    schema: ManifestV2Schema,
    privateTexts: (m: ManifestV2): Record<PrivateText, PublishedText | null> => ({
      lyrics: m.lyricsCommitment,
      creativeNotes: m.creativeNotesCommitment,
    }),
  },
  3: {
    schema: ManifestV3Schema,
    privateTexts: (m: ManifestV3): Record<PrivateText, PublishedText | null> => ({
      lyrics: m.lyricsCommitment,
      creativeNotes: m.creativeNotesCommitment,
    }),
  },
  4: {
    schema: ManifestV4Schema,
    privateTexts: (m: ManifestV4): Record<PrivateText, PublishedText | null> => ({
      lyrics: m.lyricsCommitment,
      creativeNotes: m.creativeNotesCommitment,
    }),
  },
  5: {
    schema: ManifestV5Schema,
    privateTexts: (m: ManifestV5): Record<PrivateText, PublishedText | null> => ({
      lyrics: m.lyricsCommitment,
      creativeNotes: m.creativeNotesCommitment,
    }),
  },
  6: {
    schema: ManifestV6Schema,
    privateTexts: (m: ManifestV6): Record<PrivateText, PublishedText | null> => ({
      lyrics: m.lyricsCommitment,
      creativeNotes: m.creativeNotesCommitment,
    }),
  },
  7: {
    schema: ManifestV7Schema,
    privateTexts: (m: ManifestV7): Record<PrivateText, PublishedText | null> => ({
      lyrics: m.lyricsCommitment,
      creativeNotes: m.creativeNotesCommitment,
    }),
  },
} as const
export type PrivateText = 'lyrics' | 'creativeNotes'

export type ReadManifest =
  | { version: 1; manifest: ManifestV1 }
  | { version: 2; manifest: ManifestV2 }
  | { version: 3; manifest: ManifestV3 }
  | { version: 4; manifest: ManifestV4 }
  | { version: 5; manifest: ManifestV5 }
  | { version: 6; manifest: ManifestV6 }
  | { version: 7; manifest: ManifestV7 }
  | { version: number | null; manifest: null; problem: string }

/** Reads a manifest with its own version's schema; null when the version is unknown or the content does not fit. */
export function readManifest(value: unknown): ReadManifest {
  const version =
    typeof value === 'object' &&
    value !== null &&
    'version' in value &&
    typeof value.version === 'number'
      ? value.version
      : null
  if (version === 1) {
    const parsed = ManifestV1Schema.safeParse(value)
    if (parsed.success) return { version, manifest: parsed.data }
    return { version, manifest: null, problem: describeIssue(parsed.error.issues[0]) }
  }
  if (version === 2) {
    const parsed = ManifestV2Schema.safeParse(value)
    if (parsed.success) return { version, manifest: parsed.data }
    return { version, manifest: null, problem: describeIssue(parsed.error.issues[0]) }
  }
  if (version === 3) {
    const parsed = ManifestV3Schema.safeParse(value)
    if (parsed.success) return { version, manifest: parsed.data }
    return { version, manifest: null, problem: describeIssue(parsed.error.issues[0]) }
  }
  if (version === 4) {
    const parsed = ManifestV4Schema.safeParse(value)
    if (parsed.success) return { version, manifest: parsed.data }
    return { version, manifest: null, problem: describeIssue(parsed.error.issues[0]) }
  }
  if (version === 5) {
    const parsed = ManifestV5Schema.safeParse(value)
    if (parsed.success) return { version, manifest: parsed.data }
    return { version, manifest: null, problem: describeIssue(parsed.error.issues[0]) }
  }
  if (version === 6) {
    const parsed = ManifestV6Schema.safeParse(value)
    if (parsed.success) return { version, manifest: parsed.data }
    return { version, manifest: null, problem: describeIssue(parsed.error.issues[0]) }
  }
  if (version === 7) {
    const parsed = ManifestV7Schema.safeParse(value)
    if (parsed.success) return { version, manifest: parsed.data }
    return { version, manifest: null, problem: describeIssue(parsed.error.issues[0]) }
  }
  return {
    version,
    manifest: null,
    problem:
      version === null
        ? 'It has no version number'
        : `Version ${version} is not one this verifier knows`,
  }
}

function describeIssue(issue: { path: PropertyKey[]; message: string } | undefined) {
  if (!issue) return 'It does not fit its version'
  return `${issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : ''}${issue.message}`
}

/** The private texts' published digests of a manifest read by readManifest. */
export function publishedTexts(
  read: ReadManifest,
): Record<PrivateText, PublishedText | null> | null {
  if (read.manifest === null) return null
  if (read.version === 1) return MANIFEST_VERSIONS[1].privateTexts(read.manifest)
  if (read.version === 2) return MANIFEST_VERSIONS[2].privateTexts(read.manifest)
  if (read.version === 3) return MANIFEST_VERSIONS[3].privateTexts(read.manifest)
  if (read.version === 4) return MANIFEST_VERSIONS[4].privateTexts(read.manifest)
  if (read.version === 5) return MANIFEST_VERSIONS[5].privateTexts(read.manifest)
  return read.version === 6
    ? MANIFEST_VERSIONS[6].privateTexts(read.manifest)
    : MANIFEST_VERSIONS[7].privateTexts(read.manifest)
}

/** A fingerprint as any version publishes it: v3 and v4 had one, unlabelled (label null). */
export type PublishedRecording = Omit<LabelledRecording, 'label'> & { label: string | null }

/**
 * The fingerprinted files a manifest publishes: a v3/v4 record's single recording as a list of
 * one without a label (empty when it had none), undefined for versions 1 and 2, which had no
 * such field (so "none declared" and "not recorded in this version" stay apart).
 */
export function publishedRecordings(read: ReadManifest): PublishedRecording[] | undefined {
  if (read.manifest === null) return undefined
  if (read.version === 5 || read.version === 6 || read.version === 7)
    return read.manifest.recordings
  if (read.version === 3 || read.version === 4)
    return read.manifest.recording ? [{ ...read.manifest.recording, label: null }] : []
  return undefined
}

/**
 * The earlier record a manifest names: null for a version 4 to 7 first version, undefined for
 * versions 1 to 3, which could not name one.
 */
export function publishedSupersedes(read: ReadManifest): Supersedes | null | undefined {
  if (read.manifest === null) return undefined
  return read.version === 4 || read.version === 5 || read.version === 6 || read.version === 7
    ? read.manifest.supersedes
    : undefined
}

/** A confirmation as any version records it: before version 6, with no Latin-script name. */
export type PublishedConfirmation = Confirmation & { creditedLatinName: string | null }

/**
 * The confirmations a manifest records: a list (maybe empty) for versions 5 and 6, undefined for
 * versions 1 to 4, which could not record any (so every share there is the submitter's word).
 */
export function publishedConfirmations(read: ReadManifest): PublishedConfirmation[] | undefined {
  if (read.manifest === null) return undefined
  if (read.version === 6 || read.version === 7) return read.manifest.confirmations
  return read.version === 5
    ? read.manifest.confirmations.map((c) => ({ ...c, creditedLatinName: null }))
    : undefined
}

/**
 * A contributor as any version records them: before version 6 with no Latin-script name, before
 * version 7 with no publisher.
 */
export type PublishedContributor = ManifestV7['contributors'][number]

/** The contributors a manifest names, each with every field of version 7 (null where it had none). */
export function publishedContributors(read: ReadManifest): PublishedContributor[] {
  if (read.manifest === null) return []
  if (read.version === 7) return read.manifest.contributors
  const noPublisher = { publisher: null, publisherIpi: null }
  if (read.version === 6) return read.manifest.contributors.map((c) => ({ ...c, ...noPublisher }))
  return read.manifest.contributors.map((c) => ({ ...c, latinName: null, ...noPublisher }))
}

/**
 * The AI tools a manifest names (decision 119): a list (maybe empty: none named) for version 7,
 * null for the versions before it, which could name none ("AI tools not named").
 */
export function publishedAiTools(read: ReadManifest): AiTool[] | null {
  return read.manifest !== null && read.version === 7 ? read.manifest.aiTools : null
}

/** Whether a text (and its salt, for a commitment) opens a published digest. */
export function opens(published: PublishedText, text: string, salt: string | null) {
  if (published.alg === 'sha256') return sha256Hex(text) === published.value
  return (
    salt !== null &&
    /^[0-9a-f]{64}$/.test(salt) &&
    textCommitment(salt, text).value === published.value
  )
}
