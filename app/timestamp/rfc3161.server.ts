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

/** One check of a token, apart from the others, so a reader is told which one fails. */
export interface TokenFinding {
  ok: boolean
  detail: string
}

/**
 * A token read and checked piece by piece (decision 068): the answer's status, the message
 * imprint against `data`, the CMS signature, the signer's timeStamping usage, its chain to one of
 * `trustAnchors`, and the time within the signer's validity. `checkResponse` (the worker's gate)
 * and `verifyTimestamp` (the verify page and `npm run verify`) both read this one inspection.
 */
export type TokenInspection =
  | { readable: false; problem: string }
  | {
      readable: true
      genTime: Date
      serial: string
      nonceHex: string | null
      signer: pkijs.Certificate | null
      /** The anchor the signer chains to (the signer itself when it is one). */
      anchor: pkijs.Certificate | null
      imprint: TokenFinding
      signature: TokenFinding
      usage: TokenFinding
      chain: TokenFinding
      time: TokenFinding
    }

// id-data: see `inspectToken` on why the signature is checked as if over plain data.
const ID_DATA = '1.2.840.113549.1.7.1'
// A TSA's clock may run a little ahead of ours; more than this is a time in the future.
const CLOCK_SKEW_MS = 5 * 60 * 1000

const derOf = (certificate: pkijs.Certificate) => Buffer.from(certificate.toSchema().toBER())

const failureText = (error: unknown) =>
  error instanceof Error
    ? error.message
    : typeof error === 'object' && error !== null && 'message' in error
      ? String(error.message)
      : String(error)

/** Reads a TimeStampResp (the `.tsr` file) and checks every part of its token apart. */
export async function inspectToken(
  der: Uint8Array,
  expect: { data: Uint8Array; trustAnchors: pkijs.Certificate[]; now?: Date },
): Promise<TokenInspection> {
  let response: pkijs.TimeStampResp
  let signed: pkijs.SignedData
  let tst: pkijs.TSTInfo
  try {
    response = pkijs.TimeStampResp.fromBER(toArrayBuffer(der))
  } catch {
    return { readable: false, problem: 'The file is not an RFC 3161 TimeStampResp' }
  }
  const status = response.status.status
  if (status !== 0 && status !== 1) {
    const text = response.status.statusStrings?.map((s) => s.valueBlock.value).join('; ')
    return {
      readable: false,
      problem: `The TSA refused the request (status ${status}${text ? `: ${text}` : ''})`,
    }
  }
  if (!response.timeStampToken || response.timeStampToken.contentType !== OID.signedData)
    return { readable: false, problem: 'The answer holds no signed timestamp token' }
  try {
    signed = new pkijs.SignedData({ schema: response.timeStampToken.content })
    if (signed.encapContentInfo.eContentType !== OID.tstInfo || !signed.encapContentInfo.eContent)
      throw new Error('not a TSTInfo')
    tst = pkijs.TSTInfo.fromBER(signed.encapContentInfo.eContent.getValue())
  } catch {
    return { readable: false, problem: 'The timestamp token cannot be read' }
  }
  const genTime = tst.genTime

  const hashed = tst.messageImprint
  const imprintOk =
    hashed.hashAlgorithm.algorithmId === OID.sha256 &&
    Buffer.from(hashed.hashedMessage.valueBlock.valueHexView).equals(sha256(expect.data))
  const imprint = {
    ok: imprintOk,
    detail: imprintOk
      ? `The token signs the SHA-256 ${Buffer.from(sha256(expect.data)).toString('hex')} of these bytes`
      : hashed.hashAlgorithm.algorithmId === OID.sha256
        ? `The token signs the SHA-256 ${Buffer.from(hashed.hashedMessage.valueBlock.valueHexView).toString('hex')}, but these bytes hash to ${Buffer.from(sha256(expect.data)).toString('hex')}`
        : `The token signs a ${hashed.hashAlgorithm.algorithmId} digest, not a SHA-256`,
  }

  // PKI.js checks a TSTInfo's imprint before its signature, so a wrong imprint would hide whether
  // the signature holds. Read as plain signed data (the eContent bytes and signed attributes are
  // the ones parsed, untouched), the same call checks the signature and message digest alone;
  // the imprint is checked above.
  signed.encapContentInfo.eContentType = ID_DATA
  let signer: pkijs.Certificate | null = null
  let signature: TokenFinding
  try {
    const verified = await signed.verify({
      signer: 0,
      checkChain: false,
      checkDate: genTime,
      extendedMode: true,
    })
    signer = verified.signerCertificate ?? null
    signature = verified.signatureVerified
      ? { ok: true, detail: 'The TSA’s signature over the token holds' }
      : { ok: false, detail: 'The TSA’s signature over the token does not hold' }
  } catch (error) {
    const found = (error as { signerCertificate?: pkijs.Certificate | null }).signerCertificate
    signer = found ?? null
    signature = { ok: false, detail: `The signature fails: ${failureText(error)}` }
  }

  const usage = !signer
    ? { ok: false, detail: 'The token carries no signer certificate' }
    : hasTimeStampingUsage(signer)
      ? { ok: true, detail: `${subjectName(signer)} is a time-stamping certificate` }
      : {
          ok: false,
          detail: `${subjectName(signer)} is not a time-stamping certificate (critical extended key usage timeStamping)`,
        }

  let anchor: pkijs.Certificate | null = null
  let chain: TokenFinding
  if (!signer) chain = { ok: false, detail: 'No signer certificate to chain' }
  else if (expect.trustAnchors.length === 0) chain = { ok: false, detail: 'No trust anchor given' }
  else {
    // A signer that is itself a trust anchor (the local TSA's self-signed certificate) has no
    // chain to build; any other must chain to an anchor, checked at the token's time.
    anchor = expect.trustAnchors.find((a) => derOf(a).equals(derOf(signer!))) ?? null
    if (anchor) chain = { ok: true, detail: `${subjectName(signer)} is the trust anchor itself` }
    else {
      try {
        const verified = await signed.verify({
          signer: 0,
          checkChain: true,
          checkDate: genTime,
          trustedCerts: expect.trustAnchors,
          extendedMode: true,
        })
        const path = (verified.certificatePath ?? []) as pkijs.Certificate[]
        anchor =
          path.find((c) => expect.trustAnchors.some((a) => derOf(a).equals(derOf(c)))) ??
          expect.trustAnchors[0]!
        chain = {
          ok: true,
          detail: `${subjectName(signer)} is certified by ${subjectName(anchor)}`,
        }
      } catch (error) {
        anchor = null
        chain = {
          ok: false,
          detail: `${subjectName(signer)} does not chain to ${expect.trustAnchors.map(subjectName).join(' or ')}: ${failureText(error)}`,
        }
      }
    }
  }

  const now = expect.now ?? new Date()
  const stamp = genTime.toISOString()
  let time: TokenFinding
  if (Number.isNaN(genTime.getTime()))
    time = { ok: false, detail: 'The token’s time cannot be read' }
  else if (genTime.getTime() > now.getTime() + CLOCK_SKEW_MS)
    time = { ok: false, detail: `The token says ${stamp}, which is in the future` }
  else if (signer && (genTime < signer.notBefore.value || genTime > signer.notAfter.value))
    time = {
      ok: false,
      detail: `${stamp} is outside the TSA certificate’s validity (${signer.notBefore.value.toISOString()} to ${signer.notAfter.value.toISOString()})`,
    }
  else
    time = {
      ok: Boolean(signer),
      detail: signer
        ? `Signed at ${stamp}, within the TSA certificate’s validity and not in the future`
        : `The token says ${stamp}; no certificate to check it against`,
    }

  return {
    readable: true,
    genTime,
    serial: integerHex(tst.serialNumber),
    nonceHex: tst.nonce ? integerHex(tst.nonce) : null,
    signer,
    anchor,
    imprint,
    signature,
    usage,
    chain,
    time,
  }
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
  const token = await inspectToken(der, expect)
  if (!token.readable) throw new TimestampRefused(token.problem)
  if (!token.imprint.ok)
    throw new TimestampRefused('The token’s message imprint is not the SHA-256 of the data sent')
  if (expect.nonceHex !== null && token.nonceHex !== expect.nonceHex)
    throw new TimestampRefused('The token’s nonce is not the one sent')
  if (!token.signature.ok || !token.signer)
    throw new TimestampRefused(`The token’s signature fails: ${token.signature.detail}`)
  if (!token.chain.ok)
    throw new TimestampRefused(`The token’s certificate chain fails: ${token.chain.detail}`)
  if (!token.usage.ok)
    throw new TimestampRefused(
      'The token’s signer is not a timestamping certificate (critical extended key usage timeStamping)',
    )
  return { genTime: token.genTime, serial: token.serial, signer: token.signer }
}
