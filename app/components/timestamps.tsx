import { formatStampTime, REASON_IDS, type SnapshotStamp, timestampText } from '~/lib/timestamp'
import { sayWith } from '~/lib/say'
import { useTermNotes } from '~/i18n/words'
import { useT } from '~/i18n/react'
import { TermNote } from './term'

/** The owner's list of every snapshot of the song and its RFC 3161 timestamp, oldest first. */
export function TimestampHistory({ stamps }: { stamps: SnapshotStamp[] }) {
  const t = useT()
  const notes = useTermNotes()
  if (stamps.length === 0) return null
  return (
    <section
      aria-labelledby="timestamp-history"
      className="no-print mx-auto mt-6 max-w-4xl"
      data-testid="timestamp-history"
    >
      <h2 id="timestamp-history" className="text-base font-semibold text-slate-900">
        {t('certificate.timestamps.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('certificate.timestamps.text')}</p>
      {/* RFC 3161 is explained by the certificate above, where the page first names it. */}
      <TermNote note={notes.manifest} className="mt-1" />
      <ol className="mt-3 divide-y divide-slate-200 rounded border border-slate-200 bg-white">
        {stamps.map((stamp) => (
          <li key={stamp.id} className="px-3 py-2 text-sm">
            <p className="font-medium text-slate-900">
              {t('certificate.timestamps.entry', {
                reason: t(REASON_IDS[stamp.reason]),
                time: formatStampTime(stamp.createdAt),
              })}
            </p>
            <p className="text-slate-700">{timestampText(stamp, sayWith(t))}</p>
            <p className="break-all font-mono text-xs text-slate-500">
              {t('certificate.timestamps.manifest', { hash: stamp.manifestSha256 })}
            </p>
          </li>
        ))}
      </ol>
    </section>
  )
}
