import canonicalize from 'canonicalize'
import {
  type ContributionValues,
  type ContributorColumns,
  type ContributorSlot,
  contributorSlots,
} from '~/lib/song-constants'
import type { Executor } from './db.server'
import { sha256Hex } from './manifest.server'
import type { SongView } from './songs.server'

// Issue 13: each named contributor confirms or disputes their share through a mailed link
// (decision 041). This module is the one place that says what a slot's status is.

/** How long a mailed invitation link stays usable. */
export const INVITATION_DAYS = 14

/**
 * The split an invitee is shown, as one digest: every named contributor and every component's
 * percentages. An invitation remembers the digest it was sent with; any edit of names or shares
 * changes it, and so voids the confirmations given for the old split.
 */
export function splitDigest(song: ContributorColumns & { contributions: ContributionValues[] }) {
  const split = {
    contributors: contributorSlots(song).map(({ slot, name }) => ({ slot, name })),
    contributions: song.contributions.map((c) => ({
      component: c.component,
      contributorPercent: c.contributorPercent,
      coContributorPercent: c.coContributorPercent,
      coContributor2Percent: c.coContributor2Percent,
      aiPercent: c.aiPercent,
    })),
  }
  return sha256Hex(canonicalize(split)!)
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
    }

/**
 * Every named slot of the song with its live invitation (not revoked, not voided), in slot order.
 * Owner-facing: it carries the addresses and dispute reasons; public views must pick from it.
 */
export async function splitStatuses(
  database: Executor,
  song: Pick<SongView, 'id'> & ContributorColumns,
  now = new Date(),
): Promise<SlotStatus[]> {
  const live = await database
    .selectFrom('splitInvitations')
    .selectAll()
    .where('songId', '=', song.id)
    .where('revokedAt', 'is', null)
    .where('voidedAt', 'is', null)
    .execute()
  return contributorSlots(song).map(({ slot, name }): SlotStatus => {
    const invitation = live.find((row) => row.slot === slot)
    if (!invitation) return { slot, name, status: 'declared' }
    const common = { slot, name, invitationId: invitation.id, email: invitation.email }
    if (invitation.decision === 'confirmed')
      return {
        ...common,
        status: 'confirmed',
        emailSalt: invitation.emailSalt,
        decidedAt: invitation.decidedAt!.toISOString(),
        creditedName: invitation.creditedName!,
        pro: invitation.pro,
        ipi: invitation.ipi,
      }
    if (invitation.decision === 'disputed')
      return {
        ...common,
        status: 'disputed',
        decidedAt: invitation.decidedAt!.toISOString(),
        disputeReason: invitation.disputeReason!,
      }
    return {
      ...common,
      status: invitation.expiresAt <= now ? 'expired' : 'invited',
      sentAt: invitation.lastSentAt.toISOString(),
      expiresAt: invitation.expiresAt.toISOString(),
    }
  })
}
