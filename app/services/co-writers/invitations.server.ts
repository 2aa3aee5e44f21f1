import crypto from 'node:crypto'
import type { Transaction } from 'kysely'
import type { Database } from '#db/schema'
import { sha256Hex } from '~/lib/digest.server'
import { invitedPersonIs } from '~/lib/dispute-person.server'
import { INVITATIONS_FINAL_MESSAGE } from '~/lib/page-messages'
import { type ContributorSlot, contributorSlots } from '~/lib/song-constants'
import { locksSong } from '~/lib/song-lock'
import { type Executor, inTransaction } from '../platform/db.server'
import { enqueueMail } from '../platform/mail.server'
import { hit, type Limit, tooManyRequestsMessage } from '../platform/rate-limit.server'
import { getOwnedSong, type SongView } from '../songs/songs.server'
import {
  INVITATION_NOT_MAILED,
  INVITATION_NOT_MAILED_STATUS,
  mayMailInvitation,
  sameMailbox,
} from './invitation-addresses.server'
import {
  type InvitationOccasion,
  invitationMail,
  type InvitingOwnerName,
} from './invitation-mails.server'
import { splitDigest } from './split-statuses.server'

// The invitation flow (decision 041), the owner's side: send, resend, revoke, and the
// re-invitations an edit of the split sends. A slot's status is read in split-statuses.server.ts;
// the invitee's answer is in invitation-answers.server.ts.

/** How long a mailed invitation link stays usable. */
export const INVITATION_DAYS = 14

/** A song's live invitations, neither revoked nor voided: at most one a slot (split_invitations_one_live). */
function liveInvitations(database: Executor, songId: number) {
  return database
    .selectFrom('splitInvitations')
    .where('songId', '=', songId)
    .where('revokedAt', 'is', null)
    .where('voidedAt', 'is', null)
}

/** An invitation is mailed at most this many times (the first send and two resends). */
export const MAX_SENDS = 3
/** Invitation mails one owner may send in an hour, across all their songs. */
export const OWNER_SENDS_PER_HOUR = 20

export const INVITATION_NOT_FOUND = 'Invitation not found'
export const SLOT_NOT_NAMED = 'That contributor is not named on this song.'
export const ALREADY_INVITED = 'This contributor already has an invitation. Resend or revoke it.'
export const DECIDED_CANNOT_RESEND =
  'This contributor has already answered. Revoke the answer to invite them again.'
export const DISPUTE_NOT_REVOCABLE =
  'A disputed share cannot be withdrawn: edit the split instead, which voids the dispute and invites them again.'
export const TOO_MANY_SENDS = `This invitation has been sent ${MAX_SENDS} times already. Revoke it and invite again if the address was wrong.`
// Issue 24: an invitation mail goes from our address to one the owner typed (decision 047).
export const VERIFY_TO_INVITE =
  'Only an account with a verified email address can invite co-writers. Verify your email address first.'
export const OWN_ADDRESS =
  'That is your own email address. Invite each contributor at their own address, so that the confirmation is theirs.'
export const ADDRESS_ON_ANOTHER_SLOT =
  'This address is already invited for another contributor of this song. Each contributor confirms from their own address.'

/** How a token is stored: only its hash, so the database cannot open an invitation. */
export const tokenHash = (token: string) => sha256Hex(token)

function ownerLimit(userId: string): Limit {
  return { key: `invite:owner:${userId}`, max: OWNER_SENDS_PER_HOUR, windowSeconds: 60 * 60 }
}

/**
 * Counted before the transaction: the rate-limit table is written through its own connection,
 * which on PGlite (one connection) must not wait behind our open transaction. A refused send
 * still counts, which only makes the cap stricter.
 */
async function ownerSendAllowed(ownerId: string): Promise<Failure | null> {
  const limited = await hit(ownerLimit(ownerId))
  return limited.allowed
    ? null
    : failure(429, tooManyRequestsMessage(limited), {
        retryAfterSeconds: limited.retryAfterSeconds,
      })
}

type Failure = { ok: false; status: number; message: string; retryAfterSeconds?: number }
const failure = (status: number, message: string, extra: Partial<Failure> = {}): Failure => ({
  ok: false,
  status,
  message,
  ...extra,
})

export interface InvitingOwner {
  id: string
  firstName: string | null
  lastName: string | null
  email: string
  emailVerified: boolean
  deletedAt: Date | null
  /** The zone the invitation's dates are said in (issue 52.15); UTC when the owner set none. */
  timeZone: string | null
  /** The language the invitation is written in (issue 54); English when the owner chose none. */
  locale?: string | null
}

/**
 * The owner's song under a row lock, for a change to its invitations: a registration claiming the
 * song waits for it, or it sees the claim. Null when the song is not the owner's.
 */
async function lockOwnedSong(trx: Transaction<Database>, ownerId: string, songId: number) {
  const locked = await trx
    .selectFrom('songs')
    .select('id')
    .where('id', '=', songId)
    .where('userId', '=', ownerId)
    .forUpdate()
    .executeTakeFirst()
  if (!locked) return null
  return getOwnedSong(trx, ownerId, songId)
}

/**
 * Addresses an owner cannot invite (issue 24): their own, one already invited for another slot of
 * the song (a confirmation must come from the contributor's own mailbox), one that refused every
 * invitation, or one that had its day's invitations. Counts the send when it may go, so call it
 * in the transaction that queues the mail.
 */
async function addressRefusal(
  trx: Transaction<Database>,
  owner: Pick<InvitingOwner, 'id' | 'email'>,
  songId: number,
  slot: ContributorSlot,
  email: string,
): Promise<Failure | null> {
  // Compared as mailboxes (decision 054): `Ann+x@Example.test` is Ann's own address too.
  if (sameMailbox(owner.email, email)) return failure(400, OWN_ADDRESS)
  const others = await liveInvitations(trx, songId)
    .select('email')
    .where('slot', '<>', slot)
    .execute()
  if (others.some((other) => sameMailbox(other.email, email)))
    return failure(400, ADDRESS_ON_ANOTHER_SLOT)
  return notMailable(trx, owner.id, email)
}

/** The one neutral answer when the address may not be mailed now (decision 054); null when it may. */
async function notMailable(trx: Transaction<Database>, ownerId: string, email: string) {
  return (await mayMailInvitation(trx, ownerId, email))
    ? null
    : failure(INVITATION_NOT_MAILED_STATUS, INVITATION_NOT_MAILED)
}

/** The owner invites the contributor named in `slot` at `email`: one live invitation per slot. */
export async function sendInvitation(
  database: Executor,
  owner: InvitingOwner,
  songId: number,
  slot: ContributorSlot,
  email: string,
): Promise<{ ok: true; invitationId: number } | Failure> {
  if (!owner.emailVerified) return failure(403, VERIFY_TO_INVITE)
  const limited = await ownerSendAllowed(owner.id)
  if (limited) return limited
  return inTransaction(database, async (trx) => {
    const song = await lockOwnedSong(trx, owner.id, songId)
    if (!song) return failure(404, 'Song not found')
    if (locksSong(song.registration)) return failure(409, INVITATIONS_FINAL_MESSAGE)
    const named = contributorSlots(song).find((contributor) => contributor.slot === slot)
    if (!named) return failure(400, SLOT_NOT_NAMED)
    const live = await liveInvitations(trx, songId)
      .select('id')
      .where('slot', '=', slot)
      .executeTakeFirst()
    if (live) return failure(409, ALREADY_INVITED)
    const refused = await addressRefusal(trx, owner, songId, slot, email)
    if (refused) return refused
    const invitationId = await insertInvitation(
      trx,
      song,
      owner,
      { slot, invitedName: named.name, email, splitSha256: splitDigest(song), sentCount: 1 },
      { kind: 'first' },
    )
    return { ok: true as const, invitationId }
  })
}

const newToken = () => crypto.randomBytes(32).toString('base64url')
const expiryFrom = (now: Date) => new Date(now.getTime() + INVITATION_DAYS * 24 * 60 * 60 * 1000)

/**
 * Stores a live invitation for the split `splitSha256` and queues its mail, in the caller's
 * transaction: a first invitation, or one sent afresh after an edit (which counts as another send).
 */
async function insertInvitation(
  trx: Transaction<Database>,
  song: SongView,
  owner: InvitingOwnerName,
  invitation: {
    slot: ContributorSlot
    invitedName: string
    email: string
    splitSha256: string
    sentCount: number
  },
  occasion: InvitationOccasion,
) {
  const token = newToken()
  const now = new Date()
  const expiresAt = expiryFrom(now)
  const row = await trx
    .insertInto('splitInvitations')
    .values({
      songId: song.id,
      ...invitation,
      emailSalt: crypto.randomBytes(32).toString('hex'),
      tokenHash: tokenHash(token),
      expiresAt,
      lastSentAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await enqueueMail(trx, invitationMail(song, owner, invitation.email, token, expiresAt, occasion))
  return row.id
}

/** The live invitation `invitationId` of the owner's song, locked, with the song itself. */
async function lockLiveInvitation(
  trx: Transaction<Database>,
  ownerId: string,
  songId: number,
  invitationId: number,
) {
  const song = await lockOwnedSong(trx, ownerId, songId)
  if (!song) return { failure: failure(404, 'Song not found') }
  const invitation = await liveInvitations(trx, songId)
    .selectAll()
    .where('id', '=', invitationId)
    .forUpdate()
    .executeTakeFirst()
  if (!invitation) return { failure: failure(404, INVITATION_NOT_FOUND) }
  if (locksSong(song.registration)) return { failure: failure(409, INVITATIONS_FINAL_MESSAGE) }
  return { song, invitation }
}

/**
 * Mails the invitation again with a new token and a fresh 14 days; at most MAX_SENDS times, and
 * within the owner's hourly count. The old link stops working, but its hash is kept, so it says a
 * newer invitation was mailed rather than "not found" (issue 52.12).
 */
export async function resendInvitation(
  database: Executor,
  owner: InvitingOwner,
  songId: number,
  invitationId: number,
): Promise<{ ok: true } | Failure> {
  if (!owner.emailVerified) return failure(403, VERIFY_TO_INVITE)
  const limited = await ownerSendAllowed(owner.id)
  if (limited) return limited
  return inTransaction(database, async (trx) => {
    const found = await lockLiveInvitation(trx, owner.id, songId, invitationId)
    if ('failure' in found) return found.failure!
    const { song, invitation } = found
    if (invitation.decision) return failure(409, DECIDED_CANNOT_RESEND)
    if (invitation.sentCount >= MAX_SENDS) return failure(429, TOO_MANY_SENDS)
    const refused = await notMailable(trx, owner.id, invitation.email)
    if (refused) return refused
    const token = newToken()
    const now = new Date()
    const expiresAt = expiryFrom(now)
    await trx
      .insertInto('replacedInvitationTokens')
      .values({ tokenHash: invitation.tokenHash, invitationId: invitation.id, replacedAt: now })
      .execute()
    await trx
      .updateTable('splitInvitations')
      .set({
        tokenHash: tokenHash(token),
        splitSha256: splitDigest(song),
        expiresAt,
        lastSentAt: now,
        sentCount: invitation.sentCount + 1,
      })
      .where('id', '=', invitation.id)
      .execute()
    await enqueueMail(
      trx,
      invitationMail(song, owner, invitation.email, token, expiresAt, { kind: 'reminder' }),
    )
    return { ok: true as const }
  })
}

/**
 * The owner withdraws an invitation, unanswered or confirmed: the slot is declared by them again.
 * A dispute stays until the split is edited, or revoking it would lift the block on registering
 * the very split that was disputed.
 */
export async function revokeInvitation(
  database: Executor,
  ownerId: string,
  songId: number,
  invitationId: number,
): Promise<{ ok: true } | Failure> {
  return inTransaction(database, async (trx) => {
    const found = await lockLiveInvitation(trx, ownerId, songId, invitationId)
    if ('failure' in found) return found.failure!
    if (found.invitation.decision === 'disputed') return failure(409, DISPUTE_NOT_REVOCABLE)
    await trx
      .updateTable('splitInvitations')
      .set({ revokedAt: new Date() })
      .where('id', '=', invitationId)
      .execute()
    return { ok: true as const }
  })
}

/**
 * After an edit of the song, in the edit's transaction: every live invitation sent for another
 * split is voided, and its contributor, if the edit still names that person (in any slot),
 * invited afresh at the same address for the split as it now stands. A slot given to someone else
 * never sends the new person's invitation to the old one's address (decision 087).
 *
 * A dispute stays in force through the edit (issue 24) and belongs to the person who raised it
 * (decision 087): it speaks for whichever slot names them, and for nobody while none does. The
 * co-writer who disputed is invited to answer the changed split only when this edit changed a
 * split they were still being asked about; someone removed and named again later is not mailed
 * by the edit, the owner invites them again deliberately. Returns how many were re-invited.
 */
export async function reinviteAfterEdit(
  trx: Transaction<Database>,
  ownerId: string,
  songId: number,
) {
  const song = await getOwnedSong(trx, ownerId, songId)
  if (!song) return 0
  const digest = splitDigest(song)
  const now = new Date()
  const named = contributorSlots(song)
  const slotOf = (invitation: { slot: ContributorSlot; invitedName: string | null }) =>
    named.find(({ slot, name }) => invitedPersonIs(invitation, slot, name))?.slot
  const voided = await trx
    .updateTable('splitInvitations')
    .set({ voidedAt: now })
    .where('songId', '=', songId)
    .where('revokedAt', 'is', null)
    .where('voidedAt', 'is', null)
    .where('splitSha256', '<>', digest)
    .returning(['id', 'slot', 'invitedName', 'email', 'sentCount'])
    .execute()
  const disputes = await trx
    .selectFrom('splitInvitations')
    .select(['id', 'slot', 'invitedName', 'email', 'sentCount', 'decidedAt', 'disputeReason'])
    .where('songId', '=', songId)
    .where('decision', '=', 'disputed')
    .where('disputeLiftedAt', 'is', null)
    .orderBy('decidedAt', 'desc')
    .execute()
  const targets = new Map<
    ContributorSlot,
    { email: string; invitedName: string; sentCount: number; occasion: InvitationOccasion }
  >()
  for (const invitation of voided) {
    const slot = slotOf(invitation)
    if (!slot) continue
    // The newest dispute of this person speaks for them: the re-invitation goes to its address,
    // and recalls what they said, so it does not read as the first one again (issue 39.12).
    const dispute = disputes.find((row) => slotOf(row) === slot)
    targets.set(slot, {
      email: dispute?.email ?? invitation.email,
      invitedName: named.find((contributor) => contributor.slot === slot)!.name,
      sentCount: Math.max(invitation.sentCount, dispute?.sentCount ?? 0),
      occasion: dispute
        ? {
            kind: 'after-dispute',
            disputedAt: dispute.decidedAt ?? now,
            reason: dispute.disputeReason,
          }
        : { kind: 'split-changed' },
    })
  }
  if (targets.size === 0) return 0
  const owner = await trx
    .selectFrom('users')
    .select([
      'id',
      'firstName',
      'lastName',
      'email',
      'emailVerified',
      'deletedAt',
      'timeZone',
      'locale',
    ])
    .where('id', '=', ownerId)
    .executeTakeFirstOrThrow()
  // An account that may not invite does not re-invite either (issue 24).
  if (!owner.emailVerified) return 0
  let sent = 0
  for (const [slot, { email, invitedName, sentCount, occasion }] of targets) {
    // The re-invitation counts as another send of the same invitation, so editing the split back
    // and forth cannot mail an address without end: past MAX_SENDS the slot is declared again and
    // only a new invitation (within the owner's hourly count) reaches them. A co-writer who
    // disputed is the exception: the changed split is the answer they wait for, and the
    // address's daily cap still bounds what they get.
    if (sentCount >= MAX_SENDS && occasion.kind !== 'after-dispute') continue
    if (!(await mayMailInvitation(trx, owner.id, email))) continue
    await insertInvitation(
      trx,
      song,
      owner,
      {
        slot,
        invitedName,
        email,
        splitSha256: digest,
        sentCount: Math.min(sentCount + 1, MAX_SENDS),
      },
      occasion,
    )
    sent++
  }
  return sent
}

/** Whether the owner's song has invitations that an edit of the split would void. */
export async function hasLiveInvitations(database: Executor, songId: number) {
  const row = await liveInvitations(database, songId).select('id').limit(1).executeTakeFirst()
  return Boolean(row)
}

/** What a saved edit adds to its success message when it re-invited contributors. */
export function reinvitedText(count: number) {
  if (count === 0) return ''
  return count === 1
    ? ' One contributor was invited again to confirm the new split.'
    : ` ${count} contributors were invited again to confirm the new split.`
}
