import { isolate } from '~/lib/bidi'
import { displayName, fullName } from '~/lib/display-name'
import { mailDay, mailMoment } from '~/lib/mail-dates'
import type { ContributorSlot } from '~/lib/song-constants'
import type { User } from '#db/schema'
import { env } from '~/env.server'
import { type RenderLocale, SOURCE_LOCALE } from '~/i18n/locales'
import {
  englishLanguageName,
  type MailId,
  mailLocale,
  mailWords,
} from '../platform/mail-language.server'
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
  /** The owner's language (issue 54): the invitee has chosen none, so the mail is in theirs. */
  locale?: string | null
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

function opening(occasion: InvitationOccasion, locale: RenderLocale, timeZone: string | null) {
  const t = mailWords(locale)
  switch (occasion.kind) {
    case 'first':
      return t('mails.invitation.first')
    case 'reminder':
      return t('mails.invitation.reminder')
    case 'split-changed':
      return t('mails.invitation.splitChanged')
    case 'after-dispute': {
      const date = mailDay(occasion.disputedAt, timeZone, locale)
      return occasion.reason
        ? `${t('mails.invitation.disputedSaying', { date })}\n${quotedWords(occasion.reason)}\n` +
            t('mails.invitation.disputeStands')
        : then(t('mails.invitation.disputed', { date }), t('mails.invitation.disputeStands'))
    }
  }
}

/** Two sentences in a row: a space between them, none after a full stop that takes its own room (。). */
const then = (first: string, second: string) =>
  /[。！？]$/.test(first) ? first + second : `${first} ${second}`

const SUBJECTS = {
  first: 'mails.invitation.subject.first',
  reminder: 'mails.invitation.subject.reminder',
  'split-changed': 'mails.invitation.subject.splitChanged',
  'after-dispute': 'mails.invitation.subject.afterDispute',
} as const satisfies Record<InvitationOccasion['kind'], MailId>

/**
 * The invitee has chosen no language yet, so the mail is in the inviter's, with one line in
 * English above it saying what it is and which language follows (issue 54).
 */
function englishLine(locale: RenderLocale, appName: string) {
  if (locale === SOURCE_LOCALE) return null
  return (
    `You are invited to confirm your share of a song on ${appName}. This message is in ` +
    `${englishLanguageName(locale)}, the language of the person who invited you.`
  )
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
  const locale = mailLocale(owner)
  const t = mailWords(locale)
  const refuse = refusalLink(to)
  const english = englishLine(locale, APP_NAME)
  return {
    to,
    subject: t(SUBJECTS[occasion.kind]),
    listUnsubscribe: refuse,
    text:
      (english ? `${english}\n\n` : '') +
      `${then(opening(occasion, locale, owner.timeZone ?? null), t('mails.invitation.ownersWords'))}\n\n` +
      `  ${t('mails.invitation.theirName')}\n${quotedWords(ownerName(owner))}\n` +
      `  ${t('mails.invitation.songTitle')}\n${quotedWords(song.title)}\n\n` +
      `${t('mails.invitation.open', { moment: mailMoment(expiresAt, owner.timeZone, locale) })}\n` +
      `${invitationLink(token)}\n\n` +
      `${t('mails.invitation.safety')}\n\n` +
      `${t('mails.invitation.refuse')}\n${refuse}\n`,
  }
}

/** What the owner is told of a co-writer's answer: who answered (as named on the song, at which address), what, and why. */
export function answerMail(
  song: { id: number; title: string },
  owner: { email: string; timeZone: string | null; locale?: string | null },
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
  const { APP_URL } = env()
  const t = mailWords(mailLocale(owner))
  const title = isolate(song.title)
  // ICU's select keys are words: the slot is named by one (the message's `other` is the second co-contributor).
  const role = t('mails.answer.role', {
    slot: { main: 'main', 'co-contributor': 'co', 'co-contributor-2': 'other' }[answer.slot],
  })
  const who = answer.name ? `${role} ${isolate(answer.name)}` : role
  const date = mailDay(answer.decidedAt, owner.timeZone, mailLocale(owner))
  const confirmed = answer.intent === 'confirm'
  return {
    to: owner.email,
    // What the co-writer typed is quoted as theirs, and kept out of the subject (issue 24).
    subject: t(confirmed ? 'mails.answer.subject.confirm' : 'mails.answer.subject.dispute', {
      title,
    }),
    text:
      `${t(confirmed ? 'mails.answer.confirmed' : 'mails.answer.disputed', { who, email: answer.email, title, date })}\n\n` +
      (answer.intent === 'confirm'
        ? `${t('mails.answer.creditedName')}\n${quotedWords(answer.creditedName)}\n` +
          (answer.creditedLatinName
            ? `${t('mails.answer.latinName')}\n${quotedWords(answer.creditedLatinName)}\n`
            : '')
        : `${t('mails.answer.why')}\n${quotedWords(answer.disputeReason)}\n\n` +
          `${t('mails.answer.blocked')}\n`) +
      `\n${t('mails.answer.seeAll')}\n${APP_URL}/songs/${song.id}/co-writers\n`,
  }
}
