import crypto from 'node:crypto'
import * as pkijs from 'pkijs'
import { subjectName } from '~/timestamp/rfc3161.server'
import type { PublicSigningIdentity, SigningKey } from './types'

// A private key and its certificate chain, checked before anything is signed with them: a PDF
// signed with a key its certificate does not name, or with a chain that leads nowhere, would be
// refused by every reader, and only after it was handed out.

export const SIGNATURE_ALGORITHM = {
  rsa: '1.2.840.113549.1.1.11', // sha256WithRSAEncryption
  ec: '1.2.840.10045.4.3.2', // ecdsa-with-SHA256
} as const

/** The X.509 certificates of PEM text, in the order written. */
export function certificatesOfPem(pem: string) {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []
  return blocks.map((block) => new crypto.X509Certificate(block))
}

/** The subject's common name as written (Node's `subject` escapes commas), or the whole subject. */
export const commonNameOf = (certificate: crypto.X509Certificate) =>
  subjectName(pkijs.Certificate.fromBER(new Uint8Array(certificate.raw)))

const selfSigned = (certificate: crypto.X509Certificate) =>
  certificate.checkIssued(certificate) && certificate.verify(certificate.publicKey)

/**
 * The key and chain as a `SigningKey` and the identity anyone may see, or an Error saying in
 * words what is wrong and in which file. `where` names the files: "PDF_SIGNING_CERT_FILE …".
 */
export function checkedSigningKey(
  keyPem: string,
  chainPem: string,
  where: { key: string; chain: string },
  now = new Date(),
): { key: SigningKey; identity: Omit<PublicSigningIdentity, 'isDevelopment'> } {
  let chain: crypto.X509Certificate[]
  try {
    chain = certificatesOfPem(chainPem)
  } catch (error) {
    throw new Error(`${where.chain} holds a certificate that cannot be read: ${String(error)}`)
  }
  const [leaf] = chain
  if (!leaf) throw new Error(`${where.chain} holds no PEM certificate`)
  let privateKey: crypto.KeyObject
  try {
    privateKey = crypto.createPrivateKey(keyPem)
  } catch {
    throw new Error(`${where.key} is not an unencrypted PEM private key`)
  }
  const type = privateKey.asymmetricKeyType
  if (type !== 'rsa' && type !== 'ec')
    throw new Error(
      `${where.key} is a ${type ?? 'unknown'} key: PDFs are signed with RSA or ECDSA keys, which every PDF reader checks`,
    )
  if (!leaf.checkPrivateKey(privateKey))
    throw new Error(
      `${where.key} is not the key of the first certificate in ${where.chain} (${commonNameOf(leaf)})`,
    )
  for (let index = 0; index + 1 < chain.length; index++) {
    const [subject, issuer] = [chain[index]!, chain[index + 1]!]
    if (!subject.checkIssued(issuer) || !subject.verify(issuer.publicKey))
      throw new Error(
        `In ${where.chain}, ${commonNameOf(subject)} is not issued by the certificate after it (${commonNameOf(issuer)}): list the signer's certificate first, then each issuer up to the root`,
      )
  }
  const root = chain[chain.length - 1]!
  if (!selfSigned(root))
    throw new Error(
      `${where.chain} ends at ${commonNameOf(root)}, which is not a root certificate: add its issuers up to and including the root, so a reader can check the chain offline`,
    )
  if (new Date(leaf.validTo) < now || new Date(leaf.validFrom) > now)
    throw new Error(
      `The signing certificate ${commonNameOf(leaf)} is valid from ${leaf.validFrom} to ${leaf.validTo}, not now`,
    )
  return {
    key: {
      chain: chain.map((certificate) => new Uint8Array(certificate.raw)),
      signatureAlgorithm: SIGNATURE_ALGORITHM[type],
      // RSA signs PKCS #1 v1.5, ECDSA answers the DER signature CMS carries: Node's defaults.
      sign: (data) => new Uint8Array(crypto.sign('sha256', data, privateKey)),
    },
    identity: {
      chainPem: chain.map((certificate) => certificate.toString()).join(''),
      rootSha256: root.fingerprint256,
      commonName: commonNameOf(leaf),
    },
  }
}
