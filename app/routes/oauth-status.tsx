import { json, type MetaFunction } from '@remix-run/node'
import { useFetcher, useLoaderData } from '@remix-run/react'
import { useEffect, type ReactNode } from 'react'
import { formatUtcTime } from '~/lib/dates'
import { Button, ButtonLink, buttonClass } from '~/components/ui/button'
import {
  type ConsentTest,
  consentTest,
  type OAuthDiagnostics,
  oauthDiagnostics,
} from '~/services/accounts/google-config.server'

// SPEC §9: diagnostics every 30 s, the consent test every 60 s.
const DIAGNOSTICS_INTERVAL_MS = 30_000
const CONSENT_TEST_INTERVAL_MS = 60_000

export function loader() {
  return json({ diagnostics: oauthDiagnostics(), consent: consentTest() })
}

export default function OAuthStatusPage() {
  const initial = useLoaderData<typeof loader>()
  const diagnosticsFetcher = useFetcher<OAuthDiagnostics>()
  const consentFetcher = useFetcher<ConsentTest>()
  const { load: loadDiagnostics } = diagnosticsFetcher
  const { load: loadConsent } = consentFetcher

  // Without JavaScript the server-rendered data simply stays as it is.
  useEffect(() => {
    const diagnostics = setInterval(
      () => loadDiagnostics('/api/oauth/diagnostics'),
      DIAGNOSTICS_INTERVAL_MS,
    )
    const consent = setInterval(
      () => loadConsent('/api/oauth/test-consent'),
      CONSENT_TEST_INTERVAL_MS,
    )
    return () => {
      clearInterval(diagnostics)
      clearInterval(consent)
    }
  }, [loadDiagnostics, loadConsent])

  const { googleOAuth, timestamp } = diagnosticsFetcher.data ?? initial.diagnostics
  const consent = consentFetcher.data ?? initial.consent
  const { authorizedJavaScriptOrigins, authorizedRedirectURIs } =
    googleOAuth.credentialsConfiguration

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold text-slate-900">Google OAuth Status</h1>
      <p className="mt-2 text-slate-600">
        How Google sign-in is set up on this server, and what the Google Cloud Console must match.
      </p>
      <p className="mt-1 text-sm text-slate-500" aria-live="polite">
        Last checked <time dateTime={timestamp}>{formatUtcTime(timestamp)}</time>
      </p>

      <section aria-labelledby="status-heading" className="mt-8">
        <h2 id="status-heading" className="sr-only">
          Status
        </h2>
        <dl className="grid gap-3 sm:grid-cols-3">
          <StatusCard label="Google Client ID" detail={googleOAuth.clientIdPreview}>
            {googleOAuth.configured ? (
              <Badge tone="green">Configured</Badge>
            ) : (
              <Badge tone="red">Missing</Badge>
            )}
          </StatusCard>
          <StatusCard label="Consent Screen">
            <Badge tone="amber">{googleOAuth.consentScreen}</Badge>
          </StatusCard>
          <StatusCard label="Domain Verification">
            <Badge tone="amber">{googleOAuth.domainVerification}</Badge>
          </StatusCard>
        </dl>
      </section>

      <Section title="Publish the consent screen">
        <p>
          While the consent screen is in Testing, Google refuses sign-in (403) to everyone except
          its listed test users.
        </p>
        <ol className="mt-3 list-decimal space-y-2 pl-5">
          <li>Open the OAuth consent screen in the Google Cloud Console.</li>
          <li>
            Check the app name, the support email, the authorized domain, and the links to the
            privacy policy and terms of service below.
          </li>
          <li>
            The publishing status reads <strong>Testing</strong>: choose{' '}
            <strong>Publish app</strong> to move it to <strong>Published</strong> (In production).
          </li>
          <li>
            Submit the app for verification. Google verifies it in <strong>1-7 days</strong>; until
            then users may see an unverified-app warning.
          </li>
        </ol>
      </Section>

      <div className="mt-10 grid gap-8 md:grid-cols-3">
        <ListSection title="Required APIs" items={googleOAuth.requiredAPIs} />
        <ListSection
          title="Authorized JavaScript origins"
          items={authorizedJavaScriptOrigins}
          code
        />
        <ListSection title="Authorized redirect URIs" items={authorizedRedirectURIs} code />
      </div>

      <Section title="Actions">
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          {consent.configured && consent.testUrl ? (
            // A document navigation: the sign-in route redirects to Google.
            <a href={consent.testUrl} className={buttonClass('primary')}>
              Test Google OAuth
            </a>
          ) : (
            <Button disabled aria-describedby="test-oauth-note">
              Test Google OAuth
            </Button>
          )}
          <ButtonLink to="/privacy-policy" variant="secondary">
            Privacy Policy
          </ButtonLink>
          <ButtonLink to="/terms-of-service" variant="secondary">
            Terms of Service
          </ButtonLink>
          <ExternalLink href="https://console.cloud.google.com/apis/credentials">
            Open Google Cloud Console
          </ExternalLink>
          <ExternalLink href="https://console.cloud.google.com/apis/credentials/consent">
            OAuth consent screen
          </ExternalLink>
        </div>
        {!consent.configured && (
          <p id="test-oauth-note" className="mt-3 text-sm text-red-700">
            Google sign-in is not configured on this server.
          </p>
        )}
      </Section>
    </div>
  )
}

export const meta: MetaFunction = () => [
  { title: 'Google OAuth Status' },
  {
    name: 'description',
    content:
      'Google sign-in configuration, consent screen publishing steps and the settings the Google Cloud Console must match.',
  },
]

const tones = {
  green: 'bg-green-50 text-green-800 ring-green-600/20',
  red: 'bg-red-50 text-red-800 ring-red-600/20',
  amber: 'bg-amber-50 text-amber-800 ring-amber-600/20',
}

function Badge({ tone, children }: { tone: keyof typeof tones; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tones[tone]}`}
    >
      {children}
    </span>
  )
}

function StatusCard({
  label,
  detail,
  children,
}: {
  label: string
  detail?: string | null
  children: ReactNode
}) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-2">{children}</dd>
      {detail && <dd className="mt-2 break-all font-mono text-xs text-slate-500">{detail}</dd>}
    </div>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-10">
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      <div className="mt-3 leading-7 text-slate-700">{children}</div>
    </section>
  )
}

function ListSection({
  title,
  items,
  code = false,
}: {
  title: string
  items: string[]
  code?: boolean
}) {
  return (
    <section>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm text-slate-700">
        {items.map((item) => (
          <li key={item} className="break-all rounded-md bg-slate-50 px-3 py-2">
            {code ? <code className="font-mono">{item}</code> : item}
          </li>
        ))}
      </ul>
    </section>
  )
}

function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary')}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  )
}
