import { type HeadersFunction, json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { Certificate, CertificateActions } from '~/components/certificate'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ButtonLink } from '~/components/ui/button'
import { env } from '~/env.server'
import type { loader as rootLoader } from '~/root'
import { getUser } from '~/services/auth.server'
import { certificateFor } from '~/services/certificate.server'
import { parseSongId } from '~/services/songs.server'
import printStyles from '~/styles/certificate-print.css'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: printStyles }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const songId = parseSongId(params.id)
  if (songId === null) throw new Response('Certificate not found', { status: 404 })
  // A visitor may see a registered song's certificate, as its public projection only; the owner
  // gets the full view. The network shown is the one the registration recorded (decision 019).
  const user = await getUser(request)
  const found = await certificateFor(songId, user?.id ?? null)
  if (!found) throw new Response('Certificate not found', { status: 404 })
  const e = env()
  return json(
    {
      certificate: found.certificate,
      isOwner: found.isOwner,
      appName: e.APP_NAME,
      certificateUrl: `${e.APP_URL}/certificate/${songId}`,
      pdfUrl: `/certificate/${songId}.pdf`,
    },
    // The owner's view holds unpublished lyrics: no shared cache keeps it.
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

export const headers: HeadersFunction = ({ loaderHeaders }) => ({ 'Cache-Control': loaderHeaders.get('Cache-Control') ?? 'private, no-store' })

export default function CertificatePage() {
  const { certificate, isOwner, appName, certificateUrl, pdfUrl } = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  const location = useLocation()
  const loadingAnother =
    navigation.state === 'loading' && navigation.location.pathname.startsWith('/certificate/') && navigation.location.pathname !== location.pathname

  return (
    <div className="cert-page mx-auto max-w-5xl px-3 py-8 sm:px-6 sm:py-12">
      {loadingAnother ? (
        <p role="status" className="no-print mx-auto mb-4 max-w-4xl rounded-md bg-brand-50 px-4 py-2 text-sm text-brand-900">
          Loading certificate...
        </p>
      ) : null}
      <CertificateActions title={certificate.title} certificateUrl={certificateUrl} pdfUrl={pdfUrl} pdfName={`${certificate.certificateId}.pdf`} isOwner={isOwner} proofBundle={isOwner && certificate.registration !== null} />
      <Certificate song={certificate} appName={appName} />
    </div>
  )
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data, matches }) => {
  const appName = data?.appName ?? matches.find((match) => match.id === 'root')?.data?.env.APP_NAME ?? 'ProofTrack'
  if (!data) return [{ title: `Certificate not found | ${appName}` }]
  return [
    { title: `${data.certificate.title} — Certificate | ${appName}` },
    { name: 'description', content: `Certificate ${data.certificate.certificateId}: who made "${data.certificate.title}", people and AI, with their shares.` },
  ]
}

function CertificateNotFound() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-sm font-semibold text-brand-600">404</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">Certificate not found</h1>
      <p className="mt-4 text-slate-600">This certificate does not exist, or it stays private until its song is registered on the blockchain.</p>
      <ButtonLink to="/" className="mt-8">Back to Home</ButtonLink>
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <CertificateNotFound /> }} />
}
