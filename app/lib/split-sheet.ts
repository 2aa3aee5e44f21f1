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
