import crypto from 'node:crypto'
import path from 'node:path'
import * as asn1js from 'asn1js'
import * as pkijs from 'pkijs'
import {
  issueCertificate,
  keptKeyAndCertificate,
  madeOnce,
  privateKeyPem,
  toArrayBuffer,
} from '~/lib/dev-pki.server'
import {
  buildRequest,
  certificatesFromPem,
  certificateToPem,
  checkResponse,
  OID,
  randomPositiveInteger,
  sha256,
} from './rfc3161.server'
import { type StampedToken, type TimestampAuthority, TimestampRefused } from './types'

// The embedded default (decision 057): a TSA run by this server with a key and self-signed
// certificate generated once into DATA_DIR. Its tokens are real RFC 3161 tokens that OpenSSL
// checks, but they prove only what this server says: every page, PDF and bundle says so.

export const LOCAL_TSA_NAME = 'the development TSA of this server'
export const LOCAL_TSA_SUBJECT =
  'ProofTrack development TSA (this server, not an independent authority)'
// A policy under the documentation arc OpenSSL's own example configuration uses.
const LOCAL_POLICY = '1.2.3.4.1'
const KEY_ALGORITHM = {
  name: 'RSASSA-PKCS1-v1_5',
  modulusLength: 2048,
  publicExponent: new Uint8Array([1, 0, 1]),
  hash: 'SHA-256',
} as const

export const tsaDir = (dataDir: string) => path.join(dataDir, 'tsa')

interface Identity {
  key: CryptoKey
  certificate: pkijs.Certificate
  pem: string
}

/** A self-signed certificate whose only (critical) extended key usage is timeStamping. */
async function newIdentity(): Promise<{ keyPem: string; certificatePem: string }> {
  const keys = await crypto.webcrypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify'])
  const usage = new pkijs.ExtKeyUsage({ keyPurposes: [OID.timeStamping] })
  const certificate = await issueCertificate({
    subject: LOCAL_TSA_SUBJECT,
    publicKey: keys.publicKey,
    issuer: { name: LOCAL_TSA_SUBJECT, privateKey: keys.privateKey },
    extensions: [
      new pkijs.Extension({
        extnID: OID.extKeyUsage,
        critical: true,
        extnValue: usage.toSchema().toBER(false),
        parsedValue: usage,
      }),
    ],
  })
  return {
    keyPem: await privateKeyPem(keys.privateKey),
    certificatePem: certificateToPem(certificate),
  }
}

/** The key and certificate in `dir`, generated the first time. */
async function loadIdentity(dir: string): Promise<Identity> {
  const kept = await keptKeyAndCertificate({
    dir,
    files: { key: 'tsa-key.pem', certificate: 'tsa-cert.pem' },
    make: newIdentity,
  })
  const keyBody = kept.keyPem.replace(/-----(BEGIN|END) PRIVATE KEY-----|\s/g, '')
  const key = await crypto.webcrypto.subtle.importKey(
    'pkcs8',
    Buffer.from(keyBody, 'base64'),
    KEY_ALGORITHM,
    false,
    ['sign'],
  )
  const certificate = certificatesFromPem(kept.certificatePem)[0]
  if (!certificate) throw new Error(`No TSA certificate in ${kept.certificateFile}`)
  return { key, certificate, pem: kept.certificatePem }
}

/** SigningCertificateV2 (RFC 5035): binds the signature to the TSA certificate (OpenSSL requires it). */
function signingCertificateV2(certificate: pkijs.Certificate) {
  const certHash = sha256(new Uint8Array(certificate.toSchema().toBER()))
  return new asn1js.Sequence({
    value: [
      new asn1js.Sequence({
        value: [
          new asn1js.Sequence({
            // hashAlgorithm is left out: its DEFAULT is SHA-256.
            value: [new asn1js.OctetString({ valueHex: toArrayBuffer(certHash) })],
          }),
        ],
      }),
    ],
  })
}

export class LocalTsa implements TimestampAuthority {
  readonly kind = 'local' as const
  readonly name = LOCAL_TSA_NAME
  readonly isDevelopment = true
  private readonly load = madeOnce(() => loadIdentity(this.options.dir))

  constructor(private readonly options: { dir: string }) {}

  /** The TSA's certificate, the trust anchor of its tokens. */
  async certificatePem() {
    return (await this.load()).pem
  }

  trustAnchorsPem() {
    return this.certificatePem()
  }

  /**
   * Answers a DER TimeStampReq as a TSA server does. Signing runs in WebCrypto, whose work
   * Node does on its thread pool, not on the event loop.
   */
  async respond(requestDer: Uint8Array, now = new Date()): Promise<Uint8Array> {
    const { key, certificate } = await this.load()
    const request = pkijs.TimeStampReq.fromBER(toArrayBuffer(requestDer))
    if (request.messageImprint.hashAlgorithm.algorithmId !== OID.sha256)
      throw new TimestampRefused('The local TSA signs SHA-256 imprints only')
    const tst = new pkijs.TSTInfo({
      version: 1,
      policy: LOCAL_POLICY,
      messageImprint: request.messageImprint,
      serialNumber: randomPositiveInteger(16),
      genTime: now,
      ...(request.nonce ? { nonce: request.nonce } : {}),
    })
    const tstDer = new Uint8Array(tst.toSchema().toBER())
    const signed = new pkijs.SignedData({
      version: 3,
      encapContentInfo: new pkijs.EncapsulatedContentInfo({
        eContentType: OID.tstInfo,
        eContent: new asn1js.OctetString({ valueHex: toArrayBuffer(tstDer) }),
      }),
      signerInfos: [
        new pkijs.SignerInfo({
          version: 1,
          sid: new pkijs.IssuerAndSerialNumber({
            issuer: certificate.issuer,
            serialNumber: certificate.serialNumber,
          }),
          signedAttrs: new pkijs.SignedAndUnsignedAttributes({
            type: 0,
            attributes: [
              new pkijs.Attribute({
                type: OID.contentType,
                values: [new asn1js.ObjectIdentifier({ value: OID.tstInfo })],
              }),
              new pkijs.Attribute({
                type: OID.signingTime,
                values: [new asn1js.UTCTime({ valueDate: now })],
              }),
              new pkijs.Attribute({
                type: OID.messageDigest,
                values: [new asn1js.OctetString({ valueHex: toArrayBuffer(sha256(tstDer)) })],
              }),
              new pkijs.Attribute({
                type: OID.signingCertificateV2,
                values: [signingCertificateV2(certificate)],
              }),
            ],
          }),
        }),
      ],
      ...(request.certReq ? { certificates: [certificate] } : {}),
    })
    await signed.sign(key, 0, 'SHA-256')
    const response = new pkijs.TimeStampResp({
      status: new pkijs.PKIStatusInfo({ status: 0 }),
      timeStampToken: new pkijs.ContentInfo({
        contentType: OID.signedData,
        content: signed.toSchema(true),
      }),
    })
    return new Uint8Array(response.toSchema().toBER())
  }

  async stamp(data: Uint8Array): Promise<StampedToken> {
    const { certificate, pem } = await this.load()
    const request = buildRequest(data)
    const response = await this.respond(request.der)
    const checked = await checkResponse(response, {
      data,
      nonceHex: request.nonceHex,
      trustAnchors: [certificate],
    })
    return {
      response,
      genTime: checked.genTime,
      serial: checked.serial,
      tsaName: this.name,
      chainPem: pem,
    }
  }
}
