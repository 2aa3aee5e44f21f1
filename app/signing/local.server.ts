import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import * as asn1js from 'asn1js'
import * as pkijs from 'pkijs'
import { certificateToPem, OID, randomPositiveInteger } from '~/timestamp/rfc3161.server'
import { checkedSigningKey } from './key-chain.server'
import type { DocumentSigner, PublicSigningIdentity, SigningKey } from './types'

// The embedded default (decision 103), made as the development TSA is (decision 057): a signing
// CA and a signing key it certifies, generated once into DATA_DIR. The CA's own key signs the
// one leaf and is thrown away, so nothing else can ever be certified by it. PDF readers check
// these signatures as any other, but no reader trusts this CA: every PDF it signs says so.

export const LOCAL_SIGNING_CA_SUBJECT =
  'ProofTrack development signing CA (this server, not publicly trusted)'
export const LOCAL_SIGNING_KEY_SUBJECT =
  'ProofTrack development signing key (this server, not publicly trusted)'

// ECDSA P-256, which every PDF reader checks: a key is made in a millisecond where RSA's take a
// good part of a second on a loaded machine (each test's data directory makes its own), and
// the signature and certificates are a third of RSA's size in every PDF.
const KEY_ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const
const EXTENSION = {
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  subjectKeyIdentifier: '2.5.29.14',
  authorityKeyIdentifier: '2.5.29.35',
} as const
// KeyUsage bits, the first named bit the most significant: keyCertSign and cRLSign for the CA,
// digitalSignature and nonRepudiation (contentCommitment) for the key that signs documents.
const CA_USAGE = 0b00000110
const SIGNER_USAGE = 0b11000000

export const signingDir = (dataDir: string) => path.join(dataDir, 'signing')

const toArrayBuffer = (bytes: Uint8Array) =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer

const extension = (extnID: string, value: { toSchema(): asn1js.AsnType } | asn1js.AsnType) => {
  const schema = 'toSchema' in value ? value.toSchema() : value
  return new pkijs.Extension({ extnID, critical: true, extnValue: schema.toBER(false) })
}

async function keyIdentifier(key: CryptoKey) {
  const spki = await crypto.webcrypto.subtle.exportKey('spki', key)
  const info = pkijs.PublicKeyInfo.fromBER(spki)
  // RFC 5280 4.2.1.2, method 1: the SHA-1 of the subjectPublicKey bits.
  const bits = info.subjectPublicKey.valueBlock.valueHexView
  return new Uint8Array(crypto.createHash('sha1').update(bits).digest())
}

interface Made {
  certificate: pkijs.Certificate
  keys: CryptoKeyPair
}

async function makeCertificate(
  subject: string,
  issuer: { name: string; keys: CryptoKeyPair } | null,
  usage: number,
): Promise<Made> {
  const keys = await crypto.webcrypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify'])
  const signer = issuer ?? { name: subject, keys }
  const certificate = new pkijs.Certificate()
  certificate.version = 2
  certificate.serialNumber = randomPositiveInteger(16)
  const name = (value: string) =>
    new pkijs.AttributeTypeAndValue({
      type: OID.commonName,
      value: new asn1js.Utf8String({ value }),
    })
  certificate.issuer.typesAndValues.push(name(signer.name))
  certificate.subject.typesAndValues.push(name(subject))
  const now = Date.now()
  certificate.notBefore.value = new Date(now - 60 * 60 * 1000)
  // UTCTime ends in 2049; twenty years keeps every PDF signed meanwhile checkable.
  certificate.notAfter.value = new Date(now + 20 * 365 * 24 * 60 * 60 * 1000)
  const ownId = await keyIdentifier(keys.publicKey)
  const issuerId = await keyIdentifier(signer.keys.publicKey)
  certificate.extensions = [
    extension(EXTENSION.basicConstraints, new pkijs.BasicConstraints({ cA: issuer === null })),
    extension(
      EXTENSION.keyUsage,
      new asn1js.BitString({
        valueHex: toArrayBuffer(new Uint8Array([usage])),
        unusedBits: usage === CA_USAGE ? 1 : 6,
      }),
    ),
    new pkijs.Extension({
      extnID: EXTENSION.subjectKeyIdentifier,
      extnValue: new asn1js.OctetString({ valueHex: toArrayBuffer(ownId) }).toBER(false),
    }),
    new pkijs.Extension({
      extnID: EXTENSION.authorityKeyIdentifier,
      extnValue: new pkijs.AuthorityKeyIdentifier({
        keyIdentifier: new asn1js.OctetString({ valueHex: toArrayBuffer(issuerId) }),
      })
        .toSchema()
        .toBER(false),
    }),
  ]
  await certificate.subjectPublicKeyInfo.importKey(keys.publicKey)
  await certificate.sign(signer.keys.privateKey, 'SHA-256')
  return { certificate, keys }
}

/** A fresh CA and the signing key it certifies: the key's PEM and the chain's, key first. */
async function newIdentity(): Promise<{ keyPem: string; chainPem: string }> {
  const ca = await makeCertificate(LOCAL_SIGNING_CA_SUBJECT, null, CA_USAGE)
  const leaf = await makeCertificate(
    LOCAL_SIGNING_KEY_SUBJECT,
    { name: LOCAL_SIGNING_CA_SUBJECT, keys: ca.keys },
    SIGNER_USAGE,
  )
  const pkcs8 = Buffer.from(await crypto.webcrypto.subtle.exportKey('pkcs8', leaf.keys.privateKey))
  const keyPem = `-----BEGIN PRIVATE KEY-----\n${pkcs8.toString('base64').replace(/.{64}/g, '$&\n').replace(/\n$/, '')}\n-----END PRIVATE KEY-----\n`
  return { keyPem, chainPem: certificateToPem(leaf.certificate) + certificateToPem(ca.certificate) }
}

/**
 * The key and chain in `dir`, generated the first time. Written to temporary files and linked
 * into place, so two processes (or a server and its document workers) starting at once end up
 * with the same identity.
 */
async function loadIdentity(dir: string) {
  const keyFile = path.join(dir, 'signing-key.pem')
  const chainFile = path.join(dir, 'signing-chain.pem')
  if (!fs.existsSync(keyFile) || !fs.existsSync(chainFile)) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
    const fresh = await newIdentity()
    const tag = `${process.pid}-${crypto.randomBytes(4).toString('hex')}`
    const tmpKey = `${keyFile}.${tag}`
    const tmpChain = `${chainFile}.${tag}`
    fs.writeFileSync(tmpKey, fresh.keyPem, { mode: 0o600 })
    fs.writeFileSync(tmpChain, fresh.chainPem, { mode: 0o600 })
    try {
      // The chain first: a key file is only ever linked beside its own chain.
      fs.linkSync(tmpChain, chainFile)
      fs.linkSync(tmpKey, keyFile)
    } catch {
      // Another process won the race: its pair is the one kept.
    } finally {
      fs.rmSync(tmpKey, { force: true })
      fs.rmSync(tmpChain, { force: true })
    }
  }
  const checked = checkedSigningKey(
    fs.readFileSync(keyFile, 'utf8'),
    fs.readFileSync(chainFile, 'utf8'),
    { key: keyFile, chain: chainFile },
  )
  return { key: checked.key, identity: { ...checked.identity, isDevelopment: true } }
}

export class LocalSigner implements DocumentSigner {
  readonly kind = 'local' as const
  readonly isDevelopment = true
  private identity: Promise<{ key: SigningKey; identity: PublicSigningIdentity }> | null = null

  constructor(private readonly options: { dir: string }) {}

  private load() {
    this.identity ??= loadIdentity(this.options.dir).catch((error: unknown) => {
      this.identity = null
      throw error
    })
    return this.identity
  }

  async key() {
    return (await this.load()).key
  }

  async publicIdentity() {
    return (await this.load()).identity
  }
}
