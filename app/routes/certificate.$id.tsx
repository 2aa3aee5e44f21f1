import {
  type HeadersFunction,
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AppLink } from '~/components/app-link'
import { Certificate } from '~/components/certificate'
import { CertificateActions } from '~/components/certificate-actions'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { TimestampHistory } from '~/components/timestamps'
import { VersionHistory, VersionNotice } from '~/components/versions'
import { TimeZoneNote, useTimeZone } from '~/components/time-zone'
import { env } from '~/env.server'
import { locksSong } from '~/lib/song-lock'
import type { loader as rootLoader } from '~/root'
import { getUser } from '~/services/accounts/auth.server'
import { certificateFor } from '~/services/certificates/record/certificate.server'
import { db } from '~/services/platform/db.server'
import { parseSongId } from '~/services/songs/songs.server'
import { versionHistory } from '~/services/songs/versions.server'
import printStyles from '~/styles/certificate-print.css'
import { StatusPage } from '~/components/status-page'
import { DdexExportNote } from '~/components/ddex-export-note'
import { TAP_TARGET } from '~/components/ui/button'
import { onlineCertificate } from '~/lib/certificate'
import { recordWordIds } from '~/lib/registration-network-words'
import { verifyUrl } from '~/services/certificates/record/verify-address.server'
import { verifyQrCode } from '~/services/certificates/record/verify-qr.server'
import {
  ddexMissing,
  MISSING_DURATION,
  MISSING_TOTALS,
} from '~/services/certificates/exports/ddex-export.server'
import { pageMessages, translate } from '~/i18n/catalogs.server'
import { requestLocale } from '~/i18n/locale.server'
import type { RenderLocale } from '~/i18n/locales'
import { translatorOf, useT } from '~/i18n/react'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: printStyles }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const songId = parseSongId(params.id)
  if (songId === null) throw new Response('Certificate not found', { status: 404 })
  // A visitor may see a registered song's certificate, as its public projection only; the owner
  // gets the full view. The network shown is the one the registration recorded (decision 019).
  // Issue 16: the session, the song with its links and invitations, and (for the owner) every
  // version of it: three statements in all.
  const user = await getUser(request)
  const found = await certificateFor(db(), songId, user?.id ?? null)
  if (!found) throw new Response('Certificate not found', { status: 404 })
  const e = env()
  // The reader's language (issue 54): the owner's choice, else the visitor's browser's. A
  // stranger's answer kept in memory is kept per language (decision 120, kept-visitor-answers).
  const locale = requestLocale(request, user)
  // The owner sees every version of the song; anyone sees the links between registered records.
  const versions = found.isOwner ? await versionHistory(db(), user!.id, songId) : null
  const certificateUrl = `${e.APP_URL}/certificate/${songId}`
  // Where a stranger checks the record without us (issue 37.4): once anyone may open it.
  const address = onlineCertificate(found.certificate, certificateUrl).public
    ? verifyUrl(found.certificate.certificateId, e.APP_URL)
    : null
  return json(
    {
      certificate: found.certificate,
      isOwner: found.isOwner,
      links: found.links,
      // The RFC 3161 timestamp of the snapshot shown: the registered record's for a visitor.
      timestamp: found.timestamps.shown,
      ...(found.timestamps.history ? { timestampHistory: found.timestamps.history } : {}),
      // The owner's alone: absent (not null) for everyone else, so the public shape stays exact.
      ...(versions ? { versions } : {}),
      ...(found.isOwner
        ? {
            splitSheetUrl: `/songs/${songId}/split-sheet`,
            // The owner's links to the song's own pages.
            songPath: `/songs/${songId}` as const,
          }
        : {}),
      // The owner's DDEX export, or what it still needs (decision 084).
      ...(found.isOwner
        ? {
            ddexExport: {
              url: `/songs/${songId}/ddex.xml`,
              missing: ddexMissing({
                durationSeconds: found.durationSeconds,
                contributions: found.certificate.contributions,
              }).map((missing) => missingIn(locale, missing)),
            },
          }
        : {}),
      appName: e.APP_NAME,
      certificateUrl,
      verifyUrl: address,
      // Printed beside the address, so paper leads to the record (issue 49.5).
      verifyQr: address ? verifyQrCode(address) : null,
      pdfUrl: `/certificate/${songId}.pdf`,
      i18n: certificateMessages(locale, found.certificate.registration),
    },
    // The owner's view holds unpublished lyrics: no shared cache keeps it.
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

/**
 * The certificate's words in the reader's language, those of the networks and stores only the
 * record's own: the page's data names no network the registration did not record (decision 019).
 */
function certificateMessages(
  locale: RenderLocale,
  registration: Parameters<typeof recordWordIds>[0],
) {
  const page = pageMessages(locale, ['words', 'certificate'])
  const own = new Set<string>(recordWordIds(registration))
  const messages = Object.fromEntries(
    Object.entries(page.messages).filter(
      ([id]) => !/^certificate\.(network|storage)\./.test(id) || own.has(id),
    ),
  )
  return { locale: page.locale, messages }
}

/** What the DDEX export still needs, in the page's language (the export's words are English). */
function missingIn(locale: RenderLocale, missing: string) {
  if (missing === MISSING_DURATION)
    return translate(locale, 'certificate', 'certificate.ddex.missingDuration')
  if (missing === MISSING_TOTALS)
    return translate(locale, 'certificate', 'certificate.ddex.missingTotals')
  return missing
}

export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  'Cache-Control': loaderHeaders.get('Cache-Control') ?? 'private, no-store',
})

export default function CertificatePage() {
  const {
    certificate,
    isOwner,
    appName,
    certificateUrl,
    pdfUrl,
    songPath,
    links,
    versions,
    splitSheetUrl,
    timestamp,
    timestampHistory,
    verifyUrl,
    verifyQr,
    ddexExport,
  } = useLoaderData<typeof loader>()
  const current = versions?.find((version) => version.isCurrent)
  const zone = useTimeZone()
  const t = useT()

  return (
    <div className="cert-page mx-auto max-w-5xl px-3 py-8 sm:px-6 sm:py-12">
      <CertificateActions
        title={certificate.title}
        certificateUrl={certificateUrl}
        pdfUrl={pdfUrl}
        pdfName={`${certificate.certificateId}.pdf`}
        isOwner={isOwner}
        proofBundle={
          isOwner &&
          (certificate.registration !== null ||
            Boolean(timestampHistory?.some((stamp) => stamp.status === 'stamped')))
        }
        splitSheetUrl={splitSheetUrl}
        shareable={onlineCertificate(certificate, certificateUrl).public}
      />
      <VersionNotice links={links} />
      {isOwner && songPath && (
        <p className="no-print mx-auto mb-2 max-w-4xl text-sm">
          <AppLink
            to={`${songPath}/co-writers`}
            className={`${TAP_TARGET} font-semibold text-brand-600 underline`}
          >
            {t('certificate.owner.coWriters')}
          </AppLink>
          {!locksSong(certificate.registration) && (
            <>
              {' · '}
              <AppLink
                to={`${songPath}/details`}
                className={`${TAP_TARGET} font-semibold text-brand-600 underline`}
              >
                {t('certificate.owner.details')}
              </AppLink>
              {' · '}
              {/* An unregistered song can go from here too (issue 39.18); the page asks first. */}
              <AppLink
                to={`${songPath}/delete?from=certificate`}
                className="font-semibold text-red-700 underline"
              >
                {t('certificate.owner.delete')}
              </AppLink>
            </>
          )}
        </p>
      )}
      {ddexExport && <DdexExportNote {...ddexExport} />}
      <TimeZoneNote choice={zone} className="no-print mx-auto mb-2 max-w-4xl" />
      <Certificate
        song={certificate}
        appName={appName}
        timeZone={zone.timeZone}
        timestamp={timestamp}
        verifyUrl={verifyUrl}
        verifyQr={verifyQr}
        certificateUrl={certificateUrl}
      />
      {timestampHistory && <TimestampHistory stamps={timestampHistory} />}
      {versions && (
        <VersionHistory
          versions={versions}
          newVersionFrom={current?.isRegistered ? current.id : null}
        />
      )}
    </div>
  )
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({
  data,
  matches,
}) => {
  const appName =
    data?.appName ??
    matches.find((match) => match.id === 'root')?.data?.env.APP_NAME ??
    'ProofTrack'
  if (!data) return [{ title: `Certificate not found | ${appName}` }]
  const { t } = translatorOf(matches)
  return [
    { title: t('certificate.page.title', { title: data.certificate.title, appName }) },
    {
      name: 'description',
      content: t('certificate.page.description', {
        id: data.certificate.certificateId,
        title: data.certificate.title,
      }),
    },
  ]
}

function CertificateNotFound() {
  return (
    <StatusPage status="404" title="Certificate not found">
      This certificate does not exist, or it stays private until its song is registered on the
      blockchain.
    </StatusPage>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <CertificateNotFound /> }} />
}
