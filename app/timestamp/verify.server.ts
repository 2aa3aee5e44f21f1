import { DEVELOPMENT_TIMESTAMP_NOTE, formatStampTime } from '~/lib/timestamp'
import { LOCAL_TSA_NAME, LOCAL_TSA_SUBJECT } from './local.server'
import { certificatesFromPem, inspectToken, sha256, subjectName } from './rfc3161.server'

// The check of a snapshot's RFC 3161 token as the verify page and `npm run verify` show it
// (decision 068): one definition, each check in words a stranger understands, never an
// exception. It reads only what it is given (the manifest bytes, the `.tsr`, the anchors), so
// it runs the same on this server and offline on a proof bundle.

export interface TimestampCheck {
  name: string
  ok: boolean
  detail: string
}

export interface TimestampVerification {
  /** verified / failed: a token was checked; pending: not stamped yet; none: no snapshot to check. */
  status: 'verified' | 'failed' | 'pending' | 'none'
  /** One sentence: "Time-stamped by <TSA> at <time> UTC — signature valid, …" or what fails. */
  summary: string
  tsaName: string | null
  /** ISO time the TSA signed. */
  genTime: string | null
  serial: string | null
  /** The trust anchor the TSA's certificate chains to, by name. */
  anchor: string | null
  /** This server's own development TSA: not an independent authority, and said so. */
  development: boolean
  checks: TimestampCheck[]
}

export const TIMESTAMP_NONE =
  'No RFC 3161 timestamp: this record was registered before ProofTrack time-stamped each snapshot. Its blockchain record above is its witness of time.'
export const TIMESTAMP_PENDING_CHECK =
  'RFC 3161 timestamp pending: the Time-Stamping Authority has not answered yet, so there is no token to check. The blockchain record above is its witness of time meanwhile.'

export function timestampWithoutToken(status: 'pending' | 'none'): TimestampVerification {
  return {
    status,
    summary: status === 'pending' ? TIMESTAMP_PENDING_CHECK : TIMESTAMP_NONE,
    tsaName: null,
    genTime: null,
    serial: null,
    anchor: null,
    development: false,
    checks: [],
  }
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')

export interface TimestampInput {
  /** The exact manifest bytes the token should cover. */
  manifest: Uint8Array
  /** The TSA's answer: the DER TimeStampResp (`.tsr`). */
  response: Uint8Array
  /** The certificate(s), PEM, the TSA's certificate must chain to. */
  trustAnchorsPem: string
  /** Where the anchor came from, in words: "configured on this server", "carried in the bundle". */
  anchorSource: string
  /**
   * The SHA-256 these bytes must have: the one the chain record anchors (its memo), or the one
   * the bundle names; null when there is none to compare with.
   */
  expectedSha256: string | null
  /** What `expectedSha256` is, in words: "the manifest anchored on the blockchain record". */
  expectedLabel: string
  /** The TSA's name as this server shows it; else the signer certificate's common name. */
  tsaName?: string | null
  /** Marked as this server's development TSA (its signer's name says so too). */
  development?: boolean
  now?: Date
}

/**
 * Checks one token: its signature, that it covers these manifest bytes and that they are the
 * record's manifest, that the TSA's certificate chains to the anchor (with the timeStamping
 * usage), and its time. A token that cannot be read, or anchors that are not PEM, are failures
 * shown like any other.
 */
export async function verifyTimestamp(input: TimestampInput): Promise<TimestampVerification> {
  const anchors = (() => {
    try {
      return certificatesFromPem(input.trustAnchorsPem)
    } catch {
      return []
    }
  })()
  const token = await inspectToken(input.response, {
    data: input.manifest,
    trustAnchors: anchors,
    now: input.now,
  })
  if (!token.readable) {
    const checks = [{ name: 'Token readable', ok: false, detail: token.problem }]
    return {
      ...timestampWithoutToken('none'),
      status: 'failed',
      summary: `The RFC 3161 timestamp cannot be checked: ${token.problem}.`,
      checks,
    }
  }
  const signerName = token.signer ? subjectName(token.signer) : null
  const development = Boolean(input.development) || signerName === LOCAL_TSA_SUBJECT
  const tsaName = input.tsaName ?? (development ? LOCAL_TSA_NAME : (signerName ?? 'an unnamed TSA'))
  const anchorName = token.anchor ? subjectName(token.anchor) : null
  const actual = hex(sha256(input.manifest))
  const record =
    input.expectedSha256 === null
      ? { ok: false, detail: `There is no ${input.expectedLabel} to compare these bytes with` }
      : actual === input.expectedSha256.toLowerCase()
        ? { ok: true, detail: `These bytes hash to ${actual}, ${input.expectedLabel}` }
        : {
            ok: false,
            detail: `These bytes hash to ${actual}, but ${input.expectedLabel} is ${input.expectedSha256}`,
          }
  const checks: TimestampCheck[] = [
    { name: 'Signature valid', ...token.signature },
    { name: 'The token covers these manifest bytes', ...token.imprint },
    { name: 'They are this record’s manifest', ...record },
    {
      name: anchorName ? `Chains to ${anchorName}` : 'Chains to the trust anchor',
      ok: token.chain.ok,
      detail: `${token.chain.detail} (anchor ${input.anchorSource})`,
    },
    { name: 'A time-stamping certificate', ...token.usage },
    { name: 'Time', ...token.time },
  ]
  const ok = checks.every((c) => c.ok)
  const when = formatStampTime(token.genTime)
  const note = development ? ` ${DEVELOPMENT_TIMESTAMP_NOTE}` : ''
  const failed = checks.filter((c) => !c.ok)
  const matches = token.imprint.ok && record.ok
  const summary = ok
    ? `Time-stamped by ${tsaName} at ${when} — signature valid, matches this record, chains to ${anchorName}.${note}`
    : `The RFC 3161 timestamp (${tsaName}, ${when}) does not check: ${[
        ...(token.signature.ok ? [] : ['its signature is not valid']),
        ...(matches ? [] : ['it does not match this record']),
        ...(token.chain.ok ? [] : ['it does not chain to the trust anchor']),
        ...(token.usage.ok ? [] : ['its signer is not a time-stamping certificate']),
        ...(token.time.ok ? [] : ['its time does not hold']),
      ].join(', ')}.${note}`
  return {
    status: failed.length === 0 ? 'verified' : 'failed',
    summary,
    tsaName,
    genTime: token.genTime.toISOString(),
    serial: token.serial,
    anchor: anchorName,
    development,
    checks,
  }
}
