import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import * as asn1js from 'asn1js'
import * as pkijs from 'pkijs'
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

const toArrayBuffer = (bytes: Uint8Array) =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer

interface Identity {
  key: CryptoKey
  certificate: pkijs.Certificate
  pem: string
}

/** A self-signed certificate whose only (critical) extended key usage is timeStamping. */
async function newIdentity(): Promise<{ keyPem: string; certPem: string }> {
  const keys = await crypto.webcrypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify'])
  const certificate = new pkijs.Certificate()
  certificate.version = 2
  certificate.serialNumber = randomPositiveInteger(16)
  const name = () =>
    new pkijs.AttributeTypeAndValue({
      type: OID.commonName,
      value: new asn1js.Utf8String({ value: LOCAL_TSA_SUBJECT }),
    })
  certificate.issuer.typesAndValues.push(name())
  certificate.subject.typesAndValues.push(name())
  const now = Date.now()
  certificate.notBefore.value = new Date(now - 60 * 60 * 1000)
  // UTCTime ends in 2049; twenty years keeps every token issued meanwhile checkable.
  certificate.notAfter.value = new Date(now + 20 * 365 * 24 * 60 * 60 * 1000)
  const usage = new pkijs.ExtKeyUsage({ keyPurposes: [OID.timeStamping] })
  certificate.extensions = [
    new pkijs.Extension({
      extnID: OID.extKeyUsage,
      critical: true,
      extnValue: usage.toSchema().toBER(false),
      parsedValue: usage,
    }),
  ]
  await certificate.subjectPublicKeyInfo.importKey(keys.publicKey)
  await certificate.sign(keys.privateKey, 'SHA-256')
  const pkcs8 = Buffer.from(await crypto.webcrypto.subtle.exportKey('pkcs8', keys.privateKey))
  const keyPem = `-----BEGIN PRIVATE KEY-----\n${pkcs8.toString('base64').replace(/.{64}/g, '$&\n').replace(/\n$/, '')}\n-----END PRIVATE KEY-----\n`
  return { keyPem, certPem: certificateToPem(certificate) }
}

/**
 * The key and certificate in `dir`, generated the first time. Written to temporary files and
 * linked into place, so two processes starting at once end up with the same identity.
 */
async function loadIdentity(dir: string): Promise<Identity> {
  const keyFile = path.join(dir, 'tsa-key.pem')
  const certFile = path.join(dir, 'tsa-cert.pem')
  if (!fs.existsSync(keyFile) || !fs.existsSync(certFile)) {
    fs.mkdirSync(dir, { recursive: true })
    const fresh = await newIdentity()
    const tag = `${process.pid}-${crypto.randomBytes(4).toString('hex')}`
    const tmpKey = `${keyFile}.${tag}`
    const tmpCert = `${certFile}.${tag}`
    fs.writeFileSync(tmpKey, fresh.keyPem, { mode: 0o600 })
    fs.writeFileSync(tmpCert, fresh.certPem)
    try {
      // The certificate first: a key file is only ever linked beside its own certificate.
      fs.linkSync(tmpCert, certFile)
      fs.linkSync(tmpKey, keyFile)
    } catch {
      // Another process won the race: its pair is the one kept.
    } finally {
      fs.rmSync(tmpKey, { force: true })
      fs.rmSync(tmpCert, { force: true })
    }
  }
  const pem = fs.readFileSync(certFile, 'utf8')
  const keyBody = fs
    .readFileSync(keyFile, 'utf8')
    .replace(/-----(BEGIN|END) PRIVATE KEY-----|\s/g, '')
  const key = await crypto.webcrypto.subtle.importKey(
    'pkcs8',
    Buffer.from(keyBody, 'base64'),
    KEY_ALGORITHM,
    false,
    ['sign'],
  )
  const certificate = certificatesFromPem(pem)[0]
  if (!certificate) throw new Error(`No TSA certificate in ${certFile}`)
  return { key, certificate, pem }
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
  private identity: Promise<Identity> | null = null

  constructor(private readonly options: { dir: string }) {}

  private load() {
    this.identity ??= loadIdentity(this.options.dir).catch((error: unknown) => {
      this.identity = null
      throw error
    })
    return this.identity
  }

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
