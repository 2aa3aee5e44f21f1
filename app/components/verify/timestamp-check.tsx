import type { VerifyTimestamp } from './report'
import { TermNote } from '../term'
import { SHA_256 } from '~/lib/glossary/sha-256'
import { MANIFEST } from '~/lib/glossary/manifest'
import { RFC_3161 } from '~/lib/glossary/rfc-3161'

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
 * The registered record's RFC 3161 timestamp, a second witness of time beside the blockchain
 * (decision 068): one sentence, then each check. A failing check is said plainly here, outside
 * the technical details, since it is the one thing a reader must not miss.
 */
export function TimestampCheck({ timestamp }: { timestamp: VerifyTimestamp }) {
  return (
    <section
      aria-labelledby="timestamp-heading"
      className={`mt-6 rounded-lg border p-4 ${TONE[timestamp.status]}`}
      data-testid="timestamp-check"
      data-status={timestamp.status}
    >
      <h2 id="timestamp-heading" className="font-semibold">
        Independent timestamp (RFC 3161)
      </h2>
      <TermNote note={RFC_3161} className="mt-1" />
      <p className="mt-2" data-testid="timestamp-summary">
        <span aria-hidden="true">{MARK[timestamp.status]} </span>
        {timestamp.summary}
      </p>
      {/* The checks name the manifest and its SHA-256: explained before them. */}
      {timestamp.checks.length > 0 ? (
        <>
          <TermNote note={MANIFEST} className="mt-2" />
          <TermNote note={SHA_256} className="mt-1" />
        </>
      ) : null}
      {timestamp.checks.length > 0 ? (
        <ul className="mt-3 space-y-2" aria-label="Checks of the timestamp">
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
                  {check.name} <span className="sr-only">{check.ok ? 'passed' : 'failed'}</span>
                </p>
                <p className="break-all text-sm opacity-90">{check.detail}</p>
              </div>
            </li>
          ))}
        </ul>
      ) : null}

      {timestamp.status === 'verified' || timestamp.status === 'failed' ? (
        <p className="mt-3 text-sm">
          Anyone can repeat this check with OpenSSL: the owner’s proof bundle holds the record, the
          token and the TSA’s certificates, and its README gives the command.
        </p>
      ) : null}
    </section>
  )
}
