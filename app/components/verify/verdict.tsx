import type { RecordFact } from '~/services/certificates/record/verified-facts.server'
import { TermNote } from '~/components/term'
import { type Translate, useLocale, useT } from '~/i18n/react'
import { PSEUDO_LOCALE, SOURCE_LOCALE } from '~/i18n/locales'
import type { MessageId } from '~/i18n/react'
import type { VerifyReport } from './report'
import type { ServiceWordsMap } from './words'
import { useManifestNote } from './notes'
import { listFormat } from '~/lib/intl'

// The verify page's answer, right under the record it speaks of (issue 49.4): verified, or not
// and then exactly what was checked, what failed and what was never reached, so the record above
// is never taken for more than the checks behind it.

export const VERIFIED = '✓ Verified: the certificate matches its blockchain record.'
export const NOT_VERIFIED = '✗ Verification failed: the records do not match.'

const FACTS: Record<RecordFact, MessageId> = {
  title: 'verify.fact.title',
  'date created': 'verify.fact.dateCreated',
  contributors: 'verify.fact.contributors',
  split: 'verify.fact.split',
  confirmations: 'verify.fact.confirmations',
}
const ALL_FACTS: RecordFact[] = ['title', 'date created', 'contributors', 'split', 'confirmations']

/** "title", "title and split", "title, split and confirmations", as the language lists. */
function listed(t: Translate, locale: string, facts: RecordFact[]) {
  // The page's English writes no comma before "and" (en-GB's list, not en-US's).
  const lists = locale === SOURCE_LOCALE || locale === PSEUDO_LOCALE ? 'en-GB' : locale
  const words = facts.map((fact) => t(FACTS[fact]))
  // The pseudo-language's "and" is Intl's English: it is a single word between accented ones.
  return listFormat(lists, { type: 'conjunction' }).format(words)
}

function plainWords(
  t: Translate,
  locale: string,
  words: ServiceWordsMap,
  report: VerifyReport,
  differing: RecordFact[],
  appName: string,
) {
  if (!report.ok) return t('verify.plain.failed', { public: report.publicRecords ? 'yes' : 'no' })
  if (differing.length > 0)
    return t('verify.plain.differs', { facts: listed(t, locale, differing), appName })
  const values = {
    network: words[report.network] ?? report.network,
    storedIn: words[report.storedIn] ?? report.storedIn,
    appName,
  }
  return report.publicRecords
    ? t('verify.plain.verifiedPublic', values)
    : t('verify.plain.verifiedLocal', values)
}

/** Each step's outcome in one line: passed, failed (with the checks that failed), or not reached. */
function stepLines(t: Translate, words: ServiceWordsMap, steps: VerifyReport['steps']) {
  return steps.map((step, index) => {
    const values = { number: index + 1, title: words[step.title] ?? step.title }
    if (!step.reached)
      return { id: step.id, mark: '–', text: t('verify.verdict.stepNotReached', values) }
    const failed = step.checks
      .filter((check) => !check.ok)
      .map((check) => words[check.name] ?? check.name)
    return failed.length === 0
      ? { id: step.id, mark: '✓', text: t('verify.verdict.stepPassed', values) }
      : {
          id: step.id,
          mark: '✗',
          text: t('verify.verdict.stepFailed', { ...values, checks: failed.join('; ') }),
        }
  })
}

export function Verdict({
  report,
  differing,
  appName,
  words,
}: {
  report: VerifyReport
  /** The services' words in the page's language (words.server.ts). */
  words: ServiceWordsMap
  /** The record's facts shown above that the verified manifest does not hold as shown. */
  differing: RecordFact[]
  appName: string
}) {
  const t = useT()
  const locale = useLocale()
  const manifestNote = useManifestNote()
  const verified = report.ok && differing.length === 0
  const factsLine = !report.ok
    ? t('verify.verdict.factsUnchecked', { facts: listed(t, locale, ALL_FACTS) })
    : differing.length > 0
      ? t('verify.verdict.factsDiffer', { facts: listed(t, locale, differing) })
      : t('verify.verdict.factsOwn', { facts: listed(t, locale, ALL_FACTS) })
  return (
    <section aria-label={t('verify.verdict.label')} className="mt-6" data-testid="verdict">
      <p
        role="status"
        className={`rounded-lg p-4 text-lg font-semibold ${verified ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}
      >
        {verified ? t('verify.verdict.verified') : t('verify.verdict.failed')}
      </p>
      <p className="mt-4 text-slate-700" data-testid="verify-plain">
        {plainWords(t, locale, words, report, differing, appName)}
      </p>
      {verified ? null : (
        <>
          <ul
            className="mt-3 space-y-1 text-sm text-slate-800"
            aria-label={t('verify.verdict.checked')}
          >
            {stepLines(t, words, report.steps).map((line) => (
              <li key={line.id} className="flex gap-2" data-testid="verdict-step">
                <span aria-hidden="true">{line.mark}</span>
                <span className="min-w-0 break-words">{line.text}</span>
              </li>
            ))}
          </ul>
          {/* The steps name the manifest: its plain sentence right under them. */}
          <TermNote note={manifestNote} className="mt-2" />
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
