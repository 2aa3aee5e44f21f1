import {
  type ActionFunctionArgs,
  type HeadersFunction,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { isRouteErrorResponse, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { Isolated } from '~/components/bidi'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { HashProgress, useBrowserHash } from '~/components/recording-fingerprint-field'
import { Button, ButtonLink } from '~/components/ui/button'
import {
  MAX_RECORDING_LABEL,
  matchingRecording,
  NOT_REGISTERED_RECORDING,
  RECORDING_FIELD,
  registeredRecordingAnswer,
} from '~/lib/recording'
import type { CspHandle } from '~/lib/security-headers.server'
import { clientIp } from '~/lib/client-address.server'
import { getUser } from '~/services/accounts/auth.server'
import { db } from '~/services/platform/db.server'
import {
  hit,
  LIMITS,
  retryAfterHeaders,
  tooManyRequestsMessage,
} from '~/services/platform/rate-limit.server'
import { ownerOpenings } from '~/services/certificates/proof-bundle.server'
import { isMultipart, readFormWithRecording } from '~/services/songs/recording-fingerprint.server'
import { env } from '~/env.server'
import { NOT_REGISTERED } from '~/lib/page-messages'
import {
  certificateReport,
  compareRecording,
  isRegisteredCertificate,
} from '~/services/certificates/verification.server'
import { useHydrated } from '~/lib/hooks'
import { StatusPage } from '~/components/status-page'

// The browser re-hashes the stored manifest itself, from the storage address the page shows.
export const handle: CspHandle = { csp: ['storage-gateway'] }

/**
 * GET /verify/:certificateId — every step of the proof with its evidence, from public records
 * only. The owner also sees the salts of the private texts and the proof bundle link.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  // Anyone may ask, and each check reads the chain and permanent storage: a throttle per address.
  const limited = await hit(LIMITS.certificateVerifyPerAddress(clientIp(request) ?? 'unknown'))
  if (!limited.allowed)
    throw new Response(tooManyRequestsMessage(limited), {
      status: 429,
      statusText: 'Too Many Requests',
      headers: retryAfterHeaders(limited),
    })
  const found = await certificateReport(params.certificateId)
  if (!found) throw new Response(NOT_REGISTERED, { status: 404 })
  const user = await getUser(request)
  const owner = user
    ? await ownerOpenings(db(), user.id, found.songId, found.report.manifest)
    : null
  // The owner's part is private; everyone's result is re-checked live, so nothing is cached.
  return json(
    { ...found.report, songId: found.songId, owner, links: found.links, appName: env().APP_NAME },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

/**
 * POST /verify/:certificateId, multipart with one file (`recording`): the check of a file without
 * JavaScript. The file is streamed through SHA-256 and dropped (decision 026), then compared with
 * the fingerprint in the verified stored manifest — never with our database.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (!isMultipart(request))
    throw new Response('Choose a file to check with the form on this page.', {
      status: 415,
      statusText: 'Unsupported Media Type',
    })
  const limited = await hit(LIMITS.certificateVerifyPerAddress(clientIp(request) ?? 'unknown'))
  if (!limited.allowed)
    throw new Response(tooManyRequestsMessage(limited), {
      status: 429,
      statusText: 'Too Many Requests',
      headers: retryAfterHeaders(limited),
    })
  // Nothing is read for a certificate that does not exist.
  if (!(await isRegisteredCertificate(params.certificateId)))
    throw new Response(NOT_REGISTERED, { status: 404 })
  const { file, problem } = await readFormWithRecording(request, { fields: [], maxBytes: 1024 })
  if (!file) {
    const message = problem ?? 'Choose a file to check.'
    return json({ message, fileCheck: { problem: message, comparison: null } }, { status: 400 })
  }
  const found = await certificateReport(params.certificateId)
  if (!found) throw new Response(NOT_REGISTERED, { status: 404 })
  const comparison = compareRecording(found.report, file)
  if (!comparison) {
    const message = 'This certificate has no verified recording fingerprint to compare a file with.'
    return json({ message, fileCheck: { problem: message, comparison: null } }, { status: 400 })
  }
  return json(
    { message: comparison.answer, fileCheck: { problem: null, comparison } },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => {
  const headers = new Headers({
    'Cache-Control': loaderHeaders.get('Cache-Control') ?? 'private, no-store',
  })
  // A throttled request's page keeps the refusal's Retry-After.
  const retryAfter = errorHeaders?.get('Retry-After')
  if (retryAfter) headers.set('Retry-After', retryAfter)
  return headers
}

type Report = ReturnType<typeof useLoaderData<typeof loader>>

export default function VerifyPage() {
  const report = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">
        Verify Certificate {report.certificateId}
      </h1>
      <p
        role="status"
        className={`mt-6 rounded-lg p-4 text-lg font-semibold ${report.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}
      >
        {report.ok
          ? '✓ Verified: the certificate matches its blockchain record.'
          : '✗ Verification failed: the records do not match.'}
      </p>

      <p className="mt-4 text-slate-700" data-testid="verify-plain">
        {report.ok
          ? `In plain words: the song’s record — its title, the people and AI tools it names, and each one’s share — was written to ${report.network} and kept in permanent storage, and both still match it exactly: nobody, ${report.appName} included, can have changed it since it was registered.`
          : 'In plain words: the public records do not match this certificate, so it cannot be relied on as shown. The technical details below say which check failed.'}
      </p>

      {report.ok && report.confirmations ? <CoWriters coWriters={report.confirmations} /> : null}

      {report.ok ? (
        <RecordingCheck recordings={report.recordings} version={report.manifestVersion} />
      ) : null}

      {/* Hashes, memos and commands are for whoever checks the proof; a failure opens them. */}
      <details
        open={!report.ok}
        className="mt-8 rounded-lg border border-slate-200 p-4"
        data-testid="technical-details"
      >
        <summary className="cursor-pointer font-semibold text-slate-900">Technical details</summary>
        <p className="mt-3 text-slate-600">
          Every step below uses only public records: the transaction on the ledger ({report.network}
          ) and the manifest in storage. Our own database is not trusted; you can repeat each step
          yourself.
        </p>
        <ol className="mt-8 space-y-6" aria-label="Verification steps">
          {report.steps.map((step, index) => (
            <li key={step.id}>
              <section
                aria-labelledby={`step-${step.id}`}
                className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
                data-testid={`step-${step.id}`}
              >
                <h2 id={`step-${step.id}`} className="text-lg font-semibold text-slate-900">
                  {index + 1}. {step.title}
                </h2>
                {step.reached ? (
                  <>
                    {step.evidence.length > 0 ? (
                      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[11rem_1fr]">
                        {step.evidence.map((item) => (
                          <div key={item.label} className="contents">
                            <dt className="font-medium text-slate-500">{item.label}</dt>
                            <dd className="min-w-0 text-slate-900">
                              <EvidenceValue item={item} />
                            </dd>
                          </div>
                        ))}
                      </dl>
                    ) : null}
                    <ul className="mt-4 space-y-2" aria-label={`Checks of step ${index + 1}`}>
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
                              {check.name}{' '}
                              <span className="sr-only">{check.ok ? 'passed' : 'failed'}</span>
                            </p>
                            <p className="break-all text-sm text-slate-600">{check.detail}</p>
                          </div>
                        </li>
                      ))}
                    </ul>
                  </>
                ) : (
                  <p className="mt-2 text-sm text-slate-600">
                    Not checked: an earlier step failed.
                  </p>
                )}
              </section>
            </li>
          ))}
        </ol>

        {report.links.length > 0 ? <ChainOfVersions links={report.links} /> : null}

        <BrowserCheck check={report.browserCheck} />

        {report.owner ? <OwnerTexts owner={report.owner} /> : null}
      </details>

      <p className="mt-8 text-sm text-slate-600">
        <Link to={`/certificate/${report.songId}`} className="text-brand-700 underline">
          Open the certificate
        </Link>
      </p>
    </div>
  )
}

/**
 * Who confirmed their share, as the verified record holds it — shown only once every check
 * passed, so it never speaks for a manifest that did not verify (decision 042).
 */
function CoWriters({ coWriters }: { coWriters: NonNullable<Report['confirmations']> }) {
  return (
    <section
      aria-labelledby="co-writers"
      className="mt-8 rounded-lg border border-slate-200 p-4"
      data-testid="co-writers"
    >
      <h2 id="co-writers" className="text-lg font-semibold text-slate-900">
        Co-writers’ confirmations
      </h2>
      {coWriters.recordsConfirmations ? (
        <ul className="mt-2 space-y-1 text-sm text-slate-800">
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
        <p className="mt-2 text-sm text-slate-700">{coWriters.lines[0]}</p>
      )}
      <p className="mt-2 text-xs text-slate-500">
        A confirmation carries a salted commitment to the invited address, never the address; the
        co-writer, who received the salt with their confirmation, can check that it is theirs.
      </p>
    </section>
  )
}

function EvidenceValue({ item }: { item: Report['steps'][number]['evidence'][number] }) {
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
        {item.value}
      </pre>
    )
  return (
    <span className={item.kind === 'mono' ? 'break-all font-mono' : 'break-words'}>
      {item.value}
    </span>
  )
}

type BrowserState =
  | { status: 'idle' }
  | { status: 'working' }
  | { status: 'done'; sha256: string; bytes: number }
  | { status: 'error'; message: string }

/**
 * With JavaScript, the browser fetches the stored bytes from the storage address itself and hashes
 * them with Web Crypto, so the result does not rest on our server's word. Without it, the page
 * gives the command that does the same.
 */
function BrowserCheck({ check }: { check: Report['browserCheck'] }) {
  const [state, setState] = useState<BrowserState>({ status: 'idle' })
  const url = check?.url
  useEffect(() => {
    if (!url) return
    if (!window.crypto?.subtle) {
      setState({
        status: 'error',
        message: 'This browser offers no Web Crypto on this page (it needs a secure, https page).',
      })
      return
    }
    let cancelled = false
    setState({ status: 'working' })
    fetch(url, { cache: 'no-store', credentials: 'omit' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`the storage answered ${response.status}`)
        const bytes = await response.arrayBuffer()
        const digest = new Uint8Array(await window.crypto.subtle.digest('SHA-256', bytes))
        if (!cancelled)
          setState({
            status: 'done',
            sha256: Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join(''),
            bytes: bytes.byteLength,
          })
      })
      .catch((error: unknown) => {
        if (!cancelled)
          setState({
            status: 'error',
            message: `Your browser could not fetch the stored manifest (${error instanceof Error ? error.message : String(error)}).`,
          })
      })
    return () => {
      cancelled = true
    }
  }, [url])

  if (!check) return null
  const matches = state.status === 'done' && state.sha256 === check.memoSha256
  return (
    <section
      aria-labelledby="browser-check"
      className="mt-8 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="browser-check" className="text-lg font-semibold text-slate-900">
        Check it in your browser
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        The memo names SHA-256 <span className="break-all font-mono">{check.memoSha256}</span>; the
        server computed <span className="break-all font-mono">{check.storedSha256}</span> from the
        stored bytes.
      </p>
      <div role="status" className="mt-3 text-sm" data-testid="browser-check">
        {state.status === 'idle' ? (
          <p>
            Without JavaScript, repeat it yourself:{' '}
            <code className="break-all font-mono">curl -s {check.url} | sha256sum</code> must print
            the memo’s hash.
          </p>
        ) : state.status === 'working' ? (
          <p>Your browser is fetching the stored manifest and hashing it…</p>
        ) : state.status === 'error' ? (
          <p className="text-red-800">{state.message}</p>
        ) : (
          <p className={matches ? 'font-semibold text-green-800' : 'font-semibold text-red-800'}>
            {matches ? '✓' : '✗'} Your browser computed SHA-256{' '}
            <span className="break-all font-mono">{state.sha256}</span> from the {state.bytes} bytes
            at the storage address:{' '}
            {state.sha256 === check.storedSha256
              ? 'it agrees with the server'
              : 'it does not agree with the server'}
            , and {matches ? 'it matches the memo.' : 'it does not match the memo.'}
          </p>
        )}
      </div>
    </section>
  )
}

export const CHECKED_IN_BROWSER =
  'Your browser computes the file’s SHA-256 on this device and compares it: the file is not sent anywhere.'
export const CHECKED_ON_SERVER = `JavaScript is off, so the file is uploaded when you press “Check this file”: the server reads it through SHA-256 as it arrives, compares it and discards it, never storing it. Up to ${MAX_RECORDING_LABEL}.`

type Comparison = {
  matches: boolean
  matchedLabel: string | null
  answer: string
  fileSha256: string
  fileSize: number
}

/**
 * "Check a file against this certificate": with JavaScript the browser hashes the file and
 * compares it with every fingerprint; without it the form posts the file to the action, which
 * does the same on the server. The answer names the label of the file it matched (decision 040).
 */
function RecordingCheck({
  recordings,
  version,
}: {
  recordings: Report['recordings']
  version: number | null
}) {
  const hydrated = useHydrated()
  const posted = useActionData<typeof action>()
  const { hash, progress, error } = useBrowserHash()
  const [local, setLocal] = useState<Comparison | null>(null)
  const comparison: Comparison | null = local ?? posted?.fileCheck.comparison ?? null

  return (
    <section
      aria-labelledby="recording-check"
      className="mt-8 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="recording-check" className="text-lg font-semibold text-slate-900">
        Check a recording against this certificate
      </h2>
      {recordings.length > 0 ? (
        <>
          <p className="mt-2 text-sm text-slate-600">
            The verified manifest fingerprints{' '}
            {recordings.length === 1 ? 'one file' : `${recordings.length} files`}. Pick a file to
            see whether it is one of them.
          </p>
          <ul
            className="mt-2 space-y-1 text-sm text-slate-700"
            aria-label="Registered fingerprints"
          >
            {recordings.map((f) => (
              <li key={f.sha256}>
                {f.label ? <span className="font-medium">{f.label}: </span> : null}
                SHA-256{' '}
                <span className="break-all font-mono" data-testid="registered-sha256">
                  {f.sha256}
                </span>{' '}
                ({f.size.toLocaleString('en-US')} bytes{f.mediaType ? `, ${f.mediaType}` : ''})
              </li>
            ))}
          </ul>
          <form method="post" encType="multipart/form-data" className="mt-3 space-y-2">
            <label htmlFor="check-recording" className="block text-sm font-medium text-slate-800">
              File to check
            </label>
            <input
              id="check-recording"
              type="file"
              name={hydrated ? undefined : RECORDING_FIELD}
              className="block w-full text-sm"
              aria-describedby="check-recording-how"
              onChange={async (event) => {
                const file = event.currentTarget.files?.[0]
                if (!file) return
                setLocal(null)
                const hashed = await hash(file)
                if (!hashed) return
                const match = matchingRecording(hashed, recordings)
                setLocal({
                  matches: match !== null,
                  matchedLabel: match?.label ?? null,
                  answer: match ? registeredRecordingAnswer(match.label) : NOT_REGISTERED_RECORDING,
                  fileSha256: hashed.sha256,
                  fileSize: hashed.size,
                })
              }}
            />
            <p
              id="check-recording-how"
              className="text-sm text-slate-600"
              data-testid="check-recording-how"
            >
              {hydrated ? CHECKED_IN_BROWSER : CHECKED_ON_SERVER}
            </p>
            {hydrated ? null : (
              <Button type="submit" variant="secondary">
                Check this file
              </Button>
            )}
          </form>
          <HashProgress progress={progress} />
          {error ? <p className="mt-2 text-sm text-red-700">{error}</p> : null}
          {!local && posted?.fileCheck.problem ? (
            <p className="mt-2 text-sm text-red-700" role="alert">
              {posted.fileCheck.problem}
            </p>
          ) : null}
          {comparison ? (
            <div
              role="status"
              className={`mt-3 rounded-md p-3 text-sm ${comparison.matches ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}
            >
              <p className="text-base font-semibold" data-testid="recording-answer">
                {comparison.answer}
              </p>
              <p className="mt-1">
                Your file: SHA-256{' '}
                <span className="break-all font-mono" data-testid="file-sha256">
                  {comparison.fileSha256}
                </span>{' '}
                ({comparison.fileSize.toLocaleString('en-US')} bytes)
              </p>
            </div>
          ) : null}
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-600" data-testid="no-recording">
          {version !== null && version < 3
            ? `This record (manifest version ${version}) predates recording fingerprints: there is no file to compare with.`
            : 'The owner fingerprinted no recording for this certificate.'}
        </p>
      )}
    </section>
  )
}

function OwnerTexts({ owner }: { owner: NonNullable<Report['owner']> }) {
  return (
    <section
      aria-labelledby="owner-texts"
      className="border-brand-200 mt-8 rounded-lg border bg-brand-50 p-5"
    >
      <h2 id="owner-texts" className="text-lg font-semibold text-slate-900">
        Your private texts
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        Only you see this. The manifest publishes your lyrics and creative notes only as salted
        commitments: nobody can test a guess without the salt. Keep the salts private; to prove a
        text, show it with its salt. The proof bundle holds both.
      </p>
      {owner.openings.length > 0 ? (
        <dl className="mt-3 space-y-3 text-sm">
          {owner.openings.map((opening) => (
            <div key={opening.text}>
              <dt className="font-medium text-slate-900">{opening.label}</dt>
              <dd className="mt-1 text-slate-800">
                {opening.salt ? (
                  <>
                    Salt <span className="break-all font-mono">{opening.salt}</span>
                  </>
                ) : (
                  'Version 1 record: a bare SHA-256, no salt'
                )}
                <span className="block" data-testid={`opening-${opening.text}`}>
                  {opening.opens
                    ? '✓ Your text opens the published value.'
                    : '✗ Your text does not open the published value.'}
                </span>
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="mt-3 text-sm text-slate-700">This certificate publishes no private text.</p>
      )}
      <ButtonLink
        to={`/certificate/${owner.songId}/proof-bundle`}
        reloadDocument
        variant="secondary"
        className="mt-4"
      >
        Download proof bundle
      </ButtonLink>
    </section>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  {
    title: data
      ? `Verify ${data.certificateId}`
      : isRouteErrorResponse(error) && error.status === 429
        ? 'Too many requests'
        : 'Certificate not registered',
  },
]

function NotRegistered() {
  return (
    <StatusPage status="404" title="Certificate not registered">
      {NOT_REGISTERED}
    </StatusPage>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <NotRegistered /> }} />
}

/** The earlier versions this record names, each verified the same way (issue 14). */
function ChainOfVersions({ links }: { links: Report['links'] }) {
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
              {link.from} supersedes{' '}
              <Link to={`/verify/${link.to}`} className="font-mono text-brand-700 underline">
                {link.to}
              </Link>
            </p>
            <ul className="mt-1 space-y-1">
              {link.checks.map((check) => (
                <li key={check.name} className={check.ok ? 'text-green-800' : 'text-red-800'}>
                  {check.ok ? '✓' : '✗'} {check.name} — {check.detail}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  )
}
