import crypto from 'node:crypto'
import * as asn1js from 'asn1js'
import * as pkijs from 'pkijs'
import { OID } from '~/timestamp/rfc3161.server'
import { commonNameOf } from '~/signing/key-chain.server'
import { PDF_SIGNATURE_OID } from './pdf-signature.server'

// The signature inside a signed PDF, read as a CAdES signature and checked part by part, each
// part in words (decision 103): its signed attributes against the signed bytes and the signer's
// certificate, the signature over them, and the chain the signature carries, up to its root.

export interface SignatureFinding {
  name: string
  ok: boolean
  detail: string
  /** A trust check the reader gave nothing to check against: not a failure of the document. */
  unpinned?: boolean
}

const toArrayBuffer = (bytes: Uint8Array) =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer
const sha256 = (data: Uint8Array) => crypto.createHash('sha256').update(data).digest()
const derOf = (certificate: pkijs.Certificate) =>
  new Uint8Array(certificate.toSchema().toBER(false))
const RSA = ['1.2.840.113549.1.1.11', '1.2.840.113549.1.1.1']
const ECDSA = '1.2.840.10045.4.3.2'

export type ReadSignature =
  | { readable: false; problem: string }
  | {
      readable: true
      signed: pkijs.SignedData
      signerInfo: pkijs.SignerInfo
      signer: crypto.X509Certificate
      /** Every certificate the signature carries. */
      certificates: crypto.X509Certificate[]
    }

/** The CMS SignedData of a signature's /Contents (DER, zero-padded to its placeholder). */
export function readSignature(der: Uint8Array): ReadSignature {
  try {
    // asn1js reads the one element and leaves the placeholder's padding after it.
    const parsed = asn1js.fromBER(toArrayBuffer(der))
    if (parsed.offset === -1) throw new Error('not DER')
    const info = new pkijs.ContentInfo({ schema: parsed.result })
    if (info.contentType !== OID.signedData) throw new Error('not signed data')
    const signed = new pkijs.SignedData({ schema: info.content })
    const signerInfo = signed.signerInfos[0]
    if (!signerInfo || signed.signerInfos.length !== 1) throw new Error('not one signer')
    const carried = (signed.certificates ?? []).filter(
      (c): c is pkijs.Certificate => c instanceof pkijs.Certificate,
    )
    const certificates = carried.map((c) => new crypto.X509Certificate(derOf(c)))
    const sid = signerInfo.sid
    const index =
      sid instanceof pkijs.IssuerAndSerialNumber
        ? carried.findIndex(
            (c) => c.issuer.isEqual(sid.issuer) && c.serialNumber.isEqual(sid.serialNumber),
          )
        : -1
    if (index < 0)
      return { readable: false, problem: 'The signature does not carry its signer’s certificate' }
    return { readable: true, signed, signerInfo, signer: certificates[index]!, certificates }
  } catch {
    return { readable: false, problem: 'The signature cannot be read as a CMS signature' }
  }
}

const attribute = (attributes: pkijs.SignedAndUnsignedAttributes | undefined, type: string) =>
  attributes?.attributes.find((a) => a.type === type)?.values[0]

/**
 * The signed attributes, PAdES's way: content type id-data, the message digest of the signed
 * bytes, the signing-certificate-v2 naming the signer, and no signing time.
 */
export function checkSignedAttributes(
  read: Extract<ReadSignature, { readable: true }>,
  signedBytes: Uint8Array,
): SignatureFinding[] {
  const attrs = read.signerInfo.signedAttrs
  const contentType = attribute(attrs, OID.contentType)
  const digest = attribute(attrs, OID.messageDigest)
  const essValue = attribute(attrs, OID.signingCertificateV2)
  const sha = sha256(signedBytes)
  const digestOk =
    read.signerInfo.digestAlgorithm.algorithmId === OID.sha256 &&
    digest instanceof asn1js.OctetString &&
    Buffer.from(digest.valueBlock.valueHexView).equals(sha)
  const contentOk =
    contentType instanceof asn1js.ObjectIdentifier &&
    contentType.valueBlock.toString() === PDF_SIGNATURE_OID.data
  return [
    {
      name: 'The document is the one signed',
      ok: digestOk,
      detail: digestOk
        ? `The signed bytes hash to ${sha.toString('hex')}, the digest the signature signs`
        : 'Digest mismatch: the document changed after signing',
    },
    {
      name: 'Signed attributes as PAdES asks',
      ok: contentOk && !attribute(attrs, OID.signingTime),
      detail: !contentOk
        ? 'The signed content type is not id-data'
        : attribute(attrs, OID.signingTime)
          ? 'The signed attributes hold a signing time, which a PAdES signature leaves out'
          : 'Content type id-data, message digest and signing certificate; no signing time',
    },
    essCheck(essValue, read.signer),
  ]
}

/** ESS signing-certificate-v2: the first ESSCertIDv2's SHA-256 (and serial) are the signer's. */
function essCheck(value: unknown, signer: crypto.X509Certificate): SignatureFinding {
  const name = 'The signature names its signer’s certificate'
  try {
    if (!(value instanceof asn1js.Sequence)) throw new Error('absent')
    const certs = value.valueBlock.value[0] as asn1js.Sequence
    const first = certs.valueBlock.value[0] as asn1js.Sequence
    const fields = first.valueBlock.value
    // hashAlgorithm is absent when it is the DEFAULT, SHA-256.
    const hashed = fields[0] instanceof asn1js.Sequence ? 1 : 0
    if (hashed === 1) {
      const algorithm = new pkijs.AlgorithmIdentifier({ schema: fields[0] })
      if (algorithm.algorithmId !== OID.sha256)
        return {
          name,
          ok: false,
          detail: 'The signing certificate is named by a digest other than SHA-256',
        }
    }
    const certHash = Buffer.from((fields[hashed] as asn1js.OctetString).valueBlock.valueHexView)
    const ok = certHash.equals(sha256(signer.raw))
    const serial = fields[hashed + 1]
    const serialOk =
      !(serial instanceof asn1js.Sequence) ||
      Buffer.from((serial.valueBlock.value[1] as asn1js.Integer).valueBlock.valueHexView)
        .toString('hex')
        .replace(/^0+/, '')
        .toUpperCase() === signer.serialNumber.replace(/^0+/, '').toUpperCase()
    return ok && serialOk
      ? { name, ok, detail: `ESS signing-certificate-v2 names ${commonNameOf(signer)}` }
      : { name, ok: false, detail: 'The ESS signing-certificate-v2 names another certificate' }
  } catch {
    return { name, ok: false, detail: 'The signature has no ESS signing-certificate-v2 attribute' }
  }
}

/** The signer's signature over its signed attributes, with the public key of its certificate. */
export function checkSignatureValue(
  read: Extract<ReadSignature, { readable: true }>,
): SignatureFinding {
  const name = 'The signature holds'
  const attrs = read.signerInfo.signedAttrs
  const algorithm = read.signerInfo.signatureAlgorithm.algorithmId
  if (!attrs?.encodedValue.byteLength)
    return { name, ok: false, detail: 'The signature has no signed attributes' }
  if (!RSA.includes(algorithm) && algorithm !== ECDSA)
    return {
      name,
      ok: false,
      detail: `The signature algorithm ${algorithm} is not one this checks`,
    }
  // Signed as a SET: the [0] tag of the field replaced (RFC 5652 5.4).
  const toVerify = new Uint8Array(attrs.encodedValue.slice(0))
  toVerify[0] = 0x31
  const value = read.signerInfo.signature.valueBlock.valueHexView
  const ok = crypto.verify('sha256', toVerify, read.signer.publicKey, value)
  return {
    name,
    ok,
    detail: ok
      ? `Signed by the key of ${commonNameOf(read.signer)}`
      : `The signature is not one by the key of ${commonNameOf(read.signer)}`,
  }
}

export interface SignerChain {
  finding: SignatureFinding
  names: string[]
  root: crypto.X509Certificate | null
  /** Each certificate's SHA-256 fingerprint, signer first: what a pin is compared with. */
  fingerprints: string[]
}

/** From the signer through each issuer the signature carries, to a self-signed root, at `at`. */
export function checkChain(
  read: Extract<ReadSignature, { readable: true }>,
  at: Date,
): SignerChain {
  const name = 'The signer’s chain leads to a root'
  const path = [read.signer]
  for (let current = read.signer; ;) {
    if (new Date(current.validFrom) > at || new Date(current.validTo) < at)
      return {
        finding: {
          name,
          ok: false,
          detail: `${commonNameOf(current)} is valid from ${current.validFrom} to ${current.validTo}, not at ${at.toISOString()}`,
        },
        names: path.map(commonNameOf),
        root: null,
        fingerprints: [],
      }
    if (current.checkIssued(current) && current.verify(current.publicKey)) break
    const issuer = read.certificates.find(
      (c) => !path.includes(c) && current.checkIssued(c) && current.verify(c.publicKey),
    )
    if (!issuer)
      return {
        finding: {
          name,
          ok: false,
          detail: `The chain ends at ${commonNameOf(current)}, whose issuer the signature does not carry`,
        },
        names: path.map(commonNameOf),
        root: null,
        fingerprints: [],
      }
    path.push(issuer)
    current = issuer
  }
  const root = path[path.length - 1]!
  const names = path.map(commonNameOf)
  return {
    finding: {
      name,
      ok: true,
      detail: `${names.join(' ← certified by ')}; root SHA-256 fingerprint ${root.fingerprint256}`,
    },
    names,
    root,
    fingerprints: path.map((certificate) => certificate.fingerprint256),
  }
}

/** The signature-timestamp token (an unsigned attribute), wrapped as the `.tsr` a TSA answers. */
export function timestampResponse(read: Extract<ReadSignature, { readable: true }>) {
  const token = attribute(read.signerInfo.unsignedAttrs, PDF_SIGNATURE_OID.signatureTimeStampToken)
  if (!(token instanceof asn1js.Sequence)) return null
  const response = new pkijs.TimeStampResp({
    status: new pkijs.PKIStatusInfo({ status: 0 }),
    timeStampToken: new pkijs.ContentInfo({ schema: token }),
  })
  const tokenSigned = new pkijs.SignedData({ schema: response.timeStampToken!.content })
  const certificates = (tokenSigned.certificates ?? []).filter(
    (c): c is pkijs.Certificate => c instanceof pkijs.Certificate,
  )
  return {
    response: new Uint8Array(response.toSchema().toBER(false)),
    certificates,
    signatureValue: new Uint8Array(read.signerInfo.signature.valueBlock.valueHexView),
  }
}
