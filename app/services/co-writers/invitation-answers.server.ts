import type { DecisionInput } from '~/lib/co-writers-schema'
import { invitedPersonIs } from '~/lib/dispute-person.server'
import { fullName } from '~/lib/display-name'
import type { ClosedReason } from '~/lib/page-messages'
import { type ContributorSlot, contributorSlots } from '~/lib/song-constants'
import { locksSong } from '~/lib/song-lock'
import { type Executor, inTransaction } from '../platform/db.server'
import { enqueueMail } from '../platform/mail.server'
import { getOwnedSong, type SongView } from '../songs/songs.server'
import { sameMailbox } from './invitation-addresses.server'
import { answerMail } from './invitation-mails.server'
import { tokenHash } from './invitations.server'
import { inviteeSplit } from './split-statuses.server'

// The invitee's side of an invitation (decision 041): what their link opens, and their answer,
// which is mailed to the owner.

/** What the invitee is shown of the song: the split only, never the owner's private details. */
function inviteeView(song: SongView, slot: ContributorSlot) {
  return { title: song.title, slot, ...inviteeSplit(song) }
}

export type InvitationPage =
  | { state: 'closed'; reason: ClosedReason }
  | {
      state: 'open' | 'decided'
      /** The owner's full name; null when their account has been deleted since. */
      inviter: string | null
      song: ReturnType<typeof inviteeView>
      name: string
      declared: { creditedName: string; creditedLatinName: string; pro: string; ipi: string }
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
    .select(['s.userId', 'u.firstName', 'u.lastName', 'u.email as ownerEmail', 'u.deletedAt'])
    .where('i.tokenHash', '=', tokenHash(token))
    .executeTakeFirst()
  if (!invitation)
    return { state: 'closed', reason: (await replaced(database, token)) ? 'replaced' : 'unknown' }
  if (invitation.revokedAt) return { state: 'closed', reason: 'revoked' }
  if (invitation.voidedAt) return { state: 'closed', reason: 'voided' }
  const song = await getOwnedSong(database, invitation.userId, invitation.songId)
  if (!song) return { state: 'closed', reason: 'unknown' }
  const decided = invitation.decision !== null && invitation.decidedAt !== null
  if (!decided && invitation.expiresAt <= now) return { state: 'closed', reason: 'expired' }
  if (!decided && locksSong(song.registration)) return { state: 'closed', reason: 'final' }
  const declared = contributorSlots(song).find((named) => named.slot === invitation.slot)
  const name = declared?.name ?? ''
  return {
    state: decided ? 'decided' : 'open',
    // Null once the owner's account is deleted: its placeholder address is no name (issue 39.12).
    inviter: fullName({ ...invitation, email: invitation.ownerEmail }),
    song: inviteeView(song, invitation.slot),
    name,
    // What the owner declared for this person, to start the confirmation form from (issue
    // 52.13): the same facts the public certificate shows, so the link reveals nothing more.
    declared: {
      creditedName: name,
      creditedLatinName: declared?.latinName ?? '',
      pro: declared?.pro ?? '',
      ipi: declared?.proNumber ?? '',
    },
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

/** Whether `token` was the link of an invitation mailed again since (a resend keeps the old hash). */
async function replaced(database: Executor, token: string) {
  const row = await database
    .selectFrom('replacedInvitationTokens')
    .select('invitationId')
    .where('tokenHash', '=', tokenHash(token))
    .executeTakeFirst()
  return row !== undefined
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
      .returning(['id', 'songId', 'slot', 'email', 'invitedName'])
      .executeTakeFirst()
    if (!decided) return false
    // The co-writer who disputed has answered again: their earlier dispute is over (issue 24).
    // Only an answer from the same address, for the same person (decision 087), lifts it, so
    // inviting another mailbox, or the same one for someone else, cannot.
    const standing = await trx
      .selectFrom('splitInvitations')
      .select(['id', 'slot', 'invitedName', 'email'])
      .where('songId', '=', decided.songId)
      .where('id', '<>', decided.id)
      .where('decision', '=', 'disputed')
      .where('disputeLiftedAt', 'is', null)
      .execute()
    // The same mailbox however it is spelled (decision 054).
    const lifted = standing
      .filter(
        (row) =>
          sameMailbox(row.email, decided.email) &&
          (decided.invitedName === null
            ? row.slot === decided.slot
            : invitedPersonIs(row, decided.slot, decided.invitedName)),
      )
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
      .select([
        's.id',
        's.title',
        's.contributorName',
        's.coContributorName',
        's.coContributorName2',
      ])
      .select(['u.email', 'u.timeZone', 'u.locale'])
      .where('s.id', '=', decided.songId)
      .executeTakeFirstOrThrow()
    const who = {
      slot: decided.slot,
      // The name the song gives them ('' when the slot is empty now).
      name:
        {
          main: song.contributorName,
          'co-contributor': song.coContributorName,
          'co-contributor-2': song.coContributorName2,
        }[decided.slot] ?? '',
      email: decided.email,
      decidedAt: now,
    }
    await enqueueMail(
      trx,
      answerMail(
        song,
        { email: song.email, timeZone: song.timeZone, locale: song.locale },
        input.intent === 'confirm'
          ? {
              ...who,
              intent: 'confirm',
              creditedName: input.creditedName,
              creditedLatinName: input.creditedLatinName,
            }
          : { ...who, intent: 'dispute', disputeReason: input.disputeReason },
      ),
    )
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
