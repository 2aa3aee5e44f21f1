import type { VerifyTimestamp } from './report'
import { TermNote } from '../term'
import { type Translate, useT } from '~/i18n/react'
import { formatStampTime } from '~/lib/timestamp'
import type { ServiceWordsMap } from './words'
import { useManifestNote, useRfc3161Note, useSha256Note } from './notes'

const TONE: Record<VerifyTimestamp['status'], string> = {
  verified: 'border-green-200 bg-green-50 text-green-900',
  failed: 'border-red-200 bg-red-50 text-red-900',
  pending: 'border-slate-200 bg-slate-50 text-slate-800',
  none: 'border-slate-200 bg-slate-50 text-slate-800',
}
const MARK: Record<VerifyTimestamp['status'], string> = {
  verified: '✓',
  failed: '✗',
  pending: '…',
  none: '–',
}

/**
 * The summary's sentence from the verification's fields; a failure's list of reasons, which only
 * the service's English holds, stays English (marked so).
 */
function Summary({ t, timestamp }: { t: Translate; timestamp: VerifyTimestamp }) {
  const development = timestamp.development ? ` ${t('verify.timestamp.development')}` : ''
  if (timestamp.status === 'none') return <>{t('verify.timestamp.none')}</>
  if (timestamp.status === 'pending') return <>{t('verify.timestamp.pending')}</>
  if (timestamp.status === 'verified' && timestamp.genTime && timestamp.anchor)
    return (
      <>
        {t('verify.timestamp.verified', {
          tsa: timestamp.tsaName ?? '',
          when: formatStampTime(timestamp.genTime),
          anchor: timestamp.anchor,
        })}
        {development}
      </>
    )
  return <span lang="en">{timestamp.summary}</span>
}

/**
 * The registered record's RFC 3161 timestamp, a second witness of time beside the blockchain
 * (decision 068): one sentence, then each check. A failing check is said plainly here, outside
 * the technical details, since it is the one thing a reader must not miss.
 */
export function TimestampCheck({
  timestamp,
  words,
}: {
  timestamp: VerifyTimestamp
  /** The services' words in the page's language (words.server.ts). */
  words: ServiceWordsMap
}) {
  const t = useT()
  const manifestNote = useManifestNote()
  const sha256Note = useSha256Note()
  const rfc3161Note = useRfc3161Note()
  return (
    <section
      aria-labelledby="timestamp-heading"
      className={`mt-6 rounded-lg border p-4 ${TONE[timestamp.status]}`}
      data-testid="timestamp-check"
      data-status={timestamp.status}
    >
      <h2 id="timestamp-heading" className="font-semibold">
        {t('verify.timestamp.heading')}
      </h2>
      <TermNote note={rfc3161Note} className="mt-1" />
      <p className="mt-2" data-testid="timestamp-summary">
        <span aria-hidden="true">{MARK[timestamp.status]} </span>
        <Summary t={t} timestamp={timestamp} />
      </p>
      {/* The checks name the manifest and its SHA-256: explained before them. */}
      {timestamp.checks.length > 0 ? (
        <>
          <TermNote note={manifestNote} className="mt-2" />
          <TermNote note={sha256Note} className="mt-1" />
        </>
      ) : null}
      {timestamp.checks.length > 0 ? (
        <ul className="mt-3 space-y-2" aria-label={t('verify.timestamp.checks')}>
          {timestamp.checks.map((check) => (
            <li
              key={check.name}
              className="flex gap-3"
              data-testid="timestamp-check-item"
              data-ok={check.ok}
            >
              <span aria-hidden="true" className={check.ok ? 'text-green-700' : 'text-red-700'}>
                {check.ok ? '✓' : '✗'}
              </span>
              <div className="min-w-0">
                <p className="font-medium">
                  {words[check.name] ?? <span lang="en">{check.name}</span>}{' '}
                  <span className="sr-only">
                    {check.ok ? t('verify.check.passed') : t('verify.check.failed')}
                  </span>
                </p>
                {/* The details are the token's own findings, in app/timestamp's English. */}
                <p lang="en" className="break-all text-sm opacity-90">
                  {check.detail}
                </p>
              </div>
            </li>
          ))}
        </ul>
      ) : null}

      {timestamp.status === 'verified' || timestamp.status === 'failed' ? (
        <p className="mt-3 text-sm">{t('verify.timestamp.repeat')}</p>
      ) : null}
    </section>
  )
}
