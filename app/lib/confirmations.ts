// The words for co-writers' confirmations (issue 13, decision 042), shared by the certificate,
// its PDF, the split sheet, the verification page and `npm run verify`, so each says the same.
import { DEFAULT_TIME_ZONE, formatDayInZone } from './dates'
import {
  COMPONENT_LABELS,
  type Component,
  type ContributorSlot,
  nameWithLatin,
} from './song-constants'

export const ROLE_LABELS: Record<ContributorSlot, string> = {
  main: 'Main contributor',
  'co-contributor': 'Co-contributor',
  'co-contributor-2': 'Second co-contributor',
}

// Said plainly, not as a warning (issue 52, polish): most records are the submitter's own word,
// and a confirmation, where there is one, has its own sentence.
export const DECLARED_ONLY = 'as declared by the submitter'

/** 'lyrics 50%, vocals 20%': the non-zero shares, in the song's component order. */
export function shareList(shares: { component: Component; percent: number }[]) {
  const parts = shares
    .filter((share) => Number(share.percent) > 0)
    .map((share) => `${COMPONENT_LABELS[share.component].toLowerCase()} ${Number(share.percent)}%`)
  return parts.length > 0 ? parts.join(', ') : 'no share of any component'
}

// A confirmation proves that whoever holds the mailbox the submitter gave for a contributor
// accepted that share through the mailed link: not who they are (issue 24, decision 047). Every
// sentence here says that much and no more.
const HOLDER = 'by the holder of the invited address'

/**
 * 'Confirmed on November 23, 2026 (UTC) by the holder of the invited address,
 * credited as Bob Lee (Co-contributor): lyrics 50%'.
 */
export function confirmationSentence(
  confirmation: {
    role: ContributorSlot
    creditedName: string
    /** Version 6 records the name in Latin script too (issue 26). */
    creditedLatinName?: string | null
    confirmedAt: string
    shares: { component: Component; percent: number }[]
  },
  timeZone = DEFAULT_TIME_ZONE,
) {
  return `Confirmed on ${formatDayInZone(confirmation.confirmedAt, timeZone)} ${HOLDER}, credited as ${nameWithLatin(confirmation.creditedName, confirmation.creditedLatinName)} (${ROLE_LABELS[confirmation.role]}): ${shareList(confirmation.shares)}`
}

/** 'Cara Diaz (Second co-contributor): as declared by the submitter'. */
export function declaredSentence(contributor: {
  role: ContributorSlot
  name: string
  latinName?: string | null
}) {
  return `${nameWithLatin(contributor.name, contributor.latinName)} (${ROLE_LABELS[contributor.role]}): ${DECLARED_ONLY}`
}

/**
 * A contributor's standing as a certificate or split sheet shows it. `recorded`: read from the
 * registered record (only confirmed or declared exist there); otherwise the owner's live view.
 */
export type ContributorStatus =
  | { slot: ContributorSlot; status: 'declared' }
  | { slot: ContributorSlot; status: 'invited' | 'expired' }
  | {
      slot: ContributorSlot
      status: 'confirmed'
      confirmedAt: string
      creditedName: string
      /** Issue 26: the credited name in Latin script, when the co-writer gave one. */
      creditedLatinName?: string | null
      /** Issue 51.6: the PRO and IPI the co-writer gave when confirming, when they gave them. */
      pro?: string | null
      ipi?: string | null
    }
  | { slot: ContributorSlot; status: 'disputed'; decidedAt: string; reason: string }

/** One line per status: 'Confirmed on November 23, 2026 (UTC)', 'Invited, not confirmed yet'… */
export function statusText(
  status: ContributorStatus,
  { recorded, timeZone = DEFAULT_TIME_ZONE }: { recorded: boolean; timeZone?: string },
) {
  switch (status.status) {
    case 'confirmed':
      return `Confirmed on ${formatDayInZone(status.confirmedAt, timeZone)} ${HOLDER}${recorded ? ', in the registered record' : ''}`
    case 'invited':
      return 'Invited, not confirmed yet'
    case 'expired':
      return 'Invitation expired, not confirmed'
    case 'disputed':
      return `Disputed on ${formatDayInZone(status.decidedAt, timeZone)}: ${status.reason}`
    default:
      return 'Declared by the submitter'
  }
}

/**
 * The certificate's closing statement, no stronger than the record: who confirmed their own share,
 * and that everything else is the submitter's word.
 */
export function certificateStatement(
  contributors: { name: string; status: ContributorStatus }[],
  recorded: boolean,
) {
  const confirmed = contributors.filter((c) => c.status.status === 'confirmed')
  if (confirmed.length === 0)
    return 'This certificate records authorship as declared by the submitter; no contributor has confirmed their share.'
  const where = recorded ? ' in the registered record' : ''
  if (confirmed.length === contributors.length)
    return `Each contributor's share was confirmed${where} by the holder of the address invited for them; the other details are as declared by the submitter.`
  const names = confirmed.map((c) => c.name)
  const list =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
  return `This certificate records authorship as declared by the submitter; the share${confirmed.length === 1 ? '' : 's'} of ${list} ${confirmed.length === 1 ? 'was' : 'were'} confirmed${where} ${HOLDER}.`
}
