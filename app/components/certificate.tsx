import type { SerializeFrom } from '@remix-run/node'
import type { CertificateSong } from '~/lib/certificate'
import { certificateView } from '~/services/certificates/record/certificate-view'
import type { VerifyQrCode as VerifyQrData } from '~/services/certificates/record/verify-qr.server'
import type { SnapshotStamp } from '~/lib/timestamp'
import { AddressAtSlashes, CertificateId } from './certificate-id'
import { CertificateSections } from './certificate-sections'
import { VerifyQrCode } from './verify-qr'
import { Isolated } from './bidi'
import { TermNote } from './term'
import { useLocale, useT } from '~/i18n/react'

// The certificate page: the certificate's view (services/certificates/certificate-view.ts), the
// one its PDF is made from, laid out. Every text comes from the view; this file decides only how
// it looks on a screen and on paper (styles/certificate-print.css); its sections' layout is
// certificate-sections.tsx.

export { CertificateSections } from './certificate-sections'

export function Certificate({
  song,
  appName,
  timeZone,
  timestamp = null,
  verifyUrl = null,
  certificateUrl,
  verifyQr = null,
}: {
  song: CertificateSong
  appName: string
  /** The full address of the record's verify page, once it is registered; null before. */
  verifyUrl?: string | null
  /** That address as a QR code (verify-qr.server.ts), printed beside it; null before. */
  verifyQr?: SerializeFrom<VerifyQrData> | null
  /** The certificate's own address: links stored relative to the site are printed from it. */
  certificateUrl?: string
  /** The RFC 3161 timestamp of the snapshot shown (issue 29); null when it has none. */
  timestamp?: SnapshotStamp | null
  /** The reader's zone for the moments (issued, registered); the creation date is a calendar day. */
  timeZone?: string
}) {
  const t = useT()
  const locale = useLocale()
  const view = certificateView(song, {
    appName,
    timeZone,
    verifyUrl,
    certificateUrl,
    timestamp,
    t,
    locale,
  })
  const { summary, footer } = view
  return (
    <article
      aria-label={t('certificate.label', { title: view.title })}
      className="cert mx-auto max-w-4xl border-4 border-double border-slate-800 bg-white p-1 font-sans text-slate-900 shadow-sm"
    >
      <div className="cert-inner border border-slate-300 px-4 py-6 sm:px-10 sm:py-10">
        <header className="cert-header text-center">
          <p className="text-xs font-semibold uppercase tracking-[0.3em] text-brand-700">
            {view.brand}
          </p>
          <p className="cert-kicker mt-2 font-serif text-lg italic text-slate-600">{view.kicker}</p>
          <h1
            dir="auto"
            className="cert-title mt-3 break-words font-serif text-3xl font-bold leading-tight text-slate-900 sm:text-4xl"
          >
            {view.title}
          </h1>
          <p className="mt-3 text-sm text-slate-700">
            <span className="font-semibold">{view.created.label}</span> {view.created.date}
          </p>
          <p
            className="cert-plain mx-auto mt-4 max-w-2xl text-sm text-slate-700"
            data-testid="certificate-plain"
          >
            <LinkedText text={summary.text} link={summary.link} />
          </p>
        </header>

        <div className="cert-body mt-8 grid gap-6 sm:grid-cols-2 sm:gap-x-8">
          <CertificateSections sections={view.sections} />
        </div>

        <footer className="cert-footer mt-10 border-t-2 border-slate-800 pt-4 text-center">
          <p
            className="font-serif text-base italic text-slate-800"
            data-testid="certificate-statement"
          >
            <Isolated text={footer.statement.text} values={footer.statement.names} />
          </p>
          {footer.statement.english ? (
            <p
              lang="en"
              className="mt-1 font-serif text-sm italic text-slate-600"
              data-testid="certificate-statement-en"
            >
              <Isolated text={footer.statement.english} values={footer.statement.names} />
            </p>
          ) : null}
          <p className="mt-2 flex flex-col justify-center gap-1 text-sm text-slate-600 sm:flex-row sm:gap-4">
            <span>
              {t('certificate.idLabel')}{' '}
              <CertificateId
                id={footer.certificateId}
                className="font-mono font-semibold text-slate-900"
              />
            </span>
            <span>{footer.issued}</span>
          </p>
          {footer.online.public ? (
            <div className="cert-verify mt-3 flex flex-col items-center justify-center gap-3 sm:flex-row sm:text-left">
              {/* On paper the code is how a reader gets from the sheet to the record. */}
              {verifyQr ? (
                <VerifyQrCode
                  qr={verifyQr}
                  address={footer.online.url}
                  className="cert-qr h-24 w-24 shrink-0"
                />
              ) : null}
              <p className="cert-verify-lead text-sm text-slate-700">
                {footer.online.lead}{' '}
                <a
                  href={footer.online.href}
                  className="font-mono text-brand-700 underline underline-offset-2"
                  data-testid="certificate-verify-url"
                >
                  <AddressAtSlashes address={footer.online.url} />
                </a>
              </p>
            </div>
          ) : (
            <p className="mt-2 text-sm text-slate-600" data-testid="certificate-online-note">
              {footer.online.note}
            </p>
          )}
          {footer.timestamp ? (
            <>
              <p className="mt-2 text-xs text-slate-600" data-testid="certificate-timestamp">
                {footer.timestamp}
              </p>
              {footer.timestampTerm ? (
                <TermNote note={footer.timestampTerm.note} className="mt-1" />
              ) : null}
            </>
          ) : null}
        </footer>
      </div>
    </article>
  )
}

/** The text, its words `link.text` (the last time they occur) a link to `link.href`. */
function LinkedText({ text, link }: { text: string; link: { text: string; href: string } | null }) {
  const at = link ? text.lastIndexOf(link.text) : -1
  if (!link || at < 0) return <>{text}</>
  return (
    <>
      {text.slice(0, at)}
      <a href={link.href} className="text-brand-700 underline underline-offset-2">
        {link.text}
      </a>
      {text.slice(at + link.text.length)}
    </>
  )
}
