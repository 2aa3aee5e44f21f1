import { AppLink } from '~/components/app-link'
import { CertificateId, WithWholeIds } from '~/components/certificate-id'
import { useT } from '~/i18n/react'
import type { VerifyLinks } from './report'
import { ServiceWords, type ServiceWordsMap } from './words'

/** The earlier versions this record names, each verified the same way (issue 14). */
export function ChainOfVersions({
  links,
  words,
}: {
  links: VerifyLinks
  /** The services' words in the page's language (words.server.ts). */
  words: ServiceWordsMap
}) {
  const t = useT()
  const ok = links.every((link) => link.ok)
  // "PT-A supersedes PT-B" in the language's order, with the IDs kept whole and the second linked.
  const [before, between, after] = t('verify.chain.supersedes', {
    from: '\u0000',
    to: '\u0000',
  }).split('\u0000')
  return (
    <section
      aria-labelledby="chain-of-versions"
      className="mt-8 rounded-lg border border-slate-200 p-4"
    >
      <h2 id="chain-of-versions" className="text-lg font-semibold text-slate-900">
        {t('verify.chain.heading')}
      </h2>
      <p
        data-testid="chain-verdict"
        className={`mt-2 text-sm font-semibold ${ok ? 'text-green-800' : 'text-red-800'}`}
      >
        {ok ? t('verify.chain.ok', { count: links.length }) : t('verify.chain.broken')}
      </p>
      <ol className="mt-3 space-y-3">
        {links.map((link) => (
          <li key={`${link.from}-${link.to}`} className="text-sm">
            <p>
              {before}
              <CertificateId id={link.from} />
              {between}
              <AppLink
                to={`/verify/${link.to}`}
                className="whitespace-nowrap font-mono text-brand-700 underline"
              >
                {link.to}
              </AppLink>
              {after}
            </p>
            <ul className="mt-1 space-y-1">
              {link.checks.map((check) => (
                <li key={check.name} className={check.ok ? 'text-green-800' : 'text-red-800'}>
                  {check.ok ? '✓' : '✗'} <ServiceWords words={words} text={check.name} /> —{' '}
                  <ServiceWords
                    words={words}
                    text={check.detail}
                    render={(shown) => <WithWholeIds text={shown} />}
                  />
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  )
}
