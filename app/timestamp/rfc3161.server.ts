import crypto from 'node:crypto'
import * as asn1js from 'asn1js'
import * as pkijs from 'pkijs'
import { TimestampRefused } from './types'

// RFC 3161 requests and answers, built and read with PKI.js and asn1js (decision 057): the same
// checks run on the local TSA's tokens and on a real TSA's, so both are held to one contract.

export const OID = {
  sha256: '2.16.840.1.101.3.4.2.1',
  signedData: '1.2.840.113549.1.7.2',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  extKeyUsage: '2.5.29.37',
  timeStamping: '1.3.6.1.5.5.7.3.8',
  commonName: '2.5.4.3',
} as const

const toArrayBuffer = (bytes: Uint8Array) =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer

export const sha256 = (data: Uint8Array) =>
  new Uint8Array(crypto.createHash('sha256').update(data).digest())

/** A positive INTEGER of `bytes` random bytes, minimally encoded (top byte 0x40–0x7f). */
export function randomPositiveInteger(bytes: number) {
  const value = crypto.randomBytes(bytes)
  value[0] = (value[0]! & 0x3f) | 0x40
  return new asn1js.Integer({ valueHex: toArrayBuffer(value) })
}

const integerHex = (value: asn1js.Integer) =>
  Buffer.from(value.valueBlock.valueHexView)
    .toString('hex')
    .replace(/^(00)+(?=.)/, '')

/** A TimeStampReq (version 1) for the SHA-256 of `data`, with a fresh nonce and certReq. */
export function buildRequest(data: Uint8Array) {
  const nonce = randomPositiveInteger(8)
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({
        algorithmId: OID.sha256,
        algorithmParams: new asn1js.Null(),
      }),
      hashedMessage: new asn1js.OctetString({ valueHex: toArrayBuffer(sha256(data)) }),
    }),
    nonce,
    certReq: true,
  })
  return { der: new Uint8Array(request.toSchema().toBER()), nonceHex: integerHex(nonce) }
}

/** Certificates from PEM text (one or more blocks). */
export function certificatesFromPem(pem: string) {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []
  return blocks.map((block) => {
    const body = block.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, '')
    return pkijs.Certificate.fromBER(toArrayBuffer(Buffer.from(body, 'base64')))
  })
}

export function certificateToPem(certificate: pkijs.Certificate) {
  const base64 = Buffer.from(certificate.toSchema().toBER()).toString('base64')
  return `-----BEGIN CERTIFICATE-----\n${base64.replace(/.{64}/g, '$&\n').replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`
}

/** The certificate's subject common name, or its whole subject when it has none. */
export function subjectName(certificate: pkijs.Certificate) {
  const cn = certificate.subject.typesAndValues.find((tv) => tv.type === OID.commonName)
  if (cn) return String(cn.value.valueBlock.value)
  return certificate.subject.typesAndValues
    .map((tv) => String(tv.value.valueBlock.value))
    .join(', ')
}

function hasTimeStampingUsage(certificate: pkijs.Certificate) {
  const extension = certificate.extensions?.find((e) => e.extnID === OID.extKeyUsage)
  if (!extension || !extension.critical) return false
  const parsed = extension.parsedValue as pkijs.ExtKeyUsage | undefined
  return Boolean(parsed?.keyPurposes.includes(OID.timeStamping))
}

export interface CheckedToken {
  genTime: Date
  serial: string
  signer: pkijs.Certificate
}

/**
 * Reads a TSA's answer and accepts it only when it granted a token whose message imprint is the
 * SHA-256 of `data`, whose nonce is the one sent (when one was), whose CMS signature holds, and
 * whose signer carries the timeStamping usage and chains to one of `trustAnchors`.
 */
export async function checkResponse(
  der: Uint8Array,
  expect: { data: Uint8Array; nonceHex: string | null; trustAnchors: pkijs.Certificate[] },
): Promise<CheckedToken> {
  let response: pkijs.TimeStampResp
  let signed: pkijs.SignedData
  let tst: pkijs.TSTInfo
  try {
    response = pkijs.TimeStampResp.fromBER(toArrayBuffer(der))
  } catch {
    throw new TimestampRefused('The answer is not an RFC 3161 TimeStampResp')
  }
  const status = response.status.status
  if (status !== 0 && status !== 1) {
    const text = response.status.statusStrings?.map((s) => s.valueBlock.value).join('; ')
    throw new TimestampRefused(
      `The TSA refused the request (status ${status}${text ? `: ${text}` : ''})`,
    )
  }
  if (!response.timeStampToken || response.timeStampToken.contentType !== OID.signedData)
    throw new TimestampRefused('The answer holds no signed timestamp token')
  try {
    signed = new pkijs.SignedData({ schema: response.timeStampToken.content })
    if (signed.encapContentInfo.eContentType !== OID.tstInfo || !signed.encapContentInfo.eContent)
      throw new Error('not a TSTInfo')
    tst = pkijs.TSTInfo.fromBER(signed.encapContentInfo.eContent.getValue())
  } catch {
    throw new TimestampRefused('The timestamp token cannot be read')
  }
  const imprint = tst.messageImprint
  if (
    imprint.hashAlgorithm.algorithmId !== OID.sha256 ||
    !Buffer.from(imprint.hashedMessage.valueBlock.valueHexView).equals(sha256(expect.data))
  )
    throw new TimestampRefused('The token’s message imprint is not the SHA-256 of the data sent')
  if (expect.nonceHex !== null && (!tst.nonce || integerHex(tst.nonce) !== expect.nonceHex))
    throw new TimestampRefused('The token’s nonce is not the one sent')

  let verified: Awaited<ReturnType<pkijs.SignedData['verify']>>
  try {
    const verify = (checkChain: boolean) =>
      signed.verify({
        signer: 0,
        data: toArrayBuffer(expect.data),
        trustedCerts: expect.trustAnchors,
        checkChain,
        extendedMode: true,
      })
    verified = await verify(false)
    // A signer that is itself a trust anchor (the local TSA's self-signed certificate) has no
    // chain to build; any other must chain to an anchor.
    const signer = verified.signerCertificate
    const der = (c: pkijs.Certificate) => Buffer.from(c.toSchema().toBER())
    if (!signer || !expect.trustAnchors.some((anchor) => der(anchor).equals(der(signer))))
      verified = await verify(true)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    throw new TimestampRefused(`The token’s signature or certificate chain fails: ${message}`)
  }
  if (!verified.signatureVerified || !verified.signerCertificate)
    throw new TimestampRefused('The token’s signature fails')
  if (!hasTimeStampingUsage(verified.signerCertificate))
    throw new TimestampRefused(
      'The token’s signer is not a timestamping certificate (critical extended key usage timeStamping)',
    )
  return {
    genTime: tst.genTime,
    serial: integerHex(tst.serialNumber),
    signer: verified.signerCertificate,
  }
}
