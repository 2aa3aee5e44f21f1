import { AppLink } from '~/components/app-link'
import { type AuditSummary, formatDateTimeUtc } from '~/lib/admin'

/**
 * The record audit (decision 060): when it last checked, how many registered certificates still
 * verify against the chain and permanent storage, and each one that does not, with the reason.
 */
export function RecordAudit({ audit }: { audit: AuditSummary }) {
  return (
    <section aria-labelledby="record-audit-heading" data-testid="record-audit">
      <h2 id="record-audit-heading" className="text-lg font-semibold text-slate-900">
        Record Audit
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        Every hour each registered certificate is checked again against its chain transaction and
        its stored manifest, the same checks as its public verification page.
      </p>
      <dl className="mt-4 grid gap-4 sm:grid-cols-4">
        <AuditFigure
          label="Last check"
          value={audit.lastCheckedAt ? formatDateTimeUtc(audit.lastCheckedAt) : 'Not run yet'}
        />
        <AuditFigure label="Records that hold" value={String(audit.holding)} />
        <AuditFigure label="Records that do not" value={String(audit.failing)} />
        <AuditFigure label="Not checked yet" value={String(audit.unchecked)} />
      </dl>
      {audit.failures.length === 0 ? (
        <p className="mt-6 text-sm text-slate-700">
          {audit.lastCheckedAt
            ? 'Every checked record still verifies.'
            : 'No record has been checked yet.'}
        </p>
      ) : (
        <div className="mt-6 overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="text-left font-semibold text-red-800">
              Records that no longer verify
            </caption>
            <thead>
              <tr className="text-left text-slate-600">
                <th scope="col" className="py-2 pr-4">
                  Certificate
                </th>
                <th scope="col" className="py-2 pr-4">
                  Reason
                </th>
                <th scope="col" className="py-2">
                  Checked
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {audit.failures.map((failure) => (
                <tr key={failure.certificateId}>
                  <td className="py-2 pr-4 font-mono">
                    <AppLink to={`/verify/${failure.certificateId}`} className="underline">
                      {failure.certificateId}
                    </AppLink>
                  </td>
                  <td className="break-words py-2 pr-4">{failure.reason}</td>
                  <td className="whitespace-nowrap py-2">{formatDateTimeUtc(failure.checkedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

function AuditFigure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 px-4 py-3">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-slate-900">{value}</dd>
    </div>
  )
}
