import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'

// Table types in camelCase; the CamelCasePlugin maps them to the snake_case columns of db/migrations.
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
type CreatedAt = ColumnType<Date, Date | string | undefined, never>
// PostgreSQL numeric arrives as a string on both drivers so no precision is lost.
type Numeric = ColumnType<string, string | number | undefined, string | number>
type Json = ColumnType<unknown, string | undefined, string>

export const COMPONENTS = ['lyrics', 'vocals', 'instrumentation', 'production', 'mixing'] as const
export type Component = (typeof COMPONENTS)[number]

/** Where a registration went (db/migrations/2026-11-23T0300-registration-network.ts checks the same values). */
export type Network = 'local-ledger' | 'localnet' | 'devnet' | 'testnet' | 'mainnet-beta'
export type StorageKind = 'local-store' | 'arweave'

export interface UsersTable {
  id: Generated<string>
  email: string
  username: string
  passwordHash: string | null
  firstName: string | null
  lastName: string | null
  profileImageUrl: string | null
  authProvider: Generated<string>
  externalId: string | null
  emailVerified: Generated<boolean>
  stripeCustomerId: string | null
  subscriptionTier: Generated<string>
  stripeSubscriptionId: string | null
  /** IANA zone chosen for dates shown without JavaScript; null: the browser's, else UTC. */
  timeZone: string | null
  createdAt: CreatedAt
  updatedAt: Timestamp
  /** Set when the account was deleted: the row is then an empty tombstone (decision 061). */
  deletedAt: Date | null
  /** When the owner disconnected Google: a Google account with this address no longer links itself. */
  googleDisconnectedAt: ColumnType<Date | null, Date | null | undefined, Date | null>
  /** How many times the account signed in (decision 115): the first is greeted "Welcome". */
  signIns: Generated<number>
  /** The account's own PRO and PRO number (decision 118): a new song's main contributor's by default. */
  pro: ColumnType<string | null, string | null | undefined, string | null>
  proNumber: ColumnType<string | null, string | null | undefined, string | null>
  /** The language the person chose (decision 120): a tag of app/i18n/locales.ts, or null. */
  locale: ColumnType<string | null, string | null | undefined, string | null>
}

export interface SessionsTable {
  /** SHA-256 (hex) of the id the cookie holds; the id itself is never stored (decision 077). */
  sidHash: string
  sess: Json
  expire: Date
  userId: string | null
  createdAt: CreatedAt
  /** Moved forward at most every few minutes (touchSession), not on every request. */
  lastSeenAt: Generated<Date>
  /** The browser's own User-Agent at sign-in, cut to 512 characters: shown in the sessions list. */
  userAgent: string | null
  /** The last time this session proved its owner again (the re-auth page); sign-in counts as createdAt. */
  reauthenticatedAt: Date | null
  /** When this session passed a second factor (a TOTP or recovery code, or a passkey); null: none. */
  secondFactorAt: Date | null
}

/** A user's TOTP key (decision 063): sealed, never in clear; unconfirmed while enrolment waits. */
export interface UserTwoFactorsTable {
  userId: string
  sealedSecret: string
  /** Salts the recovery codes' digests, so equal codes of two users never look alike. */
  recoverySalt: string
  confirmedAt: Date | null
  /** The RFC 6238 time step of the last code accepted: a code is never taken twice. */
  lastUsedStep: number | null
  createdAt: CreatedAt
}

/** One single-use recovery code, kept as the SHA-256 of the user's salt and the code. */
export interface TwoFactorRecoveryCodesTable {
  id: Generated<number>
  userId: string
  codeHash: string
  usedAt: Date | null
}

export interface TokenTable {
  id: Generated<number>
  userId: string
  token: string
  expiresAt: Date
  used: Generated<boolean>
  createdAt: CreatedAt
}

/** A change of address waiting for its link, mailed to the new address (decision 067). */
export interface EmailChangeTokensTable {
  id: Generated<number>
  userId: string
  newEmail: string
  /** SHA-256 of the mailed token; the token itself is never stored. */
  tokenHash: string
  expiresAt: Date
  createdAt: CreatedAt
}

/** A reset asked for an address, waiting for the mail worker to resolve it (decision 015). */
export interface PasswordResetRequestsTable {
  id: Generated<number>
  email: string
  createdAt: CreatedAt
}

export interface EmailVerificationTokensTable extends TokenTable {
  /** Wrong guesses at a mailed code; the code is void when they reach the cap. */
  attempts: Generated<number>
}

export interface SongsTable {
  id: Generated<number>
  userId: string
  title: string
  contributorName: string
  coContributorName: string | null
  coContributorName2: string | null
  /** Issue 26: each contributor's name in Latin script, when it is written in another (optional). */
  contributorLatinName: ColumnType<string | null, string | null | undefined, string | null>
  coContributorLatinName: ColumnType<string | null, string | null | undefined, string | null>
  coContributor2LatinName: ColumnType<string | null, string | null | undefined, string | null>
  dateCreated: ColumnType<string, string, string>
  lyrics: string | null
  toolsUsed: string
  fileLink: string
  arweaveId: string | null
  certificateId: string
  genre: string | null
  isrc: string | null
  iswc: string | null
  upc: string | null
  otherIdentifier: string | null
  creativeNotes: string | null
  mainContributorPro: string | null
  coContributorPro: string | null
  coContributor2Pro: string | null
  mainContributorProNumber: string | null
  coContributorProNumber: string | null
  coContributor2ProNumber: string | null
  createdAt: CreatedAt
  updatedAt: Timestamp
  /** Private: the salts of the lyrics and notes commitments (64 hex characters), set at the first registration. */
  lyricsSalt: string | null
  creativeNotesSalt: string | null
  /** The registered song this one is a new version of (issue 14); set when the draft is created. */
  supersedesSongId: ColumnType<number | null, number | null | undefined, number | null>
  /** Issue 40: the recording's length in whole seconds (DDEX requires one); null until given. */
  durationSeconds: ColumnType<number | null, number | null | undefined, number | null>
  /** Issue 51 (decision 117): each contributor wrote the melody (topline): their vocals count as music. */
  contributorWroteMelody: ColumnType<boolean, boolean | undefined, boolean>
  coContributorWroteMelody: ColumnType<boolean, boolean | undefined, boolean>
  coContributor2WroteMelody: ColumnType<boolean, boolean | undefined, boolean>
  /** Issue 51: the words' percent of the song (1–99; music gets the rest), 50 unless set. */
  wordsWeightPercent: ColumnType<number, number | undefined, number>
  /** Issue 51.3 (decision 119): each contributor's publisher and its IPI name number. */
  mainContributorPublisher: ColumnType<string | null, string | null | undefined, string | null>
  mainContributorPublisherIpi: ColumnType<string | null, string | null | undefined, string | null>
  coContributorPublisher: ColumnType<string | null, string | null | undefined, string | null>
  coContributorPublisherIpi: ColumnType<string | null, string | null | undefined, string | null>
  coContributor2Publisher: ColumnType<string | null, string | null | undefined, string | null>
  coContributor2PublisherIpi: ColumnType<string | null, string | null | undefined, string | null>
  /** Issue 51.5: the AI tools named, `[{ name, components }]` as JSON; null: saved before, not named. */
  aiTools: ColumnType<unknown, string | null | undefined, string | null>
}

/**
 * A token hash a resend replaced (issue 52.12, decision 115): its link opens nothing, and says a
 * newer invitation was mailed instead of "not found".
 */
export interface ReplacedInvitationTokensTable {
  tokenHash: string
  invitationId: number
  replacedAt: CreatedAt
}

/** Issue 13: an invitation to confirm or dispute one contributor slot's share (decision 041). */
export interface SplitInvitationsTable {
  id: Generated<number>
  songId: number
  slot: 'main' | 'co-contributor' | 'co-contributor-2'
  /** Private to the owner; the manifest carries only a salted commitment to it. */
  email: string
  emailSalt: string
  /** SHA-256 of the mailed token; the token itself is never stored. */
  tokenHash: string
  /** The split the invitee was shown (splitDigest); editing the split voids the invitation. */
  splitSha256: string
  expiresAt: Timestamp
  sentCount: Generated<number>
  lastSentAt: Timestamp
  createdAt: CreatedAt
  revokedAt: Date | null
  voidedAt: Date | null
  decision: 'confirmed' | 'disputed' | null
  decidedAt: Date | null
  creditedName: string | null
  /** Issue 26: the credited name in Latin script, when the co-writer gave one. */
  creditedLatinName: ColumnType<string | null, string | null | undefined, string | null>
  pro: string | null
  ipi: string | null
  disputeReason: string | null
  /** When the owner was told of the decision (the toast on their next visit). */
  ownerNotifiedAt: Date | null
  /**
   * A dispute outlives the edit that voids its invitation (issue 24): set when the co-writer who
   * disputed answers a later invitation for the slot, or an edit removes the slot.
   */
  disputeLiftedAt: Date | null
  /**
   * The name the slot held when this was sent (decision 087): a dispute is that person's, not the
   * slot's. Null for rows whose slot was empty when names began to be kept.
   */
  invitedName: ColumnType<string | null, string | null | undefined, string | null>
}

/**
 * An address that refused every further invitation, as SHA-256 of its canonical spelling
 * (decision 054; rows before it: of the trimmed, lower-cased address).
 */
export interface InvitationRefusalsTable {
  addressSha256: string
  refusedAt: Generated<Date>
}

/** Invitation mails sent to one address (SHA-256) on one UTC day, from every owner together. */
export interface InvitationMailDaysTable {
  addressSha256: string
  day: string
  sent: number
}

/** Invitation mails one owner sent one address (SHA-256) on one UTC day (decision 054). */
export interface InvitationSenderDaysTable {
  senderId: string
  addressSha256: string
  day: string
  sent: number
}

/** One fingerprinted file of a song (decisions 026 and 040): SHA-256 of its bytes, never the file. */
export interface SongRecordingsTable {
  songId: number
  /** 0 to 4, in the order the writer gave the files. */
  position: number
  label: string
  sha256: string
  size: ColumnType<string, number, number>
  mediaType: string | null
  /** Kept for the owner; published only when showFileName is true. */
  fileName: string | null
  showFileName: Generated<boolean>
}

export interface CreativeContributionsTable {
  id: Generated<number>
  songId: number
  component: Component
  contributorPercent: Numeric
  coContributorPercent: Numeric
  coContributor2Percent: Numeric
  aiPercent: Numeric
}

export interface BlockchainRegistrationsTable {
  id: Generated<number>
  songId: number
  walletAddress: string | null
  transactionSignature: string | null
  blockchainData: Json | null
  registrationFee: Numeric
  status: Generated<string>
  blockTime: ColumnType<string | null, number | string | null | undefined, number | string | null>
  confirmationStatus: string | null
  createdAt: CreatedAt
  updatedAt: Generated<Date>
  /** Where it was anchored, written when claimed (decision 019); NULL on rows that never recorded it. */
  network: Network | null
  /** Where its manifest was stored; the Arweave gateway it used, for Arweave. */
  storageKind: StorageKind | null
  storageGateway: string | null
  /** The song's supersedesSongId, copied at the claim: one live registration per superseded song. */
  supersedesSongId: ColumnType<number | null, number | null | undefined, number | null>
}

export interface MonthlyUsageTable {
  id: Generated<number>
  userId: string
  month: number
  year: number
  registrationsUsed: Generated<number>
  createdAt: CreatedAt
  updatedAt: Timestamp
}

export interface PaymentHistoryTable {
  id: Generated<number>
  userId: string | null
  stripePaymentIntentId: string
  amount: Numeric
  currency: Generated<string>
  status: string
  description: string | null
  metadata: Json | null
  createdAt: CreatedAt
  /** The song this payment buys one registration for. */
  songId: number | null
  stripeCheckoutSessionId: string | null
  /** The registration holding this credit: set by a claim, cleared when that registration fails. */
  registrationId: number | null
  /** Set when the registration holding the credit is confirmed: the credit is spent. */
  consumedAt: Date | null
  /** When a refund or dispute (status 'refunded' / 'disputed') stopped this payment being a credit. */
  voidedAt: Date | null
}

export interface SubscriptionPlansTable {
  id: Generated<number>
  name: string
  displayName: string
  monthlyRegistrations: number
  pricePerMonth: Numeric
  pricePerRegistration: Numeric
  stripePriceId: string | null
  features: Json | null
  active: Generated<boolean>
  createdAt: CreatedAt
}

export interface AnalyticsEventsTable {
  id: Generated<string>
  eventType: string
  userId: string | null
  sessionId: string | null
  pagePath: string | null
  userAgent: string | null
  ipAddress: string | null
  metadata: Json | null
  createdAt: CreatedAt
  /** Who vouches for the row; 'anonymous' rows are shown to the admin as unverified. */
  source: ColumnType<AnalyticsSource, AnalyticsSource | undefined, AnalyticsSource>
}

/** 'server': a page the server served; 'user': sent with a session; 'anonymous': sent without one. */
export type AnalyticsSource = 'server' | 'user' | 'anonymous'

export interface ContactMessagesTable {
  id: Generated<number>
  name: string
  email: string
  subject: string
  message: string
  userId: string | null
  ipAddress: string | null
  createdAt: CreatedAt
}

export interface MailOutboxTable {
  id: Generated<number>
  toAddress: string
  fromAddress: string
  replyTo: string | null
  subject: string
  /** The body sealed with AES-256-GCM (app/services/platform/mail.server.ts); wiped once delivered. */
  sealedBody: string | null
  /** queued (waiting or between retries), sent, or failed (given up); `error` is the last failure. */
  status: Generated<'queued' | 'sent' | 'failed'>
  error: string | null
  createdAt: CreatedAt
  sentAt: Date | null
  /** Delivery attempts started, counted when a worker claims the message. */
  attempts: Generated<number>
  nextAttemptAt: Generated<Date>
  /** A worker's claim: until then no other worker takes the message. */
  lockedUntil: Date | null
  /** 'smtp', or 'file' for the development mailbox under DATA_DIR/mail. */
  deliveredVia: 'smtp' | 'file' | null
  /** The List-Unsubscribe URL of a mail that carries one (invitations, issue 24). */
  listUnsubscribe: string | null
  /** A deleted account's final mail: its address is blanked once delivered or given up (decision 067). */
  forgetRecipient: Generated<boolean>
}

/** The record audit's latest result per confirmed registration (app/services/admin/record-audit.server.ts). */
export interface RecordAuditsTable {
  registrationId: number
  certificateId: string
  ok: boolean
  /** Why it failed: the first failed check, as the verification page words it. */
  reason: string | null
  checkedAt: Date | null
  claimedUntil: Date | null
}

/** One snapshot of a song and its RFC 3161 timestamp (issue 29, decision 057). */
export interface SnapshotTimestampsTable {
  id: Generated<number>
  songId: number
  /** What made the snapshot: the song created, edited, details added, or registered. */
  reason: 'created' | 'edited' | 'details' | 'registered'
  /** The exact canonical manifest (UTF-8) whose SHA-256 the TSA signs. */
  manifest: string
  manifestSha256: string
  status: Generated<'pending' | 'stamped'>
  /** The TSA's whole answer, a DER TimeStampResp (the `.tsr` file). */
  response: Uint8Array | null
  tsaName: string | null
  tsaKind: 'local' | 'rfc3161' | null
  /** The certificates (PEM) that `openssl ts -verify -CAfile` checks this token with. */
  tsaChainPem: string | null
  /** The TSA's time (TSTInfo genTime). */
  stampedAt: Date | null
  tokenSerial: string | null
  attempts: Generated<number>
  nextAttemptAt: Generated<Date>
  /** A worker's claim: until then no other worker takes the row. */
  lockedUntil: Date | null
  lastError: string | null
  createdAt: CreatedAt
}

export interface RateLimitsTable {
  key: string
  windowStart: Date
  hits: number
}

/** One uploaded landing video; its bytes are in landingVideoChunks (decision 024). */
export interface LandingVideosTable {
  id: Generated<number>
  fileName: string
  contentType: string
  /** Every chunk but the last holds exactly this many bytes. */
  chunkBytes: number
  size: Generated<number>
  createdAt: CreatedAt
  /** Set once every chunk is in; until then nothing serves the video. */
  completedAt: Date | null
}

export interface LandingVideoChunksTable {
  videoId: number
  seq: number
  data: Uint8Array
}

/** A passkey (WebAuthn credential) of an account (issue 28, decision 064). */
export interface PasskeysTable {
  id: Generated<number>
  userId: string
  /** The credential's id, base64url, as the authenticator gave it. */
  credentialId: string
  /** The COSE public key the assertions are checked against. */
  publicKey: Uint8Array
  /** The authenticator's signature counter (bigint: a string from pg, a number from PGlite; read with Number). */
  counter: ColumnType<string | number, number | undefined, number>
  /** The ways the authenticator said it can be reached (usb, internal, hybrid...), comma-separated. */
  transports: Generated<string>
  name: string
  createdAt: CreatedAt
  lastUsedAt: Date | null
}

/** A challenge the server issued for one ceremony: five minutes, one use. */
export interface PasskeyChallengesTable {
  id: string
  challenge: string
  purpose: 'register' | 'sign-in'
  /** Whose registration it is; null for a sign-in (bound to a signed cookie instead). */
  userId: string | null
  expiresAt: Date
}

/**
 * Moves with every change to what the owner's song lists show, by trigger (decision 089): the
 * key of the answers kept for them and of their ETags.
 */
export interface OwnerDataVersionsTable {
  userId: string
  version: Generated<string>
}

/** What a kept document is (decision 104): the PDFs made, and signed, once per snapshot. */
export type KeptDocumentKind = 'certificate' | 'split-sheet'
/** Whose view a kept document prints: a visitor's public projection, or the owner's. */
export type KeptDocumentProjection = 'public' | 'owner'

/**
 * A PDF made once per snapshot of what it prints, read by every app server (decision 104).
 * `snapshot` is the SHA-256 (hex) of the renderer and of the whole job it was given.
 */
export interface KeptDocumentsTable {
  songId: number
  kind: KeptDocumentKind
  projection: KeptDocumentProjection
  timeZone: string
  snapshot: string
  bytes: Uint8Array
  /** The bytes' SHA-256 (hex). */
  sha256: string
  createdAt: CreatedAt
}

/**
 * A reviewed song form waiting for "Create Certificate" (issue 52.9, decision 114): the page
 * /submit?review=<id> reads it, and creating the song marks it with the song's id.
 */
export interface ReviewDraftsTable {
  /** 16 random bytes, base64url: the id in the review's address. */
  id: string
  userId: string
  /** The form's name/value pairs as the review read them, as JSON. */
  fields: Json
  /** The song created from it; set once, in the transaction that creates the song. */
  songId: number | null
  createdAt: CreatedAt
  expiresAt: Timestamp
}

export interface Database {
  users: UsersTable
  ownerDataVersions: OwnerDataVersionsTable
  sessions: SessionsTable
  passwordResetTokens: TokenTable
  passwordResetRequests: PasswordResetRequestsTable
  emailVerificationTokens: EmailVerificationTokensTable
  songs: SongsTable
  creativeContributions: CreativeContributionsTable
  splitInvitations: SplitInvitationsTable
  replacedInvitationTokens: ReplacedInvitationTokensTable
  invitationRefusals: InvitationRefusalsTable
  invitationMailDays: InvitationMailDaysTable
  invitationSenderDays: InvitationSenderDaysTable
  songRecordings: SongRecordingsTable
  blockchainRegistrations: BlockchainRegistrationsTable
  monthlyUsage: MonthlyUsageTable
  paymentHistory: PaymentHistoryTable
  subscriptionPlans: SubscriptionPlansTable
  analyticsEvents: AnalyticsEventsTable
  contactMessages: ContactMessagesTable
  mailOutbox: MailOutboxTable
  emailChangeTokens: EmailChangeTokensTable
  recordAudits: RecordAuditsTable
  snapshotTimestamps: SnapshotTimestampsTable
  rateLimits: RateLimitsTable
  landingVideos: LandingVideosTable
  landingVideoChunks: LandingVideoChunksTable
  passkeys: PasskeysTable
  passkeyChallenges: PasskeyChallengesTable
  userTwoFactors: UserTwoFactorsTable
  twoFactorRecoveryCodes: TwoFactorRecoveryCodesTable
  keptDocuments: KeptDocumentsTable
  reviewDrafts: ReviewDraftsTable
}

export type User = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>
export type UserUpdate = Updateable<UsersTable>
export type Song = Selectable<SongsTable>
export type NewSong = Insertable<SongsTable>
export type Contribution = Selectable<CreativeContributionsTable>
export type Registration = Selectable<BlockchainRegistrationsTable>
export type ContactMessage = Selectable<ContactMessagesTable>
export type OutboxMail = Selectable<MailOutboxTable>
export type AnalyticsEvent = Selectable<AnalyticsEventsTable>
