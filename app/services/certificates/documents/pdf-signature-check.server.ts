import crypto from 'node:crypto'
import type * as pkijs from 'pkijs'
import { formatStampTime } from '~/lib/timestamp'
import { commonNameOf } from '~/signing/key-chain.server'
import { LOCAL_SIGNING_CA_SUBJECT } from '~/signing/local.server'
import { LOCAL_TSA_SUBJECT } from '~/timestamp/local.server'
import { inspectToken, subjectName } from '~/timestamp/rfc3161.server'
import {
  checkChain,
  checkSignatureValue,
  checkSignedAttributes,
  readSignature,
  type SignatureFinding,
  timestampResponse,
} from './pdf-signature-cms.server'
import {
  decodePdfString,
  dictionaryEntries,
  readTrailer,
  referenceNumber,
  resolvedValue,
} from './pdf-signature-file.server'
import { INFO_KEYS } from './pdf-signature.server'

// A signed PDF checked offline, with nothing but its bytes (decision 103; `npm run verify --
// --pdf`): the signed ranges cover the whole file but the signature, the CAdES signature holds
// over them, it names its signer, its chain leads to a root (whose fingerprint a reader compares
// with the one the verify page publishes), and its RFC 3161 timestamp covers the signature value
// and holds against the TSA chain the token carries. Then what the PDF says it is: its title,
// certificate ID and snapshot, read from its Info dictionary, inside the signed bytes.

export interface PdfSignatureReport {
  /** Every check holds, the trusted signer and TSA included. */
  ok: boolean
  /** Every check of the document itself holds; only the pins may be missing. */
  intact: boolean
  /** The first failing check, in one sentence; null when every check holds. */
  problem: string | null
  checks: SignatureFinding[]
  signer: { names: string[]; rootSha256: string | null; development: boolean } | null
  timestamp: {
    time: string
    tsa: string
    /** The certificate the TSA's chain ends at in the token, its fingerprint, and if it is a root. */
    anchor: { name: string; sha256: string; isRoot: boolean } | null
    development: boolean
  } | null
  document: {
    title: string | null
    certificateId: string | null
    kind: string | null
    manifestSha256: string | null
    snapshot: string | null
  } | null
}

const BYTE_RANGE = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g

function report(
  checks: SignatureFinding[],
  rest: Partial<Omit<PdfSignatureReport, 'ok' | 'problem' | 'checks'>> = {},
): PdfSignatureReport {
  const failed = checks.find((check) => !check.ok)
  const broken = checks.find((check) => !check.ok && !check.unpinned)
  return {
    ok: checks.length > 0 && !failed,
    intact: checks.length > 0 && !broken,
    problem: failed?.detail ?? null,
    checks,
    signer: rest.signer ?? null,
    timestamp: rest.timestamp ?? null,
    document: rest.document ?? null,
  }
}

/**
 * Whom the reader trusts (issue 49.1, the fourth review): a PDF carries its own chain and its
 * timestamp its own TSA's, so without a pin anyone's self-made CA "holds". A pin is the SHA-256
 * fingerprint of a certificate the verify page or the proof bundle publishes (the signer's, or
 * its root's); the PDF's chain must contain it. Without a pin the report says the document is
 * intact but not whose key signed it.
 */
export interface PdfSignatureTrust {
  /** A certificate of the signer's chain, by SHA-256 fingerprint (colons and case ignored). */
  signer?: string
  /** A certificate of the timestamp's TSA chain, by SHA-256 fingerprint. */
  tsa?: string
}

/** Every check of the PDF's signature, in the order a reader follows them; never throws. */
export async function checkPdfSignature(
  pdf: Uint8Array,
  now = new Date(),
  trust: PdfSignatureTrust = {},
): Promise<PdfSignatureReport> {
  try {
    return await checkUnpinned(pdf, now, trust)
  } catch (error) {
    // A PDF built to trip the reader is a PDF whose signature does not check out.
    return report([
      {
        name: 'Readable',
        ok: false,
        detail: `The PDF's signature could not be read: ${error instanceof Error ? error.message : String(error)}`,
      },
    ])
  }
}

const fingerprint = (value: string) => value.replace(/[^0-9a-f]/gi, '').toUpperCase()

/** The pin's finding: the chain holds the certificate the reader trusts, or says it is unchecked. */
function pinned(name: string, pin: string | undefined, chain: string[], what: string) {
  if (!pin)
    return {
      name,
      ok: false,
      unpinned: true,
      detail: `Not checked: no trusted fingerprint given for the ${what} (compare the fingerprints below with the ones the verify page or the proof bundle publishes)`,
    }
  const ok = chain.some((certificate) => fingerprint(certificate) === fingerprint(pin))
  return {
    name,
    ok,
    detail: ok
      ? `The ${what}'s chain holds the trusted certificate ${pin}`
      : `The ${what}'s chain does not hold the trusted certificate ${pin}: someone else signed it`,
  }
}

async function checkUnpinned(
  pdf: Uint8Array,
  now: Date,
  trust: PdfSignatureTrust,
): Promise<PdfSignatureReport> {
  const text = Buffer.from(pdf).toString('latin1')
  if (!text.startsWith('%PDF-'))
    return report([{ name: 'A PDF', ok: false, detail: 'The file is not a PDF' }])
  const ranges = [...text.matchAll(BYTE_RANGE)]
  if (ranges.length !== 1)
    return report([
      {
        name: 'One signature',
        ok: false,
        detail:
          ranges.length === 0
            ? 'The PDF carries no signature'
            : `The PDF carries ${ranges.length} signatures; a ProofTrack PDF carries one`,
      },
    ])
  const match = ranges[0]!
  const [start, length1, start2, length2] = match.slice(1, 5).map(Number) as [
    number,
    number,
    number,
    number,
  ]
  const contents = text.slice(length1, start2)
  const end = start2 + length2
  const coverage: SignatureFinding = {
    name: 'The signature covers the whole file',
    ok: start === 0 && start2 > length1 && /^<[0-9a-fA-F]+>$/.test(contents) && end === pdf.length,
    detail:
      end < pdf.length
        ? `${pdf.length - end} bytes were added after the signed range: the file changed after signing`
        : start !== 0 || end !== pdf.length || !/^<[0-9a-fA-F]+>$/.test(contents)
          ? 'The signed ranges do not cover the file but its signature'
          : `Bytes 0–${length1 - 1} and ${start2}–${end - 1} of ${pdf.length}: all but the signature itself`,
  }
  if (!coverage.ok) return report([coverage])
  const dictionary = dictionaryEntries(
    text.slice(text.lastIndexOf(' obj', match.index) + 4, text.indexOf('endobj', start2)),
  )
  const subFilter = dictionary.get('SubFilter') ?? 'none'
  const kind: SignatureFinding = {
    name: 'A PAdES signature',
    ok: subFilter === '/ETSI.CAdES.detached',
    detail: `SubFilter ${subFilter}`,
  }
  const read = readSignature(Buffer.from(contents.slice(1, -1), 'hex'))
  if (!read.readable)
    return report([coverage, kind, { name: 'Readable', ok: false, detail: read.problem }])

  const signedBytes = Buffer.concat([pdf.subarray(0, length1), pdf.subarray(start2, end)])
  const attributes = checkSignedAttributes(read, signedBytes)
  const value = checkSignatureValue(read)
  const stamp = await checkTimestamp(read, now)
  const chain = checkChain(read, stamp.time ?? now)
  const document = documentIdentity(pdf)
  const development = chain.root ? commonNameOf(chain.root) === LOCAL_SIGNING_CA_SUBJECT : false
  const signerPin = pinned(
    'The signer is the one trusted',
    trust.signer,
    chain.fingerprints,
    'signer',
  )
  const tsaPin = pinned('The TSA is the one trusted', trust.tsa, stamp.fingerprints, 'TSA')
  return report(
    [
      coverage,
      kind,
      ...attributes,
      value,
      chain.finding,
      signerPin,
      ...stamp.findings,
      tsaPin,
      document.finding,
    ],
    {
      signer: { names: chain.names, rootSha256: chain.root?.fingerprint256 ?? null, development },
      timestamp: stamp.summary,
      document: document.identity,
    },
  )
}

/** The signature's RFC 3161 token, checked over the signature value against the chain it carries. */
async function checkTimestamp(read: Parameters<typeof timestampResponse>[0], now: Date) {
  const name = 'A signature timestamp'
  let token: ReturnType<typeof timestampResponse>
  try {
    token = timestampResponse(read)
  } catch {
    token = null
  }
  if (!token)
    return {
      time: null,
      summary: null,
      fingerprints: [] as string[],
      findings: [
        { name, ok: false, detail: 'The signature carries no readable RFC 3161 timestamp' },
      ],
    }
  const der = (c: pkijs.Certificate) => Buffer.from(c.toSchema().toBER(false))
  // The token's own roots, else what it carries: offline there is nothing else to go by, and the
  // root's fingerprint is printed for a reader to compare with one they trust.
  const roots = token.certificates.filter((c) => c.issuer.isEqual(c.subject))
  const inspected = await inspectToken(token.response, {
    data: token.signatureValue,
    trustAnchors: roots.length > 0 ? roots : token.certificates,
    now,
  })
  if (!inspected.readable)
    return {
      time: null,
      summary: null,
      fingerprints: [] as string[],
      findings: [{ name, ok: false, detail: inspected.problem }],
    }
  const tsa = inspected.signer ? subjectName(inspected.signer) : 'an unnamed TSA'
  const anchor = inspected.anchor
  return {
    time: inspected.genTime,
    fingerprints: token.certificates.map((c) => new crypto.X509Certificate(der(c)).fingerprint256),
    summary: {
      time: formatStampTime(inspected.genTime),
      tsa,
      anchor: anchor
        ? {
            name: subjectName(anchor),
            sha256: new crypto.X509Certificate(der(anchor)).fingerprint256,
            isRoot: anchor.issuer.isEqual(anchor.subject),
          }
        : null,
      development: tsa === LOCAL_TSA_SUBJECT,
    },
    findings: [
      { name: 'The timestamp covers this signature', ...inspected.imprint },
      { name: 'The TSA’s signature holds', ...inspected.signature },
      { name: 'The TSA’s chain', ...inspected.chain },
      { name: 'A time-stamping certificate', ...inspected.usage },
      { name: 'The timestamp’s time', ...inspected.time },
    ],
  }
}

/** What the PDF says it is, from the Info dictionary its signed bytes hold. */
function documentIdentity(pdf: Uint8Array) {
  const name = 'It says which certificate it is'
  try {
    const trailer = readTrailer(pdf)
    const infoNumber = referenceNumber(trailer.entries.get('Info'))
    if (infoNumber === null) throw new Error('no Info')
    const info = dictionaryEntries(resolvedValue(pdf, trailer, `${infoNumber} 0 R`) ?? '')
    const read = (key: string) => {
      const raw = resolvedValue(pdf, trailer, info.get(key))
      return raw === undefined ? null : decodePdfString(raw)
    }
    const identity = {
      title: read('Title'),
      certificateId: read('Subject'),
      kind: read(INFO_KEYS.document),
      manifestSha256: read(INFO_KEYS.manifestSha256),
      snapshot: read(INFO_KEYS.snapshot),
    }
    const ok = Boolean(identity.certificateId && identity.kind)
    return {
      identity,
      finding: {
        name,
        ok,
        detail: ok
          ? `Its Info dictionary, inside the signed bytes, names ${identity.kind} ${identity.certificateId}`
          : 'Its Info dictionary names no ProofTrack certificate',
      },
    }
  } catch {
    return {
      identity: null,
      finding: { name, ok: false, detail: 'Its Info dictionary cannot be read' },
    }
  }
}
