import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { getChain, verifyTransactionSignature } from '~/chain/index.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { jsonError, jsonResponse } from '~/lib/http.server'
import { db } from '~/services/db.server'
import { findRegistrationSignature, verifyCertificate } from '~/services/verification.server'
import { getStorage } from '~/storage/index.server'

const ID = /^PT-[0-9A-Z]{4}-[0-9A-Z]{4}$/

export async function loader({ request, params }: LoaderFunctionArgs) {
  const certificateId = (params.certificateId ?? '').toUpperCase()
  const wantsJson = new URL(request.url).searchParams.get('format') === 'json'
  const registration = ID.test(certificateId) ? await findRegistrationSignature(db(), certificateId) : null
  if (!registration) {
    if (wantsJson) return jsonError(404, 'No blockchain registration found for this certificate')
    throw new Response('No blockchain registration found for this certificate', { status: 404 })
  }
  const chain = getChain()
  const report = await verifyCertificate(certificateId, registration.signature, { chain, storage: getStorage(), verifySignature: verifyTransactionSignature })
  const body = { ...report, songId: registration.songId, chainKind: chain.kind }
  return wantsJson ? jsonResponse(body) : json(body)
}

export default function VerifyPage() {
  const report = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Verify Certificate {report.certificateId}</h1>
      <p className="mt-2 text-slate-600">
        Every check below uses only public records: the transaction on {report.chainKind === 'local' ? 'the local development ledger' : 'Solana'} and the manifest in permanent storage. Our own database is not trusted.
      </p>
      <p role="status" className={`mt-6 rounded-lg p-4 text-lg font-semibold ${report.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}>
        {report.ok ? '✓ Verified: the certificate matches its blockchain record.' : '✗ Verification failed: the records do not match.'}
      </p>
      <ol className="mt-6 space-y-3">
        {report.checks.map((check: { name: string; ok: boolean; detail: string }) => (
          <li key={check.name} className="flex gap-3 rounded-lg border border-slate-200 p-3" data-testid="verification-check" data-ok={check.ok}>
            <span aria-hidden="true" className={check.ok ? 'text-green-700' : 'text-red-700'}>{check.ok ? '✓' : '✗'}</span>
            <div>
              <p className="font-medium text-slate-900">{check.name} <span className="sr-only">{check.ok ? 'passed' : 'failed'}</span></p>
              <p className="break-all text-sm text-slate-600">{check.detail}</p>
            </div>
          </li>
        ))}
      </ol>
      <dl className="mt-6 space-y-1 text-sm">
        <div><dt className="inline font-medium">Transaction: </dt><dd className="inline break-all font-mono">{report.signature}</dd></div>
        {'explorerUrl' in report && report.explorerUrl && <div><a className="text-brand-700 underline" href={report.explorerUrl} target="_blank" rel="noopener noreferrer">View the transaction</a></div>}
        {'storageUrl' in report && report.storageUrl && <div><a className="text-brand-700 underline" href={report.storageUrl} target="_blank" rel="noopener noreferrer">View the stored manifest</a></div>}
      </dl>
      <p className="mt-6 text-sm text-slate-600">
        <Link to={`/certificate/${report.songId}`} className="text-brand-700 underline">Open the certificate</Link>
      </p>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Verify ${data.certificateId}` : 'Certificate not registered' }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
