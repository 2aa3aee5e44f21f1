import { formatStampTime, REASON_LABELS, type SnapshotStamp, timestampText } from '~/lib/timestamp'
import { TermNote } from './term'
import { MANIFEST } from '~/lib/glossary/manifest'

/** The owner's list of every snapshot of the song and its RFC 3161 timestamp, oldest first. */
export function TimestampHistory({ stamps }: { stamps: SnapshotStamp[] }) {
  if (stamps.length === 0) return null
  return (
    <section
      aria-labelledby="timestamp-history"
      className="no-print mx-auto mt-6 max-w-4xl"
      data-testid="timestamp-history"
    >
      <h2 id="timestamp-history" className="text-base font-semibold text-slate-900">
        Timestamps of this song’s snapshots
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Each change of the song is a snapshot; a Time-Stamping Authority signs the SHA-256 of its
        manifest (RFC 3161). Your proof bundle holds them all, with their tokens and the OpenSSL
        command that checks them.
      </p>
      {/* RFC 3161 is explained by the certificate above, where the page first names it. */}
      <TermNote note={MANIFEST} className="mt-1" />
      <ol className="mt-3 divide-y divide-slate-200 rounded border border-slate-200 bg-white">
        {stamps.map((stamp) => (
          <li key={stamp.id} className="px-3 py-2 text-sm">
            <p className="font-medium text-slate-900">
              {REASON_LABELS[stamp.reason]} · {formatStampTime(stamp.createdAt)}
            </p>
            <p className="text-slate-700">{timestampText(stamp)}</p>
            <p className="break-all font-mono text-xs text-slate-500">
              Manifest SHA-256 {stamp.manifestSha256}
            </p>
          </li>
        ))}
      </ol>
    </section>
  )
}
