import { CertificateId } from '~/components/certificate-id'

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
  return (
    <section
      aria-labelledby="verify-signed-pdf"
      className="mt-8 rounded-lg border border-slate-200 p-4"
      data-testid="signed-pdf"
    >
      <h2 id="verify-signed-pdf" className="text-lg font-semibold text-slate-900">
        Checking a PDF of this certificate
      </h2>
      <p className="mt-2 text-slate-700">
        The certificate PDF and split sheet of <CertificateId id={certificateId} /> carry a PDF
        signature by “<bdi>{facts.signer}</bdi>” with an RFC 3161 timestamp. A PDF reader’s
        signature panel, or <code>pdfsig</code>, shows whether a copy is unchanged since it was
        signed. Whose key signed it is told by its certificate’s SHA-256 fingerprint, which must be:
      </p>
      <dl className="mt-3 space-y-2 text-sm">
        <div>
          <dt className="text-slate-600">The signing certificate</dt>
          <dd className={fingerprintClass} data-testid="signer-sha256">
            {facts.signerSha256}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Its root certificate</dt>
          <dd className={fingerprintClass} data-testid="signer-root-sha256">
            {facts.rootSha256}
          </dd>
        </div>
        {facts.tsaSha256.map((fingerprint) => (
          <div key={fingerprint}>
            <dt className="text-slate-600">The time-stamping authority’s root</dt>
            <dd className={fingerprintClass} data-testid="tsa-sha256">
              {fingerprint}
            </dd>
          </div>
        ))}
      </dl>
      {facts.isDevelopment && (
        <p className="mt-3 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          This server signs with its own development key, not a publicly trusted one: a PDF reader
          will say the signer is unknown, and only these fingerprints tie a copy to this server.
        </p>
      )}
      <p className="mt-3 text-sm text-slate-700">With ProofTrack’s source, offline:</p>
      <code className="mt-1 block break-all rounded bg-slate-50 p-2 text-xs text-slate-800">
        npm run verify -- --pdf {certificateId}.pdf --signer {facts.signerSha256}
        {facts.tsaSha256[0] ? ` --tsa ${facts.tsaSha256[0]}` : ''}
      </code>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer py-1 text-slate-700">
          The signer’s certificate chain (PEM)
        </summary>
        <pre className="mt-2 overflow-x-auto whitespace-pre-wrap break-all text-xs text-slate-700">
          {facts.chainPem}
        </pre>
      </details>
    </section>
  )
}
