import type { MessageId } from '~/i18n/react'
import { formatUtcTime } from './dates'
import { type Say, sayEnglish } from './say'

// What a page, a PDF or a bundle says about a snapshot's RFC 3161 timestamp (issue 29, decision
// 057): one wording everywhere, never more than the token behind it.

/** A snapshot's timestamp as views receive it (no token bytes). */
export interface SnapshotStamp {
  id: number
  reason: 'created' | 'edited' | 'details' | 'registered'
  manifestSha256: string
  status: 'pending' | 'stamped'
  tsaName: string | null
  tsaKind: 'local' | 'rfc3161' | null
  /** ISO time the TSA signed. */
  stampedAt: string | null
  /** ISO time the snapshot was taken. */
  createdAt: string
}

export const DEVELOPMENT_TIMESTAMP_NOTE =
  'This is a development timestamp from this server, not an independent authority.'
export const TIMESTAMP_PENDING =
  'Timestamp pending: the RFC 3161 timestamp of this snapshot is requested in the background and shown here once the Time-Stamping Authority answers.'

export const REASON_LABELS: Record<SnapshotStamp['reason'], string> = {
  created: 'Song created',
  edited: 'Song edited',
  details: 'Details added',
  registered: 'Registered',
}

/** '2026-11-26 04:06:03 UTC': a TSA's time to the second, the same on server and browser. */
export function formatStampTime(value: string | Date) {
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return 'Time not available'
  return `${date.toISOString().slice(0, 10)} ${formatUtcTime(date)}`
}

/** The reasons' ids in the certificate area, for a page in the reader's language. */
export const REASON_IDS: Record<SnapshotStamp['reason'], MessageId> = {
  created: 'certificate.timestamps.reason.created',
  edited: 'certificate.timestamps.reason.edited',
  details: 'certificate.timestamps.reason.details',
  registered: 'certificate.timestamps.reason.registered',
}

/**
 * "Time-stamped by <TSA> at <time> (RFC 3161)", the development note, or "Timestamp pending";
 * `say` the page's language (app/lib/say.ts), English without it. The TSA's time stays as it
 * signed it, in UTC to the second.
 */
export function timestampText(
  stamp: Pick<SnapshotStamp, 'status' | 'tsaName' | 'tsaKind' | 'stampedAt'>,
  say: Say = sayEnglish,
) {
  if (stamp.status !== 'stamped' || !stamp.stampedAt || !stamp.tsaName)
    return say('certificate.timestamp.pending', TIMESTAMP_PENDING)
  const time = formatStampTime(stamp.stampedAt)
  const line = `Time-stamped by ${stamp.tsaName} at ${time} (RFC 3161).`
  const values = { tsa: stamp.tsaName, time }
  return stamp.tsaKind === 'local'
    ? say('certificate.timestamp.development', `${line} ${DEVELOPMENT_TIMESTAMP_NOTE}`, values)
    : say('certificate.timestamp.stamped', line, values)
}
