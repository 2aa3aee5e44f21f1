import crypto from 'node:crypto'
import canonicalize from 'canonicalize'

// The two digests every record is built from: a manifest's, a co-writer's split, an address's.
// They sit below the domains so that co-writers and certificates both use them without one
// importing the other (issue 27).

export const sha256Hex = (data: string | Uint8Array) =>
  crypto.createHash('sha256').update(data).digest('hex')

/** RFC 8785 (JSON Canonicalization Scheme): sorted keys, no whitespace, ECMAScript numbers. */
export function canonicalJson(value: unknown) {
  const text = canonicalize(value)
  if (text === undefined) throw new Error('The manifest cannot be canonicalised')
  return text
}
