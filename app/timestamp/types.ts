/** A timestamp a TSA gave, checked against the request it answered. */
export interface StampedToken {
  /** The TSA's whole answer (a DER TimeStampResp, the `.tsr` file `openssl ts -verify -in` reads). */
  response: Uint8Array
  /** The time the TSA signed (TSTInfo genTime). */
  genTime: Date
  /** The token's serial number, lowercase hex. */
  serial: string
  /** The TSA's name as this server shows it. */
  tsaName: string
  /** The certificates (PEM) `openssl ts -verify -CAfile` needs to check this token. */
  chainPem: string
}

/**
 * A Time-Stamping Authority (RFC 3161): given bytes, it returns a token signing their SHA-256
 * with a time. Only the hash leaves this server. Every implementation checks the answer it got
 * (imprint, nonce, signature, certificate chain to its trust anchor) before returning it.
 */
export interface TimestampAuthority {
  readonly kind: 'local' | 'rfc3161'
  /** The name pages show: "Time-stamped by <name>". */
  readonly name: string
  /** True for this server's own development TSA: not an independent authority, and said so. */
  readonly isDevelopment: boolean
  stamp(data: Uint8Array): Promise<StampedToken>
  /** The certificate(s), PEM, this server trusts its tokens to chain to (the verify page's anchor). */
  trustAnchorsPem(): Promise<string>
}

/** A token refused: the TSA's answer does not match the request, or its signature or chain fails. */
export class TimestampRefused extends Error {
  override name = 'TimestampRefused'
}
