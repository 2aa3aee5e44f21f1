import {
  type ActionFunctionArgs,
  type HeadersFunction,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from '@remix-run/node'
import { isRouteErrorResponse, useActionData, useLoaderData } from '@remix-run/react'
import { AiDisclosureText } from '~/components/ai-disclosure'
import { aiDisclosure } from '~/services/certificates/record/ai-disclosure'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { BrowserCheck } from '~/components/verify/browser-check'
import { ChainOfVersions } from '~/components/verify/chain-of-versions'
import { ConfirmedCoWriters } from '~/components/verify/co-writers'
import { OwnerTexts } from '~/components/verify/owner-texts'
import { RecordingCheck } from '~/components/verify/recording-check'
import { SignedPdf } from '~/components/verify/signed-pdf'
import { TimestampCheck } from '~/components/verify/timestamp-check'
import { RecordLead } from '~/components/verify/record-lead'
import { Verdict } from '~/components/verify/verdict'
import { CertificateId } from '~/components/certificate-id'
import { useTimeZone } from '~/components/time-zone'
import { VerificationSteps } from '~/components/verify/steps'
import { CheckedWhen } from '~/components/verify/checked'
import { CheckAgainSchema } from '~/lib/check-again-schema'
import { readForm } from '~/lib/form.server'
import {
  CHECK_KEPT_MS,
  hasKeptCheck,
  keptRecordCheck,
} from '~/services/certificates/record/kept-checks.server'
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
import { ownerOpenings } from '~/services/certificates/record/proof-bundle.server'
import { certificateFor } from '~/services/certificates/record/certificate.server'
import { factsNotInManifest } from '~/services/certificates/record/verified-facts.server'
import { pdfSignerFacts } from '~/services/certificates/documents/pdf-signer-facts.server'
import { isMultipart, readFormWithRecording } from '~/services/songs/recording-fingerprint.server'
import { env } from '~/env.server'
import { pageMessages, translate } from '~/i18n/catalogs.server'
import { requestLocale } from '~/i18n/locale.server'
import { translatorOf, useT } from '~/i18n/react'
import {
  useLamportsNote,
  useManifestNote,
  useSha256Note,
  useSolNote,
} from '~/components/verify/notes'
import { serviceWords } from '~/components/verify/words.server'
import { NOT_REGISTERED } from '~/lib/page-messages'
import {
  certificateReport,
  compareRecording,
  isRegisteredCertificate,
} from '~/services/certificates/record/verification.server'
import { StatusPage } from '~/components/status-page'
import { TermNote } from '~/components/term'

// The browser re-hashes the stored manifest itself, from the storage address the page shows.
export const handle: CspHandle = { csp: ['storage-gateway'] }

/**
 * GET /verify/:certificateId — every step of the proof with its evidence, from public records
 * only. The owner also sees the salts of the private texts and the proof bundle link.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  // Anyone may ask, and a check reads the chain and permanent storage: a throttle per address.
  // A check kept a few minutes (decision 116) reads neither, so only a check made now counts.
  if (!hasKeptCheck(params.certificateId)) await throttle(request)
  const found = await certificateReport(params.certificateId, keptRecordCheck())
  if (!found) throw new Response(NOT_REGISTERED, { status: 404 })
  // The page leads with the song as anyone may see it (issue 49.4), whoever asks.
  const [user, shown, pdfSigner] = await Promise.all([
    getUser(request),
    certificateFor(db(), found.songId, null),
    pdfSignerFacts(),
  ])
  if (!shown) throw new Response(NOT_REGISTERED, { status: 404 })
  const locale = requestLocale(request, user)
  const owner = user
    ? await ownerOpenings(db(), user.id, found.songId, found.report.manifest)
    : null
  // The owner's part is private, and the page says how old its check is: no shared cache.
  return json(
    {
      ...found.report,
      checkedAt: found.checkedAt.toISOString(),
      checkKeptMinutes: CHECK_KEPT_MS / 60_000,
      songId: found.songId,
      record: shown.certificate,
      // Verified means these facts too: each is compared with the verified manifest.
      recordDiffers: factsNotInManifest(shown.certificate, found.report.manifest),
      owner,
      links: found.links,
      timestamp: found.timestamp,
      pdfSigner,
      appName: env().APP_NAME,
      i18n: pageMessages(locale, ['verify', 'words', 'certificate']),
      words: serviceWords(locale, servicesTexts(found)),
      // Where AI took part, from the verified manifest, in the visitor's language (issue 54).
      aiDisclosure: found.report.aiDisclosureSource
        ? aiDisclosure(found.report.aiDisclosureSource, (id, _english, values) =>
            // Its ids are the certificate's and the shared words' (a component's name).
            translate(
              locale,
              id.startsWith('words.') ? 'words' : 'certificate',
              id,
              values as Record<string, string | number>,
            ),
          )
        : found.report.aiDisclosure,
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

/** Every text of the record's services the page shows, for the loader to say in its language. */
function servicesTexts(found: NonNullable<Awaited<ReturnType<typeof certificateReport>>>) {
  const { report, links, timestamp } = found
  return [
    report.network,
    report.storedIn,
    ...report.steps.flatMap((step) => [
      step.title,
      ...step.evidence.flatMap((item) => [item.label, item.value]),
      ...step.checks.flatMap((check) => [check.name, check.detail]),
    ]),
    ...links.flatMap((link) => link.checks.flatMap((check) => [check.name, check.detail])),
    ...timestamp.checks.map((check) => check.name),
  ]
}

/**
 * POST /verify/:certificateId, multipart with one file (`recording`): the check of a file without
 * JavaScript. The file is streamed through SHA-256 and dropped (decision 026), then compared with
 * the fingerprint in the verified stored manifest — never with our database.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (!isMultipart(request)) return checkAgain(request, params.certificateId)
  await throttle(request)
  // Nothing is read for a certificate that does not exist.
  if (!(await isRegisteredCertificate(params.certificateId)))
    throw new Response(NOT_REGISTERED, { status: 404 })
  const locale = requestLocale(request, await getUser(request))
  const { file, problem } = await readFormWithRecording(request, { fields: [], maxBytes: 1024 })
  if (!file) {
    // The upload's own refusal (too large, unreadable) is the songs area's English for now.
    const message = problem ?? translate(locale, 'verify', 'verify.recording.noFile')
    return json(
      {
        message,
        fileCheck: { problem: message, english: problem !== undefined, comparison: null },
      },
      { status: 400 },
    )
  }
  const found = await certificateReport(params.certificateId, keptRecordCheck())
  if (!found) throw new Response(NOT_REGISTERED, { status: 404 })
  const comparison = compareRecording(found.report, file)
  if (!comparison) {
    const message = translate(locale, 'verify', 'verify.recording.nothingToCompare')
    return json(
      { message, fileCheck: { problem: message, english: false, comparison: null } },
      { status: 400 },
    )
  }
  return json(
    { message: comparison.answer, fileCheck: { problem: null, english: false, comparison } },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

/**
 * POST /verify/:certificateId, `intent=check-again`: the ledger, the store and the timestamp read
 * again now, within the address's limit, then the page (post/redirect/get, with or without
 * JavaScript). Any other plain form post is a file check sent without its file.
 */
async function checkAgain(request: Request, certificateId: string | undefined) {
  const form = CheckAgainSchema.safeParse(
    Object.fromEntries(await readForm(request, { fields: ['intent'] })),
  )
  if (!form.success)
    throw new Response('Choose a file to check with the form on this page.', {
      status: 415,
      statusText: 'Unsupported Media Type',
    })
  const limited = await hit(LIMITS.certificateVerifyPerAddress(clientIp(request) ?? 'unknown'))
  if (!limited.allowed) {
    const minutes = Math.max(1, Math.ceil(limited.retryAfterSeconds / 60))
    const locale = requestLocale(request, await getUser(request))
    const message = translate(locale, 'verify', 'verify.checked.tooMany', { minutes })
    return json(
      { message, checkAgain: { problem: message } },
      { status: 429, headers: retryAfterHeaders(limited) },
    )
  }
  if (!(await certificateReport(certificateId, keptRecordCheck({ fresh: true }))))
    throw new Response(NOT_REGISTERED, { status: 404 })
  return redirect(`/verify/${encodeURIComponent(certificateId ?? '')}`, 303)
}

async function throttle(request: Request) {
  const limited = await hit(LIMITS.certificateVerifyPerAddress(clientIp(request) ?? 'unknown'))
  if (!limited.allowed)
    throw new Response(tooManyRequestsMessage(limited), {
      status: 429,
      statusText: 'Too Many Requests',
      headers: retryAfterHeaders(limited),
    })
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

export default function VerifyPage() {
  const t = useT()
  const notes = {
    manifest: useManifestNote(),
    sha256: useSha256Note(),
    sol: useSolNote(),
    lamports: useLamportsNote(),
  }
  const report = useLoaderData<typeof loader>()
  const network = report.words[report.network] ?? report.network
  const storedIn = report.words[report.storedIn] ?? report.storedIn
  const posted = useActionData<typeof action>()
  const zone = useTimeZone()
  const verified = report.ok && report.recordDiffers.length === 0
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">
        {t('verify.page.heading')} <CertificateId id={report.certificateId} />
      </h1>

      {/* What the certificate is about comes first; the answer follows it, then the proof. */}
      <RecordLead
        song={report.record}
        songId={report.songId}
        appName={report.appName}
        timeZone={zone.timeZone}
        verified={verified}
      />
      <Verdict
        report={report}
        differing={report.recordDiffers}
        appName={report.appName}
        words={report.words}
      />
      <CheckedWhen
        checkedAt={report.checkedAt}
        keptMinutes={report.checkKeptMinutes}
        problem={posted && 'checkAgain' in posted ? posted.checkAgain.problem : null}
      />

      <div data-testid="proof-details">
        <TimestampCheck timestamp={report.timestamp} words={report.words} />

        {report.ok && report.confirmations ? (
          <ConfirmedCoWriters coWriters={report.confirmations} />
        ) : null}

        {report.ok && report.aiDisclosure ? (
          <section
            aria-labelledby="verify-ai"
            className="mt-8 rounded-lg border border-slate-200 p-4"
          >
            <h2 id="verify-ai" className="text-lg font-semibold text-slate-900">
              {t('verify.page.aiHeading', { heading: report.aiDisclosure.heading })}
            </h2>
            <div className="mt-2">
              <AiDisclosureText disclosure={report.aiDisclosure} />
            </div>
          </section>
        ) : null}

        {report.ok ? (
          <RecordingCheck
            recordings={report.recordings}
            version={report.manifestVersion}
            posted={posted && 'fileCheck' in posted ? posted : undefined}
            explainSha256={report.timestamp.checks.length === 0}
          />
        ) : null}

        {/* The signer by fingerprint, so a stranger can check a PDF they were handed (49.1). */}
        <SignedPdf facts={report.pdfSigner} certificateId={report.certificateId} />

        {/* Hashes, memos and commands are for whoever checks the proof; a failure opens them. */}
        <details
          open={!report.ok}
          className="mt-8 rounded-lg border border-slate-200 p-4"
          data-testid="technical-details"
        >
          <summary className="cursor-pointer font-semibold text-slate-900">
            {t('verify.page.technical')}
          </summary>
          <p className="mt-3 text-slate-600">
            {report.publicRecords
              ? t('verify.page.publicSteps', { network })
              : t('verify.page.ownSteps', { network, storedIn })}
          </p>
          <TermNote note={notes.manifest} className="mt-2" />
          <TermNote note={notes.sha256} className="mt-1" />
          {/* The transaction's fee is in lamports; the lamport's sentence counts in SOL. */}
          <TermNote note={notes.sol} className="mt-1" />
          <TermNote note={notes.lamports} className="mt-1" />
          <VerificationSteps steps={report.steps} words={report.words} />

          {report.links.length > 0 ? (
            <ChainOfVersions links={report.links} words={report.words} />
          ) : null}

          <BrowserCheck check={report.browserCheck} />

          {report.owner ? <OwnerTexts owner={report.owner} /> : null}
        </details>
      </div>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) => [
  {
    title: data
      ? translatorOf(matches).t('verify.meta.title', { certificateId: data.certificateId })
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
