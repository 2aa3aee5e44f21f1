import { AppLink } from '~/components/app-link'
import { CertificateSections } from '~/components/certificate-sections'
import { TAP_TARGET } from '~/components/ui/button'
import type { CertificateSong } from '~/lib/certificate'
import { certificateLead } from '~/services/certificates/record/certificate-lead'
import { useLocale, useT } from '~/i18n/react'

// What the verify page leads with (issue 49.4): the song the certificate is about, before any
// proof of it — its title, the day it was made, who made it with each confirmation, and each
// share of each component, people's and AI's. The words are the certificate's own view's, so
// the verify page cannot describe the split otherwise than the certificate does.

export function RecordLead({
  song,
  songId,
  appName,
  timeZone,
  verified,
}: {
  song: CertificateSong
  songId: number
  appName: string
  timeZone: string
  /** Whether every check passed and these facts are the verified manifest's own. */
  verified: boolean
}) {
  const t = useT()
  const locale = useLocale()
  // The certificate's own words, in the visitor's language: the page's loader sends the
  // certificate's and the shared words' areas with its own.
  const view = certificateLead(song, { appName, timeZone, t, locale })
  return (
    <section
      aria-labelledby="verify-record-title"
      data-testid="verify-record"
      data-verified={verified}
      className={`mt-6 rounded-lg border p-4 sm:p-6 ${verified ? 'border-slate-300 bg-white' : 'border-dashed border-red-300 bg-red-50/40'}`}
    >
      {/* Said before the title, so nobody reads an unverified record as the registered one. */}
      <p
        className={`text-xs font-bold uppercase tracking-[0.18em] ${verified ? 'text-brand-700' : 'text-red-800'}`}
        data-testid="verify-record-kicker"
      >
        {verified ? t('verify.lead.registered') : t('verify.lead.notVerified')}
      </p>
      <h2
        id="verify-record-title"
        dir="auto"
        className="mt-2 break-words font-serif text-2xl font-bold leading-tight text-slate-900 sm:text-3xl"
        data-testid="verify-title"
      >
        {view.title}
      </h2>
      <p className="mt-2 text-sm text-slate-700" data-testid="verify-created">
        <span className="font-semibold">{view.created.label}</span> {view.created.date}
      </p>
      <div className="mt-5 grid gap-6 sm:grid-cols-2 sm:gap-x-8" data-testid="verify-split">
        <CertificateSections sections={view.sections} level={3} />
      </div>
      <p className="mt-4 text-sm">
        <AppLink to={`/certificate/${songId}`} className={`${TAP_TARGET} text-brand-700 underline`}>
          {t('verify.lead.open')}
        </AppLink>
      </p>
    </section>
  )
}
