import { isolate } from '~/lib/bidi'
import crypto from 'node:crypto'
import { type ExpressionBuilder, sql, type Transaction } from 'kysely'
import { jsonArrayFrom } from 'kysely/helpers/postgres'
import type { Database } from '#db/schema'
import type { DecisionInput } from '~/lib/co-writers-schema'
import { env } from '~/env.server'
import { type ClosedReason, INVITATIONS_FINAL_MESSAGE } from '~/lib/page-messages'
import { locksSong } from '~/lib/song-lock'
import {
  type ContributionValues,
  type ContributorColumns,
  type ContributorSlot,
  contributionShares,
  contributorSlots,
} from '~/lib/song-constants'
import { type Executor, inTransaction } from '../platform/db.server'
import {
  INVITATION_NOT_MAILED,
  INVITATION_NOT_MAILED_STATUS,
  mayMailInvitation,
  refusalLink,
  sameMailbox,
} from './invitation-addresses.server'
import { enqueueMail } from '../platform/mail.server'
import { canonicalJson, sha256Hex } from '~/lib/digest.server'
import { hit, type Limit, tooManyRequestsMessage } from '../platform/rate-limit.server'
import { getOwnedSong, songQuery, type SongView, toView } from '../songs/songs.server'
import { displayName } from '~/lib/display-name'

// Issue 13: each named contributor confirms or disputes their share through a mailed link
// (decision 041). This module is the one place that says what a slot's status is.

/** How long a mailed invitation link stays usable. */
export const INVITATION_DAYS = 14

/**
 * The split an invitee is shown and confirms: every named contributor and every component's
 * percentages. The digest below is taken of exactly this, so what is confirmed is what was shown.
 */
function inviteeSplit(song: ContributorColumns & { contributions: ContributionValues[] }) {
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
    }

/** A song's live invitations, neither revoked nor voided: at most one a slot (split_invitations_one_live). */
function liveInvitations(database: Executor, songId: number) {
  return database
    .selectFrom('splitInvitations')
    .where('songId', '=', songId)
    .where('revokedAt', 'is', null)
    .where('voidedAt', 'is', null)
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
    // answers again (decideInvitation lifts it) or the slot is removed (reinviteAfterEdit).
    const dispute = live
      .filter((row) => row.slot === slot && row.decision === 'disputed')
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

// ——— The invitation flow (decision 041) ———

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

const tokenHash = (token: string) => sha256Hex(token)

export function invitationLink(token: string) {
  return `${env().APP_URL}/invitations/${token}`
}

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
  email: string
  emailVerified: boolean
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
 * Text someone typed, set apart as their words: on its own indented line, in quotes, cut to one
 * line, so it cannot pass for ours (issue 24).
 */
export function quotedWords(text: string) {
  return `    “${isolate(text.replace(/\s+/g, ' ').trim())}”`
}

/**
 * The invitation: the subject is ours alone, and the owner's words (their name, the title) are
 * quoted as theirs below our own explanation. Every one carries the one-click refusal.
 */
function invitationMail(
  song: { title: string },
  owner: Pick<InvitingOwner, 'firstName' | 'email'>,
  to: string,
  token: string,
  expiresAt: Date,
) {
  const { APP_NAME } = env()
  const refuse = refusalLink(to)
  return {
    to,
    subject: `${APP_NAME}: confirm your share of a song`,
    listUnsubscribe: refuse,
    text:
      `A ${APP_NAME} user named you as a contributor to a song and asks you to confirm your ` +
      `share of its split, or to dispute it. These are their words, not ${APP_NAME}'s:\n\n` +
      `  Their name:\n${quotedWords(displayName(owner))}\n` +
      `  The song's title:\n${quotedWords(song.title)}\n\n` +
      `Open this link to see the whole split and answer (no account needed). It works once, ` +
      `until ${expiresAt.toUTCString()}:\n${invitationLink(token)}\n\n` +
      `${APP_NAME} never asks for bank details or passwords in an invitation. If you do not know ` +
      `this song, ignore this message.\n\n` +
      `To receive no more invitations from anyone on ${APP_NAME}, open:\n${refuse}\n`,
  }
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
    if (!contributorSlots(song).some((named) => named.slot === slot))
      return failure(400, SLOT_NOT_NAMED)
    const live = await liveInvitations(trx, songId)
      .select('id')
      .where('slot', '=', slot)
      .executeTakeFirst()
    if (live) return failure(409, ALREADY_INVITED)
    const refused = await addressRefusal(trx, owner, songId, slot, email)
    if (refused) return refused
    const invitationId = await insertInvitation(trx, song, owner, {
      slot,
      email,
      splitSha256: splitDigest(song),
      sentCount: 1,
    })
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
  owner: Pick<InvitingOwner, 'firstName' | 'email'>,
  invitation: { slot: ContributorSlot; email: string; splitSha256: string; sentCount: number },
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
  await enqueueMail(trx, invitationMail(song, owner, invitation.email, token, expiresAt))
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
 * Mails the invitation again with a new token (the old link stops working) and a fresh 14 days;
 * at most MAX_SENDS times, and within the owner's hourly count.
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
    await enqueueMail(trx, invitationMail(song, owner, invitation.email, token, expiresAt))
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
 * split is voided, and its contributor (if still named) invited afresh at the same address for
 * the split as it now stands. A dispute stays in force through the edit (issue 24): the co-writer
 * who disputed is invited to answer the changed split, and only their answer, or the removal of
 * their slot, lifts it. Returns how many were re-invited.
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
  const named = new Set(contributorSlots(song).map(({ slot }) => slot))
  const voided = await trx
    .updateTable('splitInvitations')
    .set({ voidedAt: now })
    .where('songId', '=', songId)
    .where('revokedAt', 'is', null)
    .where('voidedAt', 'is', null)
    .where('splitSha256', '<>', digest)
    .returning(['slot', 'email', 'sentCount'])
    .execute()
  // A contributor removed by the edit has nothing left to confirm, nor a dispute left standing.
  await trx
    .updateTable('splitInvitations')
    .set({ disputeLiftedAt: now })
    .where('songId', '=', songId)
    .where('slot', 'not in', [...named])
    .where('decision', '=', 'disputed')
    .where('disputeLiftedAt', 'is', null)
    .execute()
  // Disputes in force on a named slot with no live invitation left: the disputer is asked again.
  const stillLive = await liveInvitations(trx, songId).select('slot').execute()
  const disputes = await trx
    .selectFrom('splitInvitations')
    .select(['slot', 'email', 'sentCount', 'splitSha256'])
    .where('songId', '=', songId)
    .where('decision', '=', 'disputed')
    .where('disputeLiftedAt', 'is', null)
    .orderBy('decidedAt', 'desc')
    .execute()
  const targets = new Map<
    ContributorSlot,
    { email: string; sentCount: number; disputed: boolean }
  >()
  for (const { slot, email, sentCount } of voided)
    if (named.has(slot)) targets.set(slot, { email, sentCount, disputed: false })
  const asked = new Set<ContributorSlot>()
  for (const dispute of disputes) {
    // The newest dispute of a slot speaks for it.
    if (asked.has(dispute.slot)) continue
    asked.add(dispute.slot)
    if (!named.has(dispute.slot) || stillLive.some((live) => live.slot === dispute.slot)) continue
    if (dispute.splitSha256 === digest && !targets.has(dispute.slot)) continue
    const earlier = targets.get(dispute.slot)
    targets.set(dispute.slot, {
      email: dispute.email,
      sentCount: Math.max(earlier?.sentCount ?? 0, dispute.sentCount),
      disputed: true,
    })
  }
  if (targets.size === 0) return 0
  const owner = await trx
    .selectFrom('users')
    .select(['id', 'firstName', 'email', 'emailVerified'])
    .where('id', '=', ownerId)
    .executeTakeFirstOrThrow()
  // An account that may not invite does not re-invite either (issue 24).
  if (!owner.emailVerified) return 0
  let sent = 0
  for (const [slot, { email, sentCount, disputed }] of targets) {
    // The re-invitation counts as another send of the same invitation, so editing the split back
    // and forth cannot mail an address without end: past MAX_SENDS the slot is declared again and
    // only a new invitation (within the owner's hourly count) reaches them. A co-writer who
    // disputed is the exception: the changed split is the answer they wait for, and the
    // address's daily cap still bounds what they get.
    if (sentCount >= MAX_SENDS && !disputed) continue
    if (!(await mayMailInvitation(trx, owner.id, email))) continue
    await insertInvitation(trx, song, owner, {
      slot,
      email,
      splitSha256: digest,
      sentCount: Math.min(sentCount + 1, MAX_SENDS),
    })
    sent++
  }
  return sent
}

/** Whether the owner's song has invitations that an edit of the split would void. */
export async function hasLiveInvitations(database: Executor, songId: number) {
  const row = await liveInvitations(database, songId).select('id').limit(1).executeTakeFirst()
  return Boolean(row)
}

// ——— The invitee's side ———

/** What the invitee is shown of the song: the split only, never the owner's private details. */
function inviteeView(song: SongView, slot: ContributorSlot) {
  return { title: song.title, slot, ...inviteeSplit(song) }
}

export type InvitationPage =
  | { state: 'closed'; reason: ClosedReason }
  | {
      state: 'open' | 'decided'
      inviter: string
      song: ReturnType<typeof inviteeView>
      name: string
      expiresAt: string
      decision: null | {
        decision: 'confirmed' | 'disputed'
        decidedAt: string
        creditedName: string | null
        creditedLatinName: string | null
        pro: string | null
        ipi: string | null
        disputeReason: string | null
        /**
         * The salt of the email commitment a registered record will carry (decision 042): given
         * to the confirming co-writer, the one holder of the link, so they can find their own entry.
         */
        emailSalt: string | null
      }
    }

/**
 * What a token opens. Only the invitation's own song is ever read; a closed invitation shows
 * nothing of the song at all.
 */
export async function invitationByToken(
  database: Executor,
  token: string,
  now = new Date(),
): Promise<InvitationPage> {
  const invitation = await database
    .selectFrom('splitInvitations as i')
    .innerJoin('songs as s', 's.id', 'i.songId')
    .innerJoin('users as u', 'u.id', 's.userId')
    .selectAll('i')
    .select(['s.userId', 'u.firstName', 'u.email as ownerEmail'])
    .where('i.tokenHash', '=', tokenHash(token))
    .executeTakeFirst()
  if (!invitation) return { state: 'closed', reason: 'unknown' }
  if (invitation.revokedAt) return { state: 'closed', reason: 'revoked' }
  if (invitation.voidedAt) return { state: 'closed', reason: 'voided' }
  const song = await getOwnedSong(database, invitation.userId, invitation.songId)
  if (!song) return { state: 'closed', reason: 'unknown' }
  const decided = invitation.decision !== null && invitation.decidedAt !== null
  if (!decided && invitation.expiresAt <= now) return { state: 'closed', reason: 'expired' }
  if (!decided && locksSong(song.registration)) return { state: 'closed', reason: 'final' }
  const name = contributorSlots(song).find((named) => named.slot === invitation.slot)?.name ?? ''
  return {
    state: decided ? 'decided' : 'open',
    inviter: displayName({ firstName: invitation.firstName, email: invitation.ownerEmail }),
    song: inviteeView(song, invitation.slot),
    name,
    expiresAt: invitation.expiresAt.toISOString(),
    decision: decided
      ? {
          decision: invitation.decision!,
          decidedAt: invitation.decidedAt!.toISOString(),
          creditedName: invitation.creditedName,
          creditedLatinName: invitation.creditedLatinName,
          pro: invitation.pro,
          ipi: invitation.ipi,
          disputeReason: invitation.disputeReason,
          emailSalt: invitation.decision === 'confirmed' ? invitation.emailSalt : null,
        }
      : null,
  }
}

/**
 * The invitee's answer, once: the song row is locked first (so a registration or an edit either
 * comes before, and the invitation is closed, or after), then the invitation is taken only while
 * it is live, unanswered and unexpired. The owner is mailed in the same transaction.
 */
export async function decideInvitation(
  database: Executor,
  token: string,
  input: DecisionInput,
  now = new Date(),
): Promise<{ ok: true } | { ok: false; status: number; page: InvitationPage }> {
  const outcome = await inTransaction(database, async (trx) => {
    const target = await trx
      .selectFrom('splitInvitations')
      .select('songId')
      .where('tokenHash', '=', tokenHash(token))
      .executeTakeFirst()
    if (!target) return false
    await trx.selectFrom('songs').select('id').where('id', '=', target.songId).forUpdate().execute()
    const registration = await trx
      .selectFrom('blockchainRegistrations')
      .select('status')
      .where('songId', '=', target.songId)
      .executeTakeFirst()
    if (locksSong(registration)) return false
    const decided = await trx
      .updateTable('splitInvitations')
      .set(
        input.intent === 'confirm'
          ? {
              decision: 'confirmed',
              decidedAt: now,
              creditedName: input.creditedName,
              creditedLatinName: input.creditedLatinName,
              pro: input.pro,
              ipi: input.ipi,
            }
          : { decision: 'disputed', decidedAt: now, disputeReason: input.disputeReason },
      )
      .where('tokenHash', '=', tokenHash(token))
      .where('decision', 'is', null)
      .where('revokedAt', 'is', null)
      .where('voidedAt', 'is', null)
      .where('expiresAt', '>', now)
      .returning(['id', 'songId', 'slot', 'email'])
      .executeTakeFirst()
    if (!decided) return false
    // The co-writer who disputed has answered again: their earlier dispute is over (issue 24).
    // Only an answer from the same address lifts it, so inviting another mailbox cannot.
    const standing = await trx
      .selectFrom('splitInvitations')
      .select(['id', 'email'])
      .where('songId', '=', decided.songId)
      .where('slot', '=', decided.slot)
      .where('id', '<>', decided.id)
      .where('decision', '=', 'disputed')
      .where('disputeLiftedAt', 'is', null)
      .execute()
    // The same mailbox however it is spelled (decision 054).
    const lifted = standing
      .filter((row) => sameMailbox(row.email, decided.email))
      .map((row) => row.id)
    if (lifted.length > 0)
      await trx
        .updateTable('splitInvitations')
        .set({ disputeLiftedAt: now })
        .where('id', 'in', lifted)
        .execute()
    const song = await trx
      .selectFrom('songs as s')
      .innerJoin('users as u', 'u.id', 's.userId')
      .select(['s.id', 's.title', 'u.email'])
      .where('s.id', '=', decided.songId)
      .executeTakeFirstOrThrow()
    // What the co-writer typed is quoted as theirs, and kept out of the subject (issue 24).
    const what = input.intent === 'confirm' ? 'confirmed' : 'disputed'
    await enqueueMail(trx, {
      to: song.email,
      subject: `${env().APP_NAME}: a co-writer ${what} their share of “${isolate(song.title)}”`,
      text:
        `A co-writer you invited ${what} their share of the split of “${isolate(song.title)}”.\n\n` +
        (input.intent === 'confirm'
          ? `The name they want credited, in their words:\n${quotedWords(input.creditedName)}\n` +
            (input.creditedLatinName
              ? `The same name in Latin script:\n${quotedWords(input.creditedLatinName)}\n`
              : '')
          : `Their reason, in their words:\n${quotedWords(input.disputeReason)}\n`) +
        `\nSee every contributor's answer:\n${env().APP_URL}/songs/${song.id}/co-writers\n`,
    })
    return true
  })
  if (outcome) return { ok: true }
  const page = await invitationByToken(database, token, now)
  return { ok: false, status: page.state === 'decided' ? 409 : closedStatus(page), page }
}

/** A token that never existed is a 404; one that existed and is over, a 410. */
export function closedStatus(page: InvitationPage) {
  if (page.state !== 'closed') return 200
  return page.reason === 'unknown' ? 404 : 410
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

/** What a saved edit adds to its success message when it re-invited contributors. */
export function reinvitedText(count: number) {
  if (count === 0) return ''
  return count === 1
    ? ' One contributor was invited again to confirm the new split.'
    : ` ${count} contributors were invited again to confirm the new split.`
}
