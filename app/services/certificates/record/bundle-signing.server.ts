import type { PublicSigningIdentity } from '~/signing/index.server'

/**
 * The PDFs' signer as the bundle carries it (issue 49.1): its chain and its root's fingerprint,
 * so the owner can check a certificate PDF or split sheet they were handed, with no help from us.
 */
export function pdfSigning(signer: PublicSigningIdentity, certificateId: string) {
  return {
    field: {
      signer: signer.commonName,
      rootSha256: signer.rootSha256,
      isDevelopment: signer.isDevelopment,
      /** The signer's certificate and its chain: `jq -r .pdfSigning.chainPem … > signing-chain.pem`. */
      chainPem: signer.chainPem,
    },
    readme: [
      `The certificate PDF and the split sheet of ${certificateId} carry a PDF signature (PAdES, with an RFC 3161 timestamp) by “${signer.commonName}”, whose root certificate has the SHA-256 fingerprint`,
      `   ${signer.rootSha256}`,
      ...(signer.isDevelopment
        ? [
            '   This is the development key of the server that made this bundle, not a publicly trusted one: a PDF reader will say the signer is not trusted.',
          ]
        : []),
      '   Check a PDF you were handed: pdfsig <file>.pdf (poppler) says whether the signature is valid and covers the whole document; compare its root with:',
      `   jq -r .pdfSigning.chainPem ${certificateId}-proof-bundle.json > signing-chain.pem && openssl x509 -in signing-chain.pem -noout -subject`,
    ],
  }
}
