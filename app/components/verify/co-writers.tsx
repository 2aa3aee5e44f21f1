import { Isolated } from '~/components/bidi'
import { useT } from '~/i18n/react'
import type { VerifyReport } from './report'

/**
 * Who confirmed their share, as the verified record holds it — shown only once every check
 * passed, so it never speaks for a manifest that did not verify (decision 042).
 */
export function ConfirmedCoWriters({
  coWriters,
}: {
  coWriters: NonNullable<VerifyReport['confirmations']>
}) {
  const t = useT()
  return (
    <section
      aria-labelledby="co-writers"
      className="mt-8 rounded-lg border border-slate-200 p-4"
      data-testid="co-writers"
    >
      <h2 id="co-writers" className="text-lg font-semibold text-slate-900">
        {t('verify.coWriters.heading')}
      </h2>
      {/* Each line is the record's own sentence (published-co-writers.server.ts), in English. */}
      {coWriters.recordsConfirmations ? (
        <ul lang="en" className="mt-2 space-y-1 text-sm text-slate-800">
          {coWriters.confirmed.map((line) => (
            <li key={line} className="text-green-900">
              ✓ <Isolated text={line} values={coWriters.names} />
            </li>
          ))}
          {coWriters.declaredOnly.map((line) => (
            <li key={line}>
              <Isolated text={line} values={coWriters.names} />
            </li>
          ))}
        </ul>
      ) : (
        <p lang="en" className="mt-2 text-sm text-slate-700">
          {coWriters.lines[0]}
        </p>
      )}
      <p className="mt-2 text-xs text-slate-500">{t('verify.coWriters.note')}</p>
    </section>
  )
}
