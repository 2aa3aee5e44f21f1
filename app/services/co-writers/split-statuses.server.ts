import { type ExpressionBuilder, sql } from 'kysely'
import { jsonArrayFrom } from 'kysely/helpers/postgres'
import type { Database } from '#db/schema'
import { canonicalJson, sha256Hex } from '~/lib/digest.server'
import { invitedPersonIs } from '~/lib/dispute-person.server'
import {
  type ContributionValues,
  type ContributorColumns,
  type ContributorSlot,
  contributionShares,
  contributorSlots,
} from '~/lib/song-constants'
import type { Executor } from '../platform/db.server'
import { songQuery, type SongView, toView } from '../songs/songs.server'

// Issue 13: each named contributor confirms or disputes their share through a mailed link
// (decision 041). This module is the one place that says what a slot's status is, and what that
// means for registering; the owner's invitations are in invitations.server.ts, the invitee's
// answer in invitation-answers.server.ts.

/**
 * The split an invitee is shown and confirms: every named contributor and every component's
 * percentages. The digest below is taken of exactly this, so what is confirmed is what was shown.
 */
export function inviteeSplit(song: ContributorColumns & { contributions: ContributionValues[] }) {
  return {
    contributors: contributorSlots(song).map(({ slot, name }) => ({ slot, name })),
    contributions: contributionShares(song.contributions),
  }
}

/**
 * The split an invitee is shown, as one digest. An invitation remembers the digest it was sent
 * with; any edit of names or shares changes it, and so voids the confirmations given for the old
 * split. Digests already stored must keep comparing equal: the canonical bytes of this object may
 * never change (tests/services/split-confirmations.test.ts recomputes one the original way).
 */
export function splitDigest(song: ContributorColumns & { contributions: ContributionValues[] }) {
  return sha256Hex(canonicalJson(inviteeSplit(song)))
}

/** A named slot's standing: declared by the submitter only, or where its invitation stands. */
export type SlotStatus =
  | { slot: ContributorSlot; name: string; status: 'declared' }
  | {
      slot: ContributorSlot
      name: string
      status: 'invited' | 'expired'
      invitationId: number
      email: string
      sentAt: string
      expiresAt: string
      /** How many times it was mailed (at most MAX_SENDS). */
      sentCount: number
    }
  | {
      slot: ContributorSlot
      name: string
      status: 'confirmed'
      invitationId: number
      email: string
      emailSalt: string
      decidedAt: string
      creditedName: string
      creditedLatinName: string | null
      pro: string | null
      ipi: string | null
    }
  | {
      slot: ContributorSlot
      name: string
      status: 'disputed'
      invitationId: number
      email: string
      decidedAt: string
      /** For the owner only. */
      disputeReason: string
      /**
       * When an edit re-invited them to answer the changed split (the dispute stands until they
       * do, issue 24); null while the disputed invitation itself is the live one.
       */
      reinvitedAt: string | null
      /**
       * Nothing asks them about the split as it stands (they were named again after a removal,
       * or a re-invitation could not go): the owner may invite them again, deliberately
       * (decision 087).
       */
      notAsked: boolean
    }

/**
 * What a slot's status is read from: a live invitation (not revoked, not voided), and any dispute
 * still in force, which outlives the edit that voided its invitation (issue 24).
 */
const LIVE_INVITATION_COLUMNS = [
  'i.id',
  'i.slot',
  'i.email',
  'i.emailSalt',
  'i.decision',
  'i.decidedAt',
  'i.creditedName',
  'i.creditedLatinName',
  'i.pro',
  'i.ipi',
  'i.disputeReason',
  'i.expiresAt',
  'i.lastSentAt',
  'i.sentCount',
  'i.voidedAt',
  'i.invitedName',
] as const

/** An invitation `i` a status is read from: live, or a dispute still in force. */
const LIVE_OR_DISPUTED = sql<boolean>`((i.revoked_at is null and i.voided_at is null) or (i.decision = 'disputed' and i.dispute_lifted_at is null))`

/**
 * The live invitations of the song in the outer query (`songs`), as a JSON array, for a page that
 * reads a song and its slots' statuses in one statement (issue 16); give them to slotStatuses.
 * Only when the song is `ownerId`'s (addresses and dispute reasons are the owner's alone): for
 * anyone else, or no one signed in, the array is empty.
 */
export function liveInvitationsOf(
  eb: ExpressionBuilder<Database, 'songs'>,
  ownerId: string | null,
) {
  return jsonArrayFrom(
    eb
      .selectFrom('splitInvitations as i')
      .select(LIVE_INVITATION_COLUMNS)
      .whereRef('i.songId', '=', 'songs.id')
      .where(ownerId === null ? sql<boolean>`false` : eb('songs.userId', '=', ownerId))
      .where(LIVE_OR_DISPUTED),
  )
}

/** A live invitation as read from a row (dates as Date) or from a JSON array (dates as text). */
export interface LiveInvitation {
  id: number
  slot: ContributorSlot
  email: string
  emailSalt: string
  decision: 'confirmed' | 'disputed' | null
  decidedAt: Date | string | null
  creditedName: string | null
  creditedLatinName: string | null
  pro: string | null
  ipi: string | null
  disputeReason: string | null
  expiresAt: Date | string
  lastSentAt: Date | string
  sentCount: number
  /** Set on a dispute in force whose invitation an edit voided. */
  voidedAt: Date | string | null
  /** The name the slot held when it was sent (decision 087); null on older rows. */
  invitedName: string | null
}

const iso = (value: Date | string) => new Date(value).toISOString()

/**
 * Every named slot of the song with its live invitation, in slot order. Owner-facing: it carries
 * the addresses and dispute reasons; public views must pick from it.
 */
export function slotStatuses(
  song: ContributorColumns,
  live: LiveInvitation[],
  now = new Date(),
): SlotStatus[] {
  return contributorSlots(song).map(({ slot, name }): SlotStatus => {
    const invitation = live.find((row) => row.slot === slot && row.voidedAt === null)
    // A dispute in force wins over whatever was sent since, until the co-writer who disputed
    // answers again (decideInvitation lifts it). It is the person's (decision 087): it speaks for
    // the slot that names them now, and not for someone else put in their slot.
    const dispute = live
      .filter((row) => row.decision === 'disputed' && invitedPersonIs(row, slot, name))
      .sort((a, b) => iso(b.decidedAt!).localeCompare(iso(a.decidedAt!)))[0]
    if (dispute)
      return {
        slot,
        name,
        invitationId: dispute.id,
        email: dispute.email,
        status: 'disputed',
        decidedAt: iso(dispute.decidedAt!),
        disputeReason: dispute.disputeReason!,
        reinvitedAt:
          invitation && invitation.id !== dispute.id && invitation.decision === null
            ? iso(invitation.lastSentAt)
            : null,
        notAsked: !invitation,
      }
    if (!invitation) return { slot, name, status: 'declared' }
    const common = { slot, name, invitationId: invitation.id, email: invitation.email }
    if (invitation.decision === 'confirmed')
      return {
        ...common,
        status: 'confirmed',
        emailSalt: invitation.emailSalt,
        decidedAt: iso(invitation.decidedAt!),
        creditedName: invitation.creditedName!,
        creditedLatinName: invitation.creditedLatinName ?? null,
        pro: invitation.pro,
        ipi: invitation.ipi,
      }
    return {
      ...common,
      status: new Date(invitation.expiresAt) <= now ? 'expired' : 'invited',
      sentAt: iso(invitation.lastSentAt),
      expiresAt: iso(invitation.expiresAt),
      sentCount: invitation.sentCount,
    }
  })
}

/** Every named slot of the song with its live invitation, read in one statement (slotStatuses). */
export async function splitStatuses(
  database: Executor,
  song: Pick<SongView, 'id'> & ContributorColumns,
  now = new Date(),
): Promise<SlotStatus[]> {
  const rows = await database
    .selectFrom('splitInvitations as i')
    .select(LIVE_INVITATION_COLUMNS)
    .where('i.songId', '=', song.id)
    .where(LIVE_OR_DISPUTED)
    .execute()
  return slotStatuses(song, rows, now)
}

/**
 * The owner's song with its slots' statuses, in one statement (the registration page's budget,
 * issue 16); null when the song is not the owner's.
 */
export async function getOwnedSongWithStatuses(
  database: Executor,
  userId: string,
  songId: number,
  now = new Date(),
) {
  const row = await songQuery(database)
    .select((eb) => liveInvitationsOf(eb, userId).as('liveInvitations'))
    .where('songs.id', '=', songId)
    .where('songs.userId', '=', userId)
    .executeTakeFirst()
  if (!row) return null
  const { liveInvitations, ...songRow } = row
  const song = toView(songRow)
  return { song, statuses: slotStatuses(song, liveInvitations, now) }
}

// ——— Registration ———

/** The contributors who disputed, for the claim to refuse; null when nobody did. */
export function disputeBlocker(statuses: SlotStatus[]) {
  const disputed = statuses.filter((s) => s.status === 'disputed')
  if (disputed.length === 0) return null
  const names = disputed.map((s) => s.name).join(' and ')
  return `${names} disputed their share; edit the split before registering.`
}

/** The registration page's and the paid path's check before anything is claimed or paid. */
export function confirmationsBlocker(song: { id: number }, statuses: SlotStatus[]) {
  const message = disputeBlocker(statuses)
  return message ? { message, editUrl: `/edit/${song.id}` } : null
}

/** Named contributors who have not confirmed (a warning on the registration page, never a block). */
export function unconfirmed(statuses: SlotStatus[]) {
  return statuses.filter((s) => s.status !== 'confirmed' && s.status !== 'disputed')
}

/** A slot's status for the owner's API: everything but the email salt, which is the manifest's. */
export function publicSlotStatus(status: SlotStatus) {
  if (status.status !== 'confirmed') return status
  const { emailSalt: _salt, ...rest } = status
  return rest
}
