import crypto from 'node:crypto'
import { plainAddPlaceholder } from '@signpdf/placeholder-plain'
import { SignPdf } from '@signpdf/signpdf'
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils'
import * as asn1js from 'asn1js'
import * as pkijs from 'pkijs'
import {
  DEVELOPMENT_SIGNING_NOTE,
  type DocumentSigner,
  getDocumentSigner,
  type SigningKey,
} from '~/signing/index.server'
import { getTimestampAuthority, type TimestampAuthority } from '~/timestamp/index.server'
import { OID } from '~/timestamp/rfc3161.server'
import {
  dictionaryEntries,
  encodePdfString,
  objectText,
  PdfStructureError,
  readTrailer,
  referenceNumber,
} from './pdf-signature-file.server'

// Both PDFs signed, PAdES-B-T (issue 49, decision 103): a CAdES detached signature over the whole
// file (SubFilter ETSI.CAdES.detached) whose signed attributes are the content type, the message
// digest and the ESS signing-certificate-v2, and no signing time (PAdES puts the time in the
// signature dictionary and the timestamp); its unsigned attribute is an RFC 3161 timestamp token
// over the signature value from the TSA the snapshots use. @signpdf adds the placeholder to
// pdfkit's finished file as an incremental update and fills it; the CMS is built here with PKI.js.

export const PDF_SIGNATURE_OID = {
  data: '1.2.840.113549.1.7.1',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
} as const

/** Keys of the Info dictionary a signed PDF carries besides Title and Subject (its certificate ID). */
export const INFO_KEYS = {
  document: 'ProofTrackDocument',
  manifestSha256: 'ProofTrackManifestSHA256',
  snapshot: 'ProofTrackSnapshot',
} as const

/** What a signed PDF says it is, in its Info dictionary, inside the signed bytes. */
export interface SignedPdfIdentity {
  document: 'certificate' | 'split-sheet'
  certificateId: string
  /** The SHA-256 of the snapshot's manifest the document shows, when it shows a snapshot. */
  manifestSha256: string | null
  /** That snapshot in words ("Registered, snapshot of 2025-03-01T12:00:00.000Z"). */
  snapshot: string | null
  /** Named in the signature's reason ("ProofTrack certificate PT-…"). */
  appName: string
  /** The signature's contact information: where a reader asks about it. */
  contact: string
}

/** The line the PDF prints when the development key will sign it; null with the operator's key. */
export function developmentSigningNote(): string | null {
  return getDocumentSigner().isDevelopment ? DEVELOPMENT_SIGNING_NOTE : null
}

const toArrayBuffer = (bytes: Uint8Array) =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer
const sha256 = (data: Uint8Array) => crypto.createHash('sha256').update(data).digest()
const sha256Algorithm = () => new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 })

/** ESS SigningCertificateV2 (RFC 5035): the signer certificate's SHA-256 and issuer and serial. */
function signingCertificateV2(certificate: pkijs.Certificate) {
  const certHash = sha256(new Uint8Array(certificate.toSchema().toBER()))
  const issuerSerial = new asn1js.Sequence({
    value: [
      new pkijs.GeneralNames({
        names: [new pkijs.GeneralName({ type: 4, value: certificate.issuer })],
      }).toSchema(),
      certificate.serialNumber,
    ],
  })
  return new asn1js.Sequence({
    value: [
      new asn1js.Sequence({
        value: [
          new asn1js.Sequence({
            // hashAlgorithm is left out: its DEFAULT is SHA-256.
            value: [new asn1js.OctetString({ valueHex: toArrayBuffer(certHash) }), issuerSerial],
          }),
        ],
      }),
    ],
  })
}

/** A SET OF attributes in DER order (X.690 11.6): sorted by their encodings. */
function attributeSet(type: 0 | 1, attributes: pkijs.Attribute[]) {
  const encoded = attributes.map((attribute) => ({
    attribute,
    der: Buffer.from(attribute.toSchema().toBER()),
  }))
  encoded.sort((a, b) => Buffer.compare(a.der, b.der))
  return new pkijs.SignedAndUnsignedAttributes({
    type,
    attributes: encoded.map(({ attribute }) => attribute),
  })
}

/** The token of a TSA's answer (the TimeStampResp's timeStampToken), as the attribute carries it. */
function tokenOf(response: Uint8Array) {
  const token = pkijs.TimeStampResp.fromBER(toArrayBuffer(response)).timeStampToken
  if (!token) throw new Error('The TSA answered without a timestamp token')
  return token
}

/**
 * The CAdES signature of `content` with `key`, time-stamped by `tsa`: a CMS SignedData (DER),
 * detached, carrying the signer's chain.
 */
export async function cadesSignature(
  content: Uint8Array,
  key: SigningKey,
  tsa: TimestampAuthority,
): Promise<Uint8Array> {
  const chain = key.chain.map((der) => pkijs.Certificate.fromBER(toArrayBuffer(der)))
  const leaf = chain[0]!
  const signedAttrs = attributeSet(0, [
    new pkijs.Attribute({
      type: OID.contentType,
      values: [new asn1js.ObjectIdentifier({ value: PDF_SIGNATURE_OID.data })],
    }),
    new pkijs.Attribute({
      type: OID.messageDigest,
      values: [new asn1js.OctetString({ valueHex: toArrayBuffer(sha256(content)) })],
    }),
    new pkijs.Attribute({ type: OID.signingCertificateV2, values: [signingCertificateV2(leaf)] }),
  ])
  // The signature is over the attributes' DER as a SET (RFC 5652 5.4), not as their [0] field.
  const toSign = new Uint8Array(signedAttrs.toSchema().toBER())
  toSign[0] = 0x31
  const signature = key.sign(toSign)
  // RFC 3161 appendix A: the token's imprint is the hash of the signature value's octets.
  const stamped = await tsa.stamp(signature)
  const unsignedAttrs = attributeSet(1, [
    new pkijs.Attribute({
      type: PDF_SIGNATURE_OID.signatureTimeStampToken,
      values: [tokenOf(stamped.response).toSchema()],
    }),
  ])
  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({
      issuer: leaf.issuer,
      serialNumber: leaf.serialNumber,
    }),
    digestAlgorithm: sha256Algorithm(),
    signedAttrs,
    signatureAlgorithm: new pkijs.AlgorithmIdentifier({
      algorithmId: key.signatureAlgorithm,
      // RSA's AlgorithmIdentifier carries NULL parameters; ECDSA's none (RFC 4055, RFC 5758).
      ...(key.signatureAlgorithm === '1.2.840.113549.1.1.11'
        ? { algorithmParams: new asn1js.Null() }
        : {}),
    }),
    signature: new asn1js.OctetString({ valueHex: toArrayBuffer(signature) }),
    unsignedAttrs,
  })
  const signed = new pkijs.SignedData({
    version: 1,
    digestAlgorithms: [sha256Algorithm()],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: PDF_SIGNATURE_OID.data }),
    certificates: chain,
    signerInfos: [signerInfo],
  })
  const contentInfo = new pkijs.ContentInfo({
    contentType: OID.signedData,
    content: signed.toSchema(true),
  })
  return new Uint8Array(contentInfo.toSchema().toBER())
}

/** @signpdf's signer, PAdES: it remembers how long its signature was, for the placeholder's size. */
class PadesSigner extends Signer {
  length = 0

  constructor(
    private readonly key: SigningKey,
    private readonly tsa: TimestampAuthority,
  ) {
    super()
  }

  override async sign(pdf: Buffer): Promise<Buffer> {
    const der = await cadesSignature(pdf, this.key, this.tsa)
    this.length = der.length
    return Buffer.from(der)
  }
}

/**
 * The Info dictionary again, as an incremental update of pdfkit's file: its entries kept (pdfkit
 * writes each as an object of its own), Subject set to the certificate ID, and the document kind,
 * manifest hash and snapshot added, so the signed bytes say what they are.
 */
export function withIdentity(pdf: Buffer, identity: SignedPdfIdentity): Buffer {
  const trailer = readTrailer(pdf)
  const infoNumber = referenceNumber(trailer.entries.get('Info'))
  const rootRef = trailer.entries.get('Root')
  const size = Number(trailer.entries.get('Size'))
  if (!rootRef || !Number.isInteger(size)) throw new PdfStructureError('The PDF has no catalogue')
  const kept =
    infoNumber === null ? new Map() : dictionaryEntries(objectText(pdf, trailer, infoNumber))
  const entries = new Map<string, string>(kept)
  entries.set('Subject', encodePdfString(identity.certificateId))
  entries.set(INFO_KEYS.document, encodePdfString(identity.document))
  if (identity.manifestSha256)
    entries.set(INFO_KEYS.manifestSha256, encodePdfString(identity.manifestSha256))
  if (identity.snapshot) entries.set(INFO_KEYS.snapshot, encodePdfString(identity.snapshot))
  const body = [...entries].map(([key, value]) => `/${key} ${value}`).join('\n')
  const base = pdf.at(-1) === 0x0a ? pdf : Buffer.concat([pdf, Buffer.from('\n')])
  const object = `${size} 0 obj\n<<\n${body}\n>>\nendobj\n`
  const xrefAt = base.length + Buffer.byteLength(object, 'latin1')
  const id = trailer.entries.get('ID')
  const update =
    object +
    `xref\n${size} 1\n${String(base.length).padStart(10, '0')} 00000 n \n` +
    `trailer\n<<\n/Size ${size + 1}\n/Root ${rootRef}\n/Info ${size} 0 R\n` +
    `${id ? `/ID ${id}\n` : ''}/Prev ${trailer.startxref}\n>>\nstartxref\n${xrefAt}\n%%EOF\n`
  return Buffer.concat([base, Buffer.from(update, 'latin1')])
}

// Room in the placeholder for the signature's DER beyond the signer's chain: its attributes,
// signature value and CMS framing, and the TSA's token, whose size is the TSA's (the certificates
// it sends). Learnt from the last signature, with a margin; the first is given room for a TSA
// that sends a chain of three. Every byte of room is two in the file (the placeholder is hex).
let beyondChain = 9 * 1024
const MARGIN = 512

export interface SigningParts {
  signer: DocumentSigner
  tsa: TimestampAuthority
}

/**
 * The PDF signed: its identity in the Info dictionary, a signature placeholder and the PAdES-B-T
 * signature, each an incremental update, so the bytes pdfkit wrote are unchanged inside them.
 */
export async function signPdf(
  pdf: Buffer,
  identity: SignedPdfIdentity,
  parts: SigningParts = { signer: getDocumentSigner(), tsa: getTimestampAuthority() },
): Promise<Buffer> {
  const key = await parts.signer.key()
  const identified = withIdentity(pdf, identity)
  const chainBytes = key.chain.reduce((sum, der) => sum + der.length, 0)
  const reason = `${identity.appName} ${identity.document === 'certificate' ? 'certificate' : 'split sheet'} ${identity.certificateId}`
  const attempt = async (signatureLength: number) => {
    const signer = new PadesSigner(key, parts.tsa)
    const placed = plainAddPlaceholder({
      pdfBuffer: identified,
      reason,
      contactInfo: identity.contact,
      name: (await parts.signer.publicIdentity()).commonName,
      location: '',
      signatureLength,
      subFilter: SUBFILTER_ETSI_CADES_DETACHED,
      appName: identity.appName,
    })
    try {
      return { pdf: await new SignPdf().sign(placed, signer), signer }
    } catch (error) {
      // Too long for its placeholder: only a TSA whose token outgrew what was learnt.
      if (signer.length > signatureLength) return { pdf: null, signer }
      throw error
    }
  }
  const first = await attempt(chainBytes + beyondChain)
  const done = first.pdf ? first : await attempt(first.signer.length + MARGIN)
  if (!done.pdf) throw new Error('The PDF signature did not fit its placeholder')
  beyondChain = done.signer.length - chainBytes + MARGIN
  return done.pdf
}
