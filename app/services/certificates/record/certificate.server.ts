import type { ContributorStatus } from '~/lib/confirmations'
import { type ContributorSlot, contributorSlots } from '~/lib/song-constants'
import { readBlockchainData } from './blockchain-data.server'
import { recordingFingerprints } from './manifest.server'
import type { Executor } from '../../platform/db.server'
import {
  certificateAccess,
  type RegistrationView,
  songQuery,
  type SongView,
  toView,
} from '../../songs/songs.server'
import { certificateStamps, snapshotStampsOf } from './snapshot-timestamps.server'
import {
  liveInvitationsOf,
  type SlotStatus,
  slotStatuses,
} from '../../co-writers/split-statuses.server'
import { registeredSuccessorOf, toVersionLinks } from '../../songs/versions.server'

/** Only http(s) or same-site paths become links: a stored `javascript:` URL must never be clickable. */
function linkable(value: string | undefined) {
  if (value === undefined) return null
  return /^https?:\/\/\S+$/i.test(value) || /^\/[^/\\]/.test(value) ? value : null
}

/**
 * The registration as a certificate shows it: what a verifier needs to find the record (the
 * transaction, the network it is on, where the manifest is stored) and the spec's fee and wallet
 * facts. Never the payment, the program logs, the signed transaction or the error text.
 */
function certificateRegistration(registration: RegistrationView) {
  const data = readBlockchainData(registration.blockchainData)
  return {
    status: registration.status,
    transactionSignature: registration.transactionSignature,
    walletAddress: registration.walletAddress,
    registrationFee: registration.registrationFee,
    createdAt: registration.createdAt,
    network: registration.network,
    storageKind: registration.storageKind,
    storageGateway: registration.storageGateway,
    explorerUrl: linkable(data.explorerUrl),
    storageUrl: linkable(data.storageUrl),
  }
}
export type CertificateRegistration = ReturnType<typeof certificateRegistration>

/** The fingerprinted files as the manifest publishes them: each file name only when the owner chose. */
function publicRecordings(song: SongView) {
  return recordingFingerprints(song).map((f) => ({
    label: f.label,
    sha256: f.sha256,
    size: f.size,
    mediaType: f.mediaType,
    fileName: f.fileName,
  }))
}
export type PublicRecording = ReturnType<typeof publicRecordings>[number]

/**
 * The confirmations the registered record holds (decision 042); null while the song is not
 * registered. A registration from before confirmations existed records none: an empty list.
 */
export function recordedConfirmations(song: Pick<SongView, 'registration'>) {
  const registered = song.registration?.status === 'confirmed' ? song.registration : null
  return registered ? (readBlockchainData(registered.blockchainData).confirmations ?? []) : null
}
type RecordedConfirmation = NonNullable<ReturnType<typeof recordedConfirmations>>[number]

/** A slot's standing as the record holds it: confirmed with its date when it carries one, else declared. */
export function recordedStatus(
  slot: ContributorSlot,
  recorded: RecordedConfirmation[],
): ContributorStatus {
  const found = recorded.find((c) => c.role === slot)
  return found
    ? {
        slot,
        status: 'confirmed',
        confirmedAt: found.confirmedAt,
        creditedName: found.creditedName,
        creditedLatinName: found.creditedLatinName ?? null,
        pro: found.pro ?? null,
        ipi: found.ipi ?? null,
      }
    : { slot, status: 'declared' }
}

/** A slot's live standing, for the owner of an unregistered song: disputes come with their reason. */
export function liveStatus(s: SlotStatus): ContributorStatus {
  if (s.status === 'confirmed')
    return {
      slot: s.slot,
      status: 'confirmed',
      confirmedAt: s.decidedAt,
      creditedName: s.creditedName,
      creditedLatinName: s.creditedLatinName,
      pro: s.pro,
      ipi: s.ipi,
    }
  if (s.status === 'disputed')
    return { slot: s.slot, status: 'disputed', decidedAt: s.decidedAt, reason: s.disputeReason }
  return { slot: s.slot, status: s.status }
}

/** Each contributor's standing as the registered record holds it; all declared until registered. */
function recordedStatuses(song: SongView): {
  recorded: boolean
  contributors: ContributorStatus[]
} {
  const recorded = recordedConfirmations(song)
  return {
    recorded: recorded !== null,
    contributors: contributorSlots(song).map(({ slot }) => recordedStatus(slot, recorded ?? [])),
  }
}

/** The owner's live view of an unregistered song: invitations, confirmations and disputes (with reasons). */
function liveStatuses(statuses: SlotStatus[]): {
  recorded: boolean
  contributors: ContributorStatus[]
} {
  return { recorded: false, contributors: statuses.map(liveStatus) }
}

/**
 * What anyone may see of a registered song: the declared facts the public manifest holds anyway,
 * and the registration record. Built key by key, so a column added to songs never leaks by
 * default — no user id, no song row id, no lyrics or creative notes, no payment (decision 020).
 */
export function publicCertificate(song: SongView) {
  return {
    certificateId: song.certificateId,
    title: song.title,
    dateCreated: song.dateCreated,
    createdAt: song.createdAt,
    contributorName: song.contributorName,
    coContributorName: song.coContributorName,
    coContributorName2: song.coContributorName2,
    contributorLatinName: song.contributorLatinName,
    coContributorLatinName: song.coContributorLatinName,
    coContributor2LatinName: song.coContributor2LatinName,
    mainContributorPro: song.mainContributorPro,
    coContributorPro: song.coContributorPro,
    coContributor2Pro: song.coContributor2Pro,
    mainContributorProNumber: song.mainContributorProNumber,
    coContributorProNumber: song.coContributorProNumber,
    coContributor2ProNumber: song.coContributor2ProNumber,
    // Issue 51 (decision 117): what the writers' shares of the song are derived with.
    contributorWroteMelody: song.contributorWroteMelody,
    coContributorWroteMelody: song.coContributorWroteMelody,
    coContributor2WroteMelody: song.coContributor2WroteMelody,
    wordsWeightPercent: song.wordsWeightPercent,
    // Issue 51.3 and 51.5 (decision 119): in a v7 record's manifest, so public once registered.
    mainContributorPublisher: song.mainContributorPublisher,
    mainContributorPublisherIpi: song.mainContributorPublisherIpi,
    coContributorPublisher: song.coContributorPublisher,
    coContributorPublisherIpi: song.coContributorPublisherIpi,
    coContributor2Publisher: song.coContributor2Publisher,
    coContributor2PublisherIpi: song.coContributor2PublisherIpi,
    aiTools: song.aiTools,
    toolsUsed: song.toolsUsed,
    fileLink: song.fileLink,
    genre: song.genre,
    isrc: song.isrc,
    iswc: song.iswc,
    upc: song.upc,
    otherIdentifier: song.otherIdentifier,
    contributions: song.contributions.map((row) => ({
      component: row.component,
      contributorPercent: row.contributorPercent,
      coContributorPercent: row.coContributorPercent,
      coContributor2Percent: row.coContributor2Percent,
      aiPercent: row.aiPercent,
    })),
    recordings: publicRecordings(song),
    confirmations: recordedStatuses(song),
    registration:
      song.registration && song.registration.status === 'confirmed'
        ? certificateRegistration(song.registration)
        : null,
  }
}
export type PublicCertificate = ReturnType<typeof publicCertificate>

/**
 * The owner's certificate: the public facts, the private texts, and a registration in any state.
 * Until the song is registered, the contributors' statuses are the live ones (`live`).
 */
export function ownerCertificate(song: SongView, live: SlotStatus[] | null = null) {
  const pub = publicCertificate(song)
  return {
    ...pub,
    confirmations:
      pub.confirmations.recorded || live === null ? pub.confirmations : liveStatuses(live),
    registration: song.registration ? certificateRegistration(song.registration) : null,
    lyrics: song.lyrics,
    creativeNotes: song.creativeNotes,
  }
}
export type OwnerCertificate = ReturnType<typeof ownerCertificate>

/**
 * The owner's choices the song's writers' shares are derived with (issue 51; absent: no and
 * 50/50), and the publishers and AI tools (absent: none, "AI tools not named"), so a view built
 * before them still renders.
 */
type WriterChoices =
  | 'contributorWroteMelody'
  | 'coContributorWroteMelody'
  | 'coContributor2WroteMelody'
  | 'wordsWeightPercent'
  | 'mainContributorPublisher'
  | 'mainContributorPublisherIpi'
  | 'coContributorPublisher'
  | 'coContributorPublisherIpi'
  | 'coContributor2Publisher'
  | 'coContributor2PublisherIpi'
  | 'aiTools'

/** What a certificate view renders: the public facts, and the private texts for the owner. */
export type CertificateView = Omit<PublicCertificate, WriterChoices> &
  Partial<Pick<PublicCertificate, WriterChoices>> &
  Partial<Pick<OwnerCertificate, 'lyrics' | 'creativeNotes'>>

/**
 * The certificate for one viewer, with the song's version links, in one statement (issue 16):
 * the owner gets the full view, with the live statuses of an unregistered song's contributors;
 * anyone else the public projection, and only once the song is registered (certificateAccess).
 */
export async function certificateFor(
  database: Executor,
  songId: number,
  viewerId: string | null,
  now = new Date(),
) {
  const row = await songQuery(database)
    .select((eb) => [
      liveInvitationsOf(eb, viewerId).as('liveInvitations'),
      registeredSuccessorOf(eb).as('supersededBy'),
      snapshotStampsOf(eb, viewerId).as('snapshotStamps'),
    ])
    .where('songs.id', '=', songId)
    .executeTakeFirst()
  if (!row) return null
  const { liveInvitations, supersededBy, snapshotStamps, ...songRow } = row
  const found = certificateAccess(toView(songRow), viewerId)
  if (!found) return null
  const links = toVersionLinks(found.song.supersedes, supersededBy)
  const timestamps = certificateStamps(snapshotStamps, found.isOwner)
  if (!found.isOwner)
    return {
      isOwner: false as const,
      certificate: publicCertificate(found.song),
      links,
      timestamps,
    }
  const live =
    found.song.registration?.status !== 'confirmed'
      ? slotStatuses(found.song, liveInvitations, now)
      : null
  return {
    isOwner: true as const,
    certificate: ownerCertificate(found.song, live),
    links,
    timestamps,
    // Not part of the certificate: what the owner's DDEX export needs (issue 40).
    durationSeconds: found.song.durationSeconds,
  }
}
