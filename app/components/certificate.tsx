import type { ReactNode } from 'react'
import { AiDisclosureText } from '~/components/ai-disclosure'
import type { AiDisclosure } from '~/services/certificates/ai-disclosure.server'
import { DEFAULT_TIME_ZONE, formatDayInZone, formatLongDate } from '~/lib/dates'
import {
  type CertificateSong,
  certificateContributors,
  contributionBreakdown,
  contributorStatusText,
  isWebUrl,
  orNotSpecified,
  plainSummary,
  present,
  registrationFeeInfo,
  registrationLinkLabels,
  registrationNotes,
  statementFor,
  VERIFICATION_PAGE,
} from '~/lib/certificate'
import { splitTotalsWarning } from '~/lib/split-totals'
import { SplitTotalsWarning } from './split-totals-warning'
import type { CertificateRegistration } from '~/services/certificates/certificate.server'
import { recordingDetails } from '~/lib/recording'
import { Shares } from './shares'
import { Isolated } from './bidi'
import type { SnapshotStamp } from '~/lib/timestamp'
import { TimestampLine } from './timestamps'

function Section({
  id,
  title,
  children,
  className = '',
}: {
  id: string
  title: string
  children: ReactNode
  className?: string
}) {
  return (
    <section
      aria-labelledby={id}
      className={`cert-section min-w-0 break-inside-avoid ${className}`}
    >
      <h2
        id={id}
        className="cert-heading border-b border-slate-300 pb-1 text-xs font-bold uppercase tracking-[0.18em] text-brand-700"
      >
        {title}
      </h2>
      <div className="mt-2">{children}</div>
    </section>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="cert-fact min-w-0">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-900">{children}</dd>
    </div>
  )
}

function ExternalLink({
  href,
  children,
  className = '',
}: {
  href: string
  children: ReactNode
  className?: string
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={`break-all text-brand-700 underline underline-offset-2 hover:text-brand-900 ${className}`}
    >
      {children}
    </a>
  )
}

/** The plain summary, its words "the verification page" a link there once the record is registered. */
function Summary({ text, verifyPath }: { text: string; verifyPath: string | null }) {
  const at = verifyPath ? text.lastIndexOf(VERIFICATION_PAGE) : -1
  if (!verifyPath || at < 0) return <>{text}</>
  return (
    <>
      {text.slice(0, at)}
      <a href={verifyPath} className="text-brand-700 underline underline-offset-2">
        {VERIFICATION_PAGE}
      </a>
      {text.slice(at + VERIFICATION_PAGE.length)}
    </>
  )
}

export function Certificate({
  song,
  appName,
  timeZone = DEFAULT_TIME_ZONE,
  timestamp = null,
  verifyUrl = null,
  aiDisclosure = null,
}: {
  song: CertificateSong
  appName: string
  /** Where AI took part, in plain words (issue 40); built by the domain from the same view. */
  aiDisclosure?: AiDisclosure | null
  /** The full address of the record's verify page, once it is registered; null before. */
  verifyUrl?: string | null
  /** The RFC 3161 timestamp of the snapshot shown (issue 29); null when it has none. */
  timestamp?: SnapshotStamp | null
  /** The reader's zone for the moments (issued, registered); the creation date is a calendar day. */
  timeZone?: string
}) {
  const contributors = certificateContributors(song)
  const breakdown = contributionBreakdown(song)
  const identifiers = [
    { label: 'ISRC', value: song.isrc },
    { label: 'ISWC', value: song.iswc },
    { label: 'UPC', value: song.upc },
    { label: 'Other', value: song.otherIdentifier },
  ].filter((entry) => present(entry.value))
  const registration = song.registration
  const verifyPath = `/verify/${song.certificateId}`

  return (
    <article
      aria-label={`Certificate for ${song.title}`}
      className="cert mx-auto max-w-4xl border-4 border-double border-slate-800 bg-white p-1 font-sans text-slate-900 shadow-sm"
    >
      <div className="cert-inner border border-slate-300 px-4 py-6 sm:px-10 sm:py-10">
        <header className="cert-header text-center">
          <p className="text-xs font-semibold uppercase tracking-[0.3em] text-brand-700">
            {appName} · PT Snapshot
          </p>
          <p className="cert-kicker mt-2 font-serif text-lg italic text-slate-600">
            Certificate of Authorship
          </p>
          <h1
            dir="auto"
            className="cert-title mt-3 break-words font-serif text-3xl font-bold leading-tight text-slate-900 sm:text-4xl"
          >
            {song.title}
          </h1>
          <p className="mt-3 text-sm text-slate-700">
            <span className="font-semibold">Created</span> {formatLongDate(song.dateCreated)}
          </p>
          <p
            className="cert-plain mx-auto mt-4 max-w-2xl text-sm text-slate-700"
            data-testid="certificate-plain"
          >
            <Summary
              text={plainSummary(song, appName, timeZone)}
              verifyPath={verifyUrl ? verifyPath : null}
            />
          </p>
        </header>

        <div className="cert-body mt-8 grid gap-6 sm:grid-cols-2 sm:gap-x-8">
          <Section id="cert-contributors" title="Contributors & PRO Information">
            <ul className="space-y-2">
              {contributors.map((person) => (
                <li key={person.role} className="text-sm">
                  <p>
                    <bdi className="font-semibold">{person.name}</bdi>{' '}
                    {present(person.latinName) ? (
                      <>
                        (<bdi data-testid="latin-name">{person.latinName}</bdi>){' '}
                      </>
                    ) : null}
                    <span className="text-slate-500">— {person.role}</span>
                  </p>
                  {present(person.pro) || present(person.proNumber) ? (
                    <p className="text-xs text-slate-600">
                      {present(person.pro) ? <>PRO: {person.pro}</> : null}
                      {present(person.pro) && present(person.proNumber) ? ' · ' : null}
                      {present(person.proNumber) ? <>PRO #: {person.proNumber}</> : null}
                    </p>
                  ) : null}
                  <p
                    className={`text-xs ${person.status.status === 'confirmed' ? 'font-semibold text-green-800' : person.status.status === 'disputed' ? 'font-semibold text-red-800' : 'text-slate-600'}`}
                    data-testid={`contributor-status-${person.status.slot}`}
                  >
                    <Isolated
                      text={contributorStatusText(song, person, timeZone)}
                      values={
                        person.status.status === 'confirmed'
                          ? [person.status.creditedName, person.status.creditedLatinName]
                          : []
                      }
                    />
                  </p>
                </li>
              ))}
            </ul>
          </Section>

          <Section id="cert-breakdown" title="Contribution Breakdown">
            <SplitTotalsWarning warning={splitTotalsWarning(song.contributions)} />
            {breakdown.length > 0 ? (
              <dl className="space-y-1.5">
                {breakdown.map((row) => (
                  <div
                    key={row.component}
                    className="flex flex-wrap gap-x-2 text-sm"
                    data-testid={`breakdown-${row.component}`}
                  >
                    <dt className="font-semibold">{row.label}:</dt>
                    <dd>
                      <Shares shares={row.shares} empty={row.text} />
                    </dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p className="text-sm text-slate-600">No contributions declared.</p>
            )}
          </Section>

          {aiDisclosure ? (
            <Section id="cert-ai" title={aiDisclosure.heading}>
              <AiDisclosureText disclosure={aiDisclosure} />
            </Section>
          ) : null}

          <Section id="cert-details" title="Song Details">
            <dl className="space-y-2">
              <Fact label="Tools used">
                <span className="whitespace-pre-line">{orNotSpecified(song.toolsUsed)}</span>
              </Fact>
              <Fact label="File location">
                {isWebUrl(song.fileLink) ? (
                  <ExternalLink href={song.fileLink}>{song.fileLink}</ExternalLink>
                ) : (
                  orNotSpecified(song.fileLink)
                )}
              </Fact>
              <Fact label="Genre">{orNotSpecified(song.genre)}</Fact>
              {song.recordings.length === 0 ? (
                <Fact label="Recording fingerprint (SHA-256)">No recording fingerprinted</Fact>
              ) : null}
              {song.recordings.map((recording) => (
                <Fact key={recording.label} label={`Fingerprint: ${recording.label} (SHA-256)`}>
                  <span
                    className="block break-all font-mono text-xs"
                    data-testid="certificate-recording-sha256"
                  >
                    {recording.sha256}
                  </span>
                  <span
                    className="block text-xs text-slate-600"
                    data-testid="certificate-recording-details"
                  >
                    {recordingDetails(recording)}
                  </span>
                </Fact>
              ))}
            </dl>
          </Section>

          <Section id="cert-identifiers" title="Identifiers">
            {identifiers.length > 0 ? (
              <dl className="grid grid-cols-2 gap-2">
                {identifiers.map((entry) => (
                  <Fact key={entry.label} label={entry.label}>
                    <span className="font-mono">{entry.value}</span>
                  </Fact>
                ))}
              </dl>
            ) : (
              <p className="text-sm text-slate-600">None declared.</p>
            )}
          </Section>

          {registration ? (
            <BlockchainRecord registration={registration} appName={appName} timeZone={timeZone} />
          ) : null}

          {present(song.lyrics) ? (
            <Section
              id="cert-lyrics"
              title="Lyrics"
              className="cert-section-long cert-wide sm:col-span-2"
            >
              <div className="cert-lyrics whitespace-pre-line break-words font-serif text-sm leading-relaxed text-slate-800">
                {song.lyrics}
              </div>
            </Section>
          ) : null}

          {present(song.creativeNotes) ? (
            <Section
              id="cert-notes"
              title="Creative Notes"
              className="cert-section-long cert-wide sm:col-span-2"
            >
              <p className="whitespace-pre-line break-words text-sm text-slate-800">
                {song.creativeNotes}
              </p>
            </Section>
          ) : null}
        </div>

        <footer className="cert-footer mt-10 border-t-2 border-slate-800 pt-4 text-center">
          <p
            className="font-serif text-base italic text-slate-800"
            data-testid="certificate-statement"
          >
            <Isolated text={statementFor(song)} values={contributors.map((c) => c.name)} />
          </p>
          <p className="mt-2 flex flex-col justify-center gap-1 text-sm text-slate-600 sm:flex-row sm:gap-4">
            <span>
              Certificate ID:{' '}
              <span className="font-mono font-semibold text-slate-900">{song.certificateId}</span>
            </span>
            <span>Issued {formatDayInZone(song.createdAt, timeZone)}</span>
          </p>
          {verifyUrl ? (
            <p className="mt-2 text-sm text-slate-700">
              Anyone can check this record at{' '}
              <a
                href={verifyPath}
                className="break-all font-mono text-brand-700 underline underline-offset-2"
                data-testid="certificate-verify-url"
              >
                {verifyUrl}
              </a>
            </p>
          ) : null}
          {timestamp ? <TimestampLine stamp={timestamp} /> : null}
        </footer>
      </div>
    </article>
  )
}

function BlockchainRecord({
  registration,
  appName,
  timeZone,
}: {
  registration: CertificateRegistration
  appName: string
  timeZone: string
}) {
  const fee = registrationFeeInfo(registration.registrationFee)
  const { network, storage, notes } = registrationNotes(registration)
  const labels = registrationLinkLabels(registration)
  return (
    <Section
      id="cert-blockchain"
      title="Blockchain Record"
      className="cert-section-long cert-wide sm:col-span-2"
    >
      <dl className="grid gap-2 sm:grid-cols-2">
        <Fact label="Registration date">{formatDayInZone(registration.createdAt, timeZone)}</Fact>
        <Fact label="Network">
          <span data-testid="certificate-network">{network.label}</span>
          {registration.status !== 'confirmed' ? ` (status: ${registration.status})` : ''}
        </Fact>
        <Fact label="Storage">
          <span data-testid="certificate-storage">{storage.label}</span>
        </Fact>
      </dl>
      {/* The transaction's own terms (signature, wallet, lamports) are for whoever checks it;
          closed on screen, printed open (tailwind.css). Issue 25.9. */}
      <details className="cert-tech mt-3" data-testid="certificate-technical">
        <summary className="no-print cursor-pointer text-sm font-semibold text-slate-700">
          Technical details
        </summary>
        <dl className="mt-2 grid gap-2 sm:grid-cols-2">
          <Fact label="Transaction ID">
            <span className="break-all font-mono text-xs">
              {orNotSpecified(registration.transactionSignature)}
            </span>
          </Fact>
          <Fact label="Wallet address">
            <span className="break-all font-mono text-xs">
              {orNotSpecified(registration.walletAddress)}
            </span>
          </Fact>
          <Fact label="Fees">
            Network fees paid by {appName}: registration fee {fee.fee} SOL + network gas {fee.gas}{' '}
            SOL
            {fee.total !== null ? (
              <>
                {' '}
                = <span className="font-semibold">{fee.total} SOL</span>
              </>
            ) : null}
          </Fact>
        </dl>
      </details>
      {notes.length > 0 ? (
        <p
          role="note"
          data-testid="certificate-permanence"
          className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {notes.join(' ')}
        </p>
      ) : null}
      {registration.explorerUrl || registration.storageUrl ? (
        <p className="mt-3 flex flex-col gap-x-6 gap-y-1 text-sm sm:flex-row sm:flex-wrap">
          {registration.explorerUrl ? (
            <ExternalLink href={registration.explorerUrl} className="cert-print-url">
              {labels.explorer}
            </ExternalLink>
          ) : null}
          {registration.storageUrl ? (
            <ExternalLink href={registration.storageUrl} className="cert-print-url">
              {labels.storage}
            </ExternalLink>
          ) : null}
        </p>
      ) : null}
    </Section>
  )
}
