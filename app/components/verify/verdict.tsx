import type { RecordFact } from '~/services/certificates/record/verified-facts.server'
import { TermNote } from '~/components/term'
import { MANIFEST } from '~/lib/glossary/manifest'
import type { VerifyReport } from './report'

// The verify page's answer, right under the record it speaks of (issue 49.4): verified, or not
// and then exactly what was checked, what failed and what was never reached, so the record above
// is never taken for more than the checks behind it.

export const VERIFIED = '✓ Verified: the certificate matches its blockchain record.'
export const NOT_VERIFIED = '✗ Verification failed: the records do not match.'

/** "title", "title and split", "title, split and confirmations". */
function listed(facts: string[]) {
  return facts.length < 2
    ? (facts[0] ?? '')
    : `${facts.slice(0, -1).join(', ')} and ${facts.at(-1)}`
}

const ALL_FACTS = 'title, date created, contributors, split and confirmations'

function plainWords(report: VerifyReport, differing: RecordFact[], appName: string) {
  if (!report.ok)
    return `In plain words: the ${report.publicRecords ? 'public ' : ''}records do not match this certificate, so it cannot be relied on as shown. The list below says which check failed.`
  if (differing.length > 0)
    return `In plain words: the blockchain record and the stored copy of the song’s record match each other, but the ${listed(differing)} this page shows from ${appName}’s database are not the ones they hold, so the record above cannot be relied on as shown.`
  return `In plain words: the song’s record — its title, the people and AI tools it names, and each one’s share — was written to ${report.network} and kept in ${report.storedIn}, and both still match it exactly${
    report.publicRecords
      ? `: nobody, ${appName} included, can have changed it since it was registered.`
      : '. Both are kept on this server, so this holds only as far as this server can be trusted.'
  }`
}

/** Each step's outcome in one line: passed, failed (with the checks that failed), or not reached. */
function stepLines(steps: VerifyReport['steps']) {
  return steps.map((step, index) => {
    const name = `${index + 1}. ${step.title}`
    if (!step.reached)
      return { id: step.id, mark: '–', text: `${name}: not checked, an earlier step failed` }
    const failed = step.checks.filter((check) => !check.ok).map((check) => check.name)
    return failed.length === 0
      ? { id: step.id, mark: '✓', text: `${name}: passed` }
      : { id: step.id, mark: '✗', text: `${name}: failed (${failed.join('; ')})` }
  })
}

export function Verdict({
  report,
  differing,
  appName,
}: {
  report: VerifyReport
  /** The record's facts shown above that the verified manifest does not hold as shown. */
  differing: RecordFact[]
  appName: string
}) {
  const verified = report.ok && differing.length === 0
  const factsLine = !report.ok
    ? `– The ${ALL_FACTS} above were not checked: a record that does not verify cannot vouch for them.`
    : differing.length > 0
      ? `✗ The ${listed(differing)} above differ from the registered record’s.`
      : `✓ The ${ALL_FACTS} above are the registered record’s own.`
  return (
    <section aria-label="Verification result" className="mt-6" data-testid="verdict">
      <p
        role="status"
        className={`rounded-lg p-4 text-lg font-semibold ${verified ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}
      >
        {verified ? VERIFIED : NOT_VERIFIED}
      </p>
      <p className="mt-4 text-slate-700" data-testid="verify-plain">
        {plainWords(report, differing, appName)}
      </p>
      {verified ? null : (
        <>
          <ul className="mt-3 space-y-1 text-sm text-slate-800" aria-label="What was checked">
            {stepLines(report.steps).map((line) => (
              <li key={line.id} className="flex gap-2" data-testid="verdict-step">
                <span aria-hidden="true">{line.mark}</span>
                <span className="min-w-0 break-words">{line.text}</span>
              </li>
            ))}
          </ul>
          {/* The steps name the manifest: its plain sentence right under them. */}
          <TermNote note={MANIFEST} className="mt-2" />
        </>
      )}
      <p
        className={`mt-3 text-sm ${verified ? 'text-green-900' : 'text-red-900'}`}
        data-testid="verdict-facts"
      >
        {factsLine}
      </p>
    </section>
  )
}
