import { WithWholeIds } from '~/components/certificate-id'
import { useT } from '~/i18n/react'
import type { VerifyReport } from './report'
import { ServiceWords, type ServiceWordsMap } from './words'

/** Each step of the proof with its evidence and checks; a step after a failed one is not checked. */
export function VerificationSteps({
  steps,
  words,
}: {
  steps: VerifyReport['steps']
  /** The services' words in the page's language (words.server.ts). */
  words: ServiceWordsMap
}) {
  const t = useT()
  return (
    <ol className="mt-8 space-y-6" aria-label={t('verify.steps.label')}>
      {steps.map((step, index) => (
        <li key={step.id}>
          <section
            aria-labelledby={`step-${step.id}`}
            className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
            data-testid={`step-${step.id}`}
          >
            <h2 id={`step-${step.id}`} className="text-lg font-semibold text-slate-900">
              {t('verify.steps.title', {
                number: index + 1,
                title: words[step.title] ?? step.title,
              })}
            </h2>
            {step.reached ? (
              <>
                {step.evidence.length > 0 ? (
                  <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[11rem_1fr]">
                    {step.evidence.map((item) => (
                      <div key={item.label} className="contents">
                        <dt className="font-medium text-slate-500">
                          <ServiceWords words={words} text={item.label} />
                        </dt>
                        <dd className="min-w-0 text-slate-900">
                          <EvidenceValue item={item} words={words} />
                        </dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
                <ul
                  className="mt-4 space-y-2"
                  aria-label={t('verify.steps.checks', { number: index + 1 })}
                >
                  {step.checks.map((check) => (
                    <li
                      key={check.name}
                      className="flex gap-3"
                      data-testid="verification-check"
                      data-ok={check.ok}
                    >
                      <span
                        aria-hidden="true"
                        className={check.ok ? 'text-green-700' : 'text-red-700'}
                      >
                        {check.ok ? '✓' : '✗'}
                      </span>
                      <div className="min-w-0">
                        <p className="font-medium text-slate-900">
                          <ServiceWords words={words} text={check.name} />{' '}
                          <span className="sr-only">
                            {check.ok ? t('verify.check.passed') : t('verify.check.failed')}
                          </span>
                        </p>
                        <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">
                          <ServiceWords
                            words={words}
                            text={check.detail}
                            render={(shown) => <WithWholeIds text={shown} />}
                          />
                        </p>
                      </div>
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="mt-2 text-sm text-slate-600">{t('verify.steps.notReached')}</p>
            )}
          </section>
        </li>
      ))}
    </ol>
  )
}

function EvidenceValue({
  item,
  words,
}: {
  item: VerifyReport['steps'][number]['evidence'][number]
  words: ServiceWordsMap
}) {
  if (item.kind === 'link' && item.href) {
    return (
      <a
        href={item.href}
        className="break-all text-brand-700 underline"
        target="_blank"
        rel="noopener noreferrer"
      >
        {item.value}
      </a>
    )
  }
  // Wrapped, never scrolled: a scrolling box would need its own keyboard focus.
  if (item.kind === 'block')
    return (
      <pre className="whitespace-pre-wrap break-all rounded bg-slate-50 p-2 font-mono text-xs text-slate-800">
        <ServiceWords
          words={words}
          text={item.value}
          render={(shown) => <WithWholeIds text={shown} />}
        />
      </pre>
    )
  // A mono value of one word is an identifier or a hash: the same in every language.
  if (item.kind === 'mono' && !/\s/.test(item.value))
    return (
      <span className="break-all font-mono">
        <WithWholeIds text={item.value} />
      </span>
    )
  return (
    <span className={item.kind === 'mono' ? 'break-all font-mono' : 'break-words'}>
      <ServiceWords
        words={words}
        text={item.value}
        render={(shown) => <WithWholeIds text={shown} />}
      />
    </span>
  )
}
