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
import { certificateToPem } from '~/timestamp/rfc3161.server'
import { checkedSigningKey } from './key-chain.server'
import type { DocumentSigner } from './types'

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
  const ownId = await keyIdentifier(keys.publicKey)
  const issuerId = await keyIdentifier(signer.keys.publicKey)
  const certificate = await issueCertificate({
    subject,
    publicKey: keys.publicKey,
    issuer: { name: signer.name, privateKey: signer.keys.privateKey },
    extensions: [
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
    ],
  })
  return { certificate, keys }
}

/** A fresh CA and the signing key it certifies: the key's PEM and the chain's, key first. */
async function newIdentity(): Promise<{ keyPem: string; certificatePem: string }> {
  const ca = await makeCertificate(LOCAL_SIGNING_CA_SUBJECT, null, CA_USAGE)
  const leaf = await makeCertificate(
    LOCAL_SIGNING_KEY_SUBJECT,
    { name: LOCAL_SIGNING_CA_SUBJECT, keys: ca.keys },
    SIGNER_USAGE,
  )
  return {
    keyPem: await privateKeyPem(leaf.keys.privateKey),
    certificatePem: certificateToPem(leaf.certificate) + certificateToPem(ca.certificate),
  }
}

/** The key and chain in `dir`, generated the first time; the folder and both files are private. */
async function loadIdentity(dir: string) {
  const kept = await keptKeyAndCertificate({
    dir,
    files: { key: 'signing-key.pem', certificate: 'signing-chain.pem' },
    modes: { dir: 0o700, certificate: 0o600 },
    make: newIdentity,
  })
  const checked = checkedSigningKey(kept.keyPem, kept.certificatePem, {
    key: kept.keyFile,
    chain: kept.certificateFile,
  })
  return { key: checked.key, identity: { ...checked.identity, isDevelopment: true } }
}

export class LocalSigner implements DocumentSigner {
  readonly kind = 'local' as const
  readonly isDevelopment = true
  private readonly load = madeOnce(() => loadIdentity(this.options.dir))

  constructor(private readonly options: { dir: string }) {}

  async key() {
    return (await this.load()).key
  }

  async publicIdentity() {
    return (await this.load()).identity
  }
}
