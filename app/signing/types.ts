/**
 * The key that signs documents (issue 49, decision 103), ready to use: the signer's certificate
 * and its chain, and a function that signs with the private key, which never leaves the part.
 */
export interface SigningKey {
  /** DER certificates: the signer's first, then each issuer up to and including the root. */
  chain: Uint8Array[]
  /** The CMS signature algorithm (sha256WithRSAEncryption or ecdsa-with-SHA256), by OID. */
  signatureAlgorithm: string
  /** A SHA-256 signature over `data` with the private key. */
  sign(data: Uint8Array): Uint8Array
}

/** What anyone may know of the signer: the verify page and the proof bundle print it. */
export interface PublicSigningIdentity {
  /** The signer's certificate then its chain up to the root, PEM. */
  chainPem: string
  /** The root certificate's SHA-256 fingerprint, as `openssl x509 -fingerprint -sha256` prints it. */
  rootSha256: string
  /** The signer certificate's subject common name. */
  commonName: string
  /** This server's own development key, which no PDF reader trusts; every such PDF says so. */
  isDevelopment: boolean
}

/**
 * A document signer: the operator's key and certificate from files, or this server's development
 * key. Each implementation checks its chain (each certificate issued by the next, the last a
 * root) before it signs anything.
 */
export interface DocumentSigner {
  readonly kind: 'file' | 'local'
  readonly isDevelopment: boolean
  key(): Promise<SigningKey>
  publicIdentity(): Promise<PublicSigningIdentity>
}

/** The line a PDF signed with the development key carries on its face. */
export const DEVELOPMENT_SIGNING_NOTE =
  'Signed with this server’s development key, not a publicly trusted one.'
