import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import * as asn1js from 'asn1js'
import * as pkijs from 'pkijs'
import { OID, randomPositiveInteger } from '~/timestamp/rfc3161.server'

// What the development TSA (decision 057) and the development PDF-signing CA (decision 103) both
// do: issue a certificate, write a private key as PEM, and keep a key and its certificate in
// DATA_DIR, made once however many processes start at the same moment.

export const toArrayBuffer = (bytes: Uint8Array) =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer

/**
 * A certificate for `subject`'s public key, signed by `issuer` (the subject itself for a root),
 * with these extensions: valid from an hour ago, to allow for clocks a little behind, for twenty
 * years (UTCTime ends in 2049), so that what it signs meanwhile stays checkable.
 */
export async function issueCertificate({
  subject,
  publicKey,
  issuer,
  extensions,
}: {
  subject: string
  publicKey: CryptoKey
  issuer: { name: string; privateKey: CryptoKey }
  extensions: pkijs.Extension[]
}) {
  const certificate = new pkijs.Certificate()
  certificate.version = 2
  certificate.serialNumber = randomPositiveInteger(16)
  const name = (value: string) =>
    new pkijs.AttributeTypeAndValue({
      type: OID.commonName,
      value: new asn1js.Utf8String({ value }),
    })
  certificate.issuer.typesAndValues.push(name(issuer.name))
  certificate.subject.typesAndValues.push(name(subject))
  const now = Date.now()
  certificate.notBefore.value = new Date(now - 60 * 60 * 1000)
  certificate.notAfter.value = new Date(now + 20 * 365 * 24 * 60 * 60 * 1000)
  certificate.extensions = extensions
  await certificate.subjectPublicKeyInfo.importKey(publicKey)
  await certificate.sign(issuer.privateKey, 'SHA-256')
  return certificate
}

/**
 * `make()`'s promise, made when first asked for and kept; a failure is not kept, so the next ask
 * tries again (a data folder not writable yet, say).
 */
export function madeOnce<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | null = null
  return () =>
    (made ??= make().catch((error: unknown) => {
      made = null
      throw error
    }))
}

/** A private key as PKCS #8 PEM. */
export async function privateKeyPem(key: CryptoKey) {
  const pkcs8 = Buffer.from(await crypto.webcrypto.subtle.exportKey('pkcs8', key))
  const lines = pkcs8.toString('base64').replace(/.{64}/g, '$&\n').replace(/\n$/, '')
  return `-----BEGIN PRIVATE KEY-----\n${lines}\n-----END PRIVATE KEY-----\n`
}

/**
 * The key and certificate PEM files `files` names in `dir`, made by `make()` the first time.
 * Written to temporary files and linked into place, so two processes (or a server and its
 * document workers) starting at once end up with the same pair. The key is written 0600; the
 * folder and the certificate with the modes given, else the process's defaults.
 */
export async function keptKeyAndCertificate({
  dir,
  files,
  modes = {},
  make,
}: {
  dir: string
  files: { key: string; certificate: string }
  modes?: { dir?: number; certificate?: number }
  make: () => Promise<{ keyPem: string; certificatePem: string }>
}) {
  const keyFile = path.join(dir, files.key)
  const certificateFile = path.join(dir, files.certificate)
  if (!fs.existsSync(keyFile) || !fs.existsSync(certificateFile)) {
    fs.mkdirSync(dir, { recursive: true, ...(modes.dir === undefined ? {} : { mode: modes.dir }) })
    const fresh = await make()
    const tag = `${process.pid}-${crypto.randomBytes(4).toString('hex')}`
    const tmpKey = `${keyFile}.${tag}`
    const tmpCertificate = `${certificateFile}.${tag}`
    fs.writeFileSync(tmpKey, fresh.keyPem, { mode: 0o600 })
    fs.writeFileSync(
      tmpCertificate,
      fresh.certificatePem,
      modes.certificate === undefined ? {} : { mode: modes.certificate },
    )
    try {
      // The certificate first: a key file is only ever linked beside its own certificate.
      fs.linkSync(tmpCertificate, certificateFile)
      fs.linkSync(tmpKey, keyFile)
    } catch {
      // Another process won the race: its pair is the one kept.
    } finally {
      fs.rmSync(tmpKey, { force: true })
      fs.rmSync(tmpCertificate, { force: true })
    }
  }
  return {
    keyFile,
    certificateFile,
    keyPem: fs.readFileSync(keyFile, 'utf8'),
    certificatePem: fs.readFileSync(certificateFile, 'utf8'),
  }
}
