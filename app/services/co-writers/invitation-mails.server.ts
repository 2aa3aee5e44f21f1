import { isolate } from '~/lib/bidi'
import { ROLE_LABELS } from '~/lib/confirmations'
import { displayName, fullName } from '~/lib/display-name'
import { mailDay, mailMoment } from '~/lib/mail-dates'
import type { ContributorSlot } from '~/lib/song-constants'
import type { User } from '#db/schema'
import { env } from '~/env.server'
import { refusalLink } from './invitation-addresses.server'

// The words of the co-writers' mails (issue 39.12): who asks, what changed since the last mail,
// who answered and why. Every word a person typed is quoted as theirs (issue 24).

/**
 * Text someone typed, set apart as their words: on its own indented line, in quotes, cut to one
 * line, so it cannot pass for ours (issue 24).
 */
export function quotedWords(text: string) {
  return `    “${isolate(text.replace(/\s+/g, ' ').trim())}”`
}

export function invitationLink(token: string) {
  return `${env().APP_URL}/invitations/${token}`
}

export type InvitingOwnerName = Pick<User, 'firstName' | 'lastName' | 'email' | 'deletedAt'> & {
  /** The owner's zone, which the invitation's dates are given in (with its offset). */
  timeZone?: string | null
}

/** The owner as the invitee reads them: their full name, not their first name alone. */
const ownerName = (owner: InvitingOwnerName) => fullName(owner) ?? displayName(owner)

/** Why this invitation is mailed: each reason opens with its own words, so no two read alike. */
export type InvitationOccasion =
  | { kind: 'first' }
  | { kind: 'reminder' }
  /** The owner edited the split the earlier invitation asked about; that link no longer works. */
  | { kind: 'split-changed' }
  /** The invitee disputed an earlier split; the owner has changed it since. */
  | { kind: 'after-dispute'; disputedAt: Date; reason: string | null }

function opening(occasion: InvitationOccasion, appName: string, timeZone: string | null) {
  switch (occasion.kind) {
    case 'first':
      return (
        `A ${appName} user named you as a contributor to a song and asks you to confirm your ` +
        `share of its split, or to dispute it.`
      )
    case 'reminder':
      return (
        `A reminder: a ${appName} user named you as a contributor to a song and still waits for ` +
        `your answer. The split is the one they asked about before; the earlier link no longer works.`
      )
    case 'split-changed':
      return (
        `The split of a song you were asked about has changed since the last invitation, so ` +
        `that invitation's link no longer works. Please look at the split as it now stands, and ` +
        `confirm your share or dispute it.`
      )
    case 'after-dispute':
      return (
        `On ${mailDay(occasion.disputedAt, timeZone)} you disputed your share of a song's split` +
        (occasion.reason ? `, saying:\n${quotedWords(occasion.reason)}\n` : '. ') +
        `The owner has changed the split since. Your dispute stands until you answer: look at ` +
        `the split as it now stands, and confirm your share or dispute it again.`
      )
  }
}

/**
 * The invitation: the subject is ours alone, and the owner's words (their name, the title) are
 * quoted as theirs below our own explanation. Every one carries the one-click refusal.
 */
export function invitationMail(
  song: { title: string },
  owner: InvitingOwnerName,
  to: string,
  token: string,
  expiresAt: Date,
  occasion: InvitationOccasion,
) {
  const { APP_NAME } = env()
  const refuse = refusalLink(to)
  const subjects: Record<InvitationOccasion['kind'], string> = {
    first: `${APP_NAME}: confirm your share of a song`,
    reminder: `${APP_NAME}: reminder, confirm your share of a song`,
    'split-changed': `${APP_NAME}: the split of a song changed, confirm your share again`,
    'after-dispute': `${APP_NAME}: the split you disputed has changed`,
  }
  return {
    to,
    subject: subjects[occasion.kind],
    listUnsubscribe: refuse,
    text:
      `${opening(occasion, APP_NAME, owner.timeZone ?? null)} These are the owner's words, not ${APP_NAME}'s:\n\n` +
      `  Their name:\n${quotedWords(ownerName(owner))}\n` +
      `  The song's title:\n${quotedWords(song.title)}\n\n` +
      `Open this link to see the whole split and answer (no account needed). It works once, ` +
      `until ${mailMoment(expiresAt, owner.timeZone)}:\n${invitationLink(token)}\n\n` +
      `${APP_NAME} never asks for bank details or passwords in an invitation. If you do not know ` +
      `this song, ignore this message.\n\n` +
      `To receive no more invitations from anyone on ${APP_NAME}, open:\n${refuse}\n`,
  }
}

/** What the owner is told of a co-writer's answer: who answered (as named on the song, at which address), what, and why. */
export function answerMail(
  song: { id: number; title: string },
  owner: { email: string; timeZone: string | null },
  answer: {
    slot: ContributorSlot
    /** The name the song gives that contributor. */
    name: string
    email: string
    decidedAt: Date
  } & (
    | { intent: 'confirm'; creditedName: string; creditedLatinName?: string | null }
    | { intent: 'dispute'; disputeReason: string }
  ),
) {
  const { APP_NAME, APP_URL } = env()
  const what = answer.intent === 'confirm' ? 'confirmed' : 'disputed'
  const who =
    `${ROLE_LABELS[answer.slot]}${answer.name ? ` ${isolate(answer.name)}` : ''}, ` +
    `invited at ${answer.email},`
  return {
    to: owner.email,
    // What the co-writer typed is quoted as theirs, and kept out of the subject (issue 24).
    subject: `${APP_NAME}: a co-writer ${what} their share of “${isolate(song.title)}”`,
    text:
      `${who} ${what} their share of the split of “${isolate(song.title)}” on ` +
      `${mailDay(answer.decidedAt, owner.timeZone)}.\n\n` +
      (answer.intent === 'confirm'
        ? `The name they want credited, in their words:\n${quotedWords(answer.creditedName)}\n` +
          (answer.creditedLatinName
            ? `The same name in Latin script:\n${quotedWords(answer.creditedLatinName)}\n`
            : '')
        : `Why they disputed it, in their words:\n${quotedWords(answer.disputeReason)}\n\n` +
          `The song cannot be registered while the dispute stands. Edit the split: they are ` +
          `invited again to the split as it then stands, and only their answer lifts the dispute.\n`) +
      `\nSee every contributor's answer:\n${APP_URL}/songs/${song.id}/co-writers\n`,
  }
}
