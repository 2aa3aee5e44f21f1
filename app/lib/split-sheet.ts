// The split sheet's wording, shared by its page and its PDF (issue 13, decision 042).
import { DEFAULT_TIME_ZONE, formatDayInZone } from './dates'

export function registrationText(
  registration:
    | { status: 'registered'; date: string; network: string }
    | { status: 'pending' | 'failed' | 'not-registered' },
  timeZone = DEFAULT_TIME_ZONE,
) {
  switch (registration.status) {
    case 'registered':
      return `Registered on ${formatDayInZone(registration.date, timeZone)}, ${registration.network}`
    case 'pending':
      return 'Registration under way, not confirmed yet'
    case 'failed':
      return 'Registration failed; not registered'
    default:
      return 'Not registered yet: this split can still change'
  }
}

export const SPLIT_SHEET_NOTE =
  'Shares are percentages of each component. A confirmed share was accepted by that contributor through a personal invitation; any other share is as declared by the submitter.'

/** Where a registered sheet's verify address would be, on a sheet that has none (issue 37.5). */
export const SPLIT_SHEET_NOT_VERIFIABLE =
  'Not registered: there is no public record to check this split against yet, so this sheet has no verify address.'

export const SPLIT_SHEET_VERIFY_LEAD = 'Anyone can check the registered record at:'

/** Split sheets are signed on the day (issue 37.5): a line to sign and a line to date, each. */
export const SIGNATURES_INTRO =
  'Each contributor named above signs and dates this sheet to agree to the shares it sets out.'
export const SIGNATURE_LABEL = 'Signature'
export const DATE_LABEL = 'Date'
