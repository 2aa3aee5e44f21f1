import { Link } from '@remix-run/react'
import { CertificateId, WithWholeIds } from '~/components/certificate-id'
import type { VerifyLinks } from './report'

/** The earlier versions this record names, each verified the same way (issue 14). */
export function ChainOfVersions({ links }: { links: VerifyLinks }) {
  const ok = links.every((link) => link.ok)
  return (
    <section
      aria-labelledby="chain-of-versions"
      className="mt-8 rounded-lg border border-slate-200 p-4"
    >
      <h2 id="chain-of-versions" className="text-lg font-semibold text-slate-900">
        Earlier versions
      </h2>
      <p
        data-testid="chain-verdict"
        className={`mt-2 text-sm font-semibold ${ok ? 'text-green-800' : 'text-red-800'}`}
      >
        {ok
          ? `✓ Every earlier version verifies and is the one this record names (${links.length}).`
          : '✗ The chain of versions is broken: an earlier record does not match its link.'}
      </p>
      <ol className="mt-3 space-y-3">
        {links.map((link) => (
          <li key={`${link.from}-${link.to}`} className="text-sm">
            <p>
              <CertificateId id={link.from} /> supersedes{' '}
              <Link
                to={`/verify/${link.to}`}
                className="whitespace-nowrap font-mono text-brand-700 underline"
              >
                {link.to}
              </Link>
            </p>
            <ul className="mt-1 space-y-1">
              {link.checks.map((check) => (
                <li key={check.name} className={check.ok ? 'text-green-800' : 'text-red-800'}>
                  {check.ok ? '✓' : '✗'} {check.name} — <WithWholeIds text={check.detail} />
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  )
}
