import crypto from 'node:crypto'
import { publicSigningIdentity } from '~/signing/index.server'
import { getTimestampAuthority } from '~/timestamp/index.server'

// What a stranger needs to check a signed PDF they were handed (issue 49.1): whose key signs our
// PDFs and which TSA stamps them, each by a SHA-256 fingerprint to pin (`npm run verify -- --pdf
// … --signer … --tsa …`, or by eye against a PDF reader's signature panel). The verify page and
// its JSON publish it; the proof bundle carries the chain itself.

export interface PdfSignerFacts {
  signer: string
  /** The signing certificate's own fingerprint: the exact pin. */
  signerSha256: string
  /** Its root's: what a PDF reader's trust list would hold. */
  rootSha256: string
  chainPem: string
  isDevelopment: boolean
  /** The TSA's trust anchors' fingerprints, as this server checks its tokens against them. */
  tsaSha256: string[]
}

const PEM = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g

let kept: Promise<PdfSignerFacts> | undefined

/** Read once per process: the key and the TSA change only with the server's configuration. */
export function pdfSignerFacts(): Promise<PdfSignerFacts> {
  kept ??= read().catch((error: unknown) => {
    kept = undefined
    throw error
  })
  return kept
}

async function read(): Promise<PdfSignerFacts> {
  const [identity, anchors] = await Promise.all([
    publicSigningIdentity(),
    getTimestampAuthority().trustAnchorsPem(),
  ])
  const fingerprintOf = (pem: string) => new crypto.X509Certificate(pem).fingerprint256
  const signerPem = identity.chainPem.match(PEM)?.[0]
  return {
    signer: identity.commonName,
    signerSha256: signerPem ? fingerprintOf(signerPem) : identity.rootSha256,
    rootSha256: identity.rootSha256,
    chainPem: identity.chainPem,
    isDevelopment: identity.isDevelopment,
    tsaSha256: (anchors.match(PEM) ?? []).map(fingerprintOf),
  }
}
