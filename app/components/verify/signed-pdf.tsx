import { CertificateId } from '~/components/certificate-id'
import { useT } from '~/i18n/react'

/** The signer's facts as the verify page's loader gives them (pdf-signer-facts.server.ts). */
export interface SignedPdfFacts {
  signer: string
  signerSha256: string
  rootSha256: string
  chainPem: string
  isDevelopment: boolean
  tsaSha256: string[]
}

const fingerprintClass = 'block break-all font-mono text-xs text-slate-800'

/**
 * How a stranger checks a certificate PDF or split sheet they were handed (issue 49.1): the
 * signer and the TSA by fingerprint, which the PDF itself cannot vouch for, since anyone can make
 * a root of any name.
 */
export function SignedPdf({
  facts,
  certificateId,
}: {
  facts: SignedPdfFacts
  certificateId: string
}) {
  const t = useT()
  // The sentence names the certificate and the signer: the ID is kept whole, the name isolated.
  const [before, between, after] = t('verify.pdf.text', {
    certificateId: '\u0000',
    signer: '\u0000',
  }).split('\u0000')
  return (
    <section
      aria-labelledby="verify-signed-pdf"
      className="mt-8 rounded-lg border border-slate-200 p-4"
      data-testid="signed-pdf"
    >
      <h2 id="verify-signed-pdf" className="text-lg font-semibold text-slate-900">
        {t('verify.pdf.heading')}
      </h2>
      <p className="mt-2 text-slate-700">
        {before}
        <CertificateId id={certificateId} />
        {between}
        <bdi>{facts.signer}</bdi>
        {after}
      </p>
      <dl className="mt-3 space-y-2 text-sm">
        <div>
          <dt className="text-slate-600">{t('verify.pdf.signer')}</dt>
          <dd className={fingerprintClass} data-testid="signer-sha256">
            {facts.signerSha256}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('verify.pdf.root')}</dt>
          <dd className={fingerprintClass} data-testid="signer-root-sha256">
            {facts.rootSha256}
          </dd>
        </div>
        {facts.tsaSha256.map((fingerprint) => (
          <div key={fingerprint}>
            <dt className="text-slate-600">{t('verify.pdf.tsaRoot')}</dt>
            <dd className={fingerprintClass} data-testid="tsa-sha256">
              {fingerprint}
            </dd>
          </div>
        ))}
      </dl>
      {facts.isDevelopment && (
        <p className="mt-3 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {t('verify.pdf.development')}
        </p>
      )}
      <p className="mt-3 text-sm text-slate-700">{t('verify.pdf.offline')}</p>
      <code className="mt-1 block break-all rounded bg-slate-50 p-2 text-xs text-slate-800">
        npm run verify -- --pdf {certificateId}.pdf --signer {facts.signerSha256}
        {facts.tsaSha256[0] ? ` --tsa ${facts.tsaSha256[0]}` : ''}
      </code>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer py-1 text-slate-700">{t('verify.pdf.chain')}</summary>
        <pre className="mt-2 overflow-x-auto whitespace-pre-wrap break-all text-xs text-slate-700">
          {facts.chainPem}
        </pre>
      </details>
    </section>
  )
}
