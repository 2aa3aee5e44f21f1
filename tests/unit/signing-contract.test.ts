import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import PDFDocument from 'pdfkit'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { checkPdfSignature } from '~/services/certificates/documents/pdf-signature-check.server'
import {
  type SignedPdfIdentity,
  signPdf,
} from '~/services/certificates/documents/pdf-signature.server'
import { FileSigner } from '~/signing/file.server'
import { createDocumentSigner } from '~/signing/index.server'
import {
  LOCAL_SIGNING_CA_SUBJECT,
  LOCAL_SIGNING_KEY_SUBJECT,
  LocalSigner,
} from '~/signing/local.server'
import type { DocumentSigner } from '~/signing/types'
import { HttpTsa } from '~/timestamp/http.server'
import { LocalTsa } from '~/timestamp/local.server'
import type { TimestampAuthority } from '~/timestamp/types'
import { type OpenSslTsa, startOpenSslTsa } from '../setup/openssl-tsa'
import { useTempDirs } from '../setup/temp-dir'

// One contract, two implementations (decision 103): the operator's key and chain from files,
// made here by OpenSSL as an operator would (an RSA key under an intermediate, an ECDSA P-256 key
// under its root), time-stamped by OpenSSL's own TSA over HTTP; and this server's development
// key with the development TSA. Each signs a PDF that poppler's pdfsig and our check accept.

const run = promisify(execFile)
const tempDir = useTempDirs()
const IDENTITY: SignedPdfIdentity = {
  document: 'certificate',
  certificateId: 'PT-TEST-0001',
  manifestSha256: null,
  snapshot: null,
  appName: 'ProofTrack',
  contact: 'support@prooftrack.test',
}

async function openssl(...args: string[]) {
  const { stdout } = await run('openssl', args)
  return stdout
}

/** A key and its certificate, signed by `issuer` (self-signed without one), in `dir`. */
async function certificate(
  dir: string,
  name: string,
  options: { issuer?: string; ca: boolean; key?: string[] },
) {
  const file = (ext: string) => path.join(dir, `${name}.${ext}`)
  const ext = options.ca
    ? 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n'
    : 'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\n'
  fs.writeFileSync(file('ext'), ext)
  const key = options.key ?? ['-newkey', 'rsa:2048']
  await openssl(
    'req',
    '-new',
    ...key,
    '-nodes',
    '-keyout',
    file('key'),
    '-out',
    file('csr'),
    '-subj',
    `/CN=${name}`,
  )
  const signer = options.issuer
    ? [
        '-CA',
        path.join(dir, `${options.issuer}.pem`),
        '-CAkey',
        path.join(dir, `${options.issuer}.key`),
        '-CAcreateserial',
      ]
    : ['-signkey', file('key')]
  await openssl(
    'x509',
    '-req',
    '-in',
    file('csr'),
    ...signer,
    '-days',
    '30',
    '-extfile',
    file('ext'),
    '-out',
    file('pem'),
  )
  return { key: file('key'), pem: fs.readFileSync(file('pem'), 'utf8') }
}

function tinyPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', info: { Title: 'A signed test page' } })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))))
  doc.text('Signed test page')
  doc.end()
  return done
}

let openSslTsa: OpenSslTsa
type OperatorKey = { keyFile: string; certFile: string; rootPem: string }
const operator = {} as Record<'rsa' | 'ecdsa', OperatorKey>
let dir = ''

beforeAll(async () => {
  openSslTsa = await startOpenSslTsa()
  dir = tempDir('signing-contract-')
  const root = await certificate(dir, 'Operator Root CA', { ca: true })
  const intermediate = await certificate(dir, 'Operator Issuing CA', {
    ca: true,
    issuer: 'Operator Root CA',
  })
  const rsa = await certificate(dir, 'Operator RSA signer', {
    ca: false,
    issuer: 'Operator Issuing CA',
  })
  fs.writeFileSync(path.join(dir, 'rsa-chain.pem'), rsa.pem + intermediate.pem + root.pem)
  operator.rsa = { keyFile: rsa.key, certFile: path.join(dir, 'rsa-chain.pem'), rootPem: root.pem }
  const ecRoot = await certificate(dir, 'Operator EC Root', {
    ca: true,
    key: ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256'],
  })
  const ec = await certificate(dir, 'Operator ECDSA signer', {
    ca: false,
    issuer: 'Operator EC Root',
    key: ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256'],
  })
  fs.writeFileSync(path.join(dir, 'ec-chain.pem'), ec.pem + ecRoot.pem)
  operator.ecdsa = {
    keyFile: ec.key,
    certFile: path.join(dir, 'ec-chain.pem'),
    rootPem: ecRoot.pem,
  }
}, 60_000)
afterAll(async () => {
  await openSslTsa?.close()
})

interface Subject {
  signer: () => DocumentSigner
  tsa: () => TimestampAuthority
  commonName: string
  development: boolean
  rootPem: () => string
}

const localDir = () => tempDir('local-signing-')
let local: LocalSigner | null = null
const localTsa = () => new LocalTsa({ dir: path.join(dir, 'tsa') })
const httpTsa = () => new HttpTsa({ url: `${openSslTsa.url}/`, caFile: openSslTsa.caFile })
const subjects: Record<string, Subject> = {
  'development key': {
    signer: () => (local ??= new LocalSigner({ dir: localDir() })),
    tsa: localTsa,
    commonName: LOCAL_SIGNING_KEY_SUBJECT,
    development: true,
    rootPem: () => '',
  },
  'operator RSA key under an intermediate': {
    signer: () =>
      createDocumentSigner({
        PDF_SIGNING_KEY_FILE: operator.rsa.keyFile,
        PDF_SIGNING_CERT_FILE: operator.rsa.certFile,
        DATA_DIR: dir,
      }),
    tsa: httpTsa,
    commonName: 'Operator RSA signer',
    development: false,
    rootPem: () => operator.rsa.rootPem,
  },
  'operator ECDSA P-256 key': {
    signer: () =>
      new FileSigner({ keyFile: operator.ecdsa.keyFile, certFile: operator.ecdsa.certFile }),
    tsa: httpTsa,
    commonName: 'Operator ECDSA signer',
    development: false,
    rootPem: () => operator.ecdsa.rootPem,
  },
}

describe.each(Object.entries(subjects))('%s', (_, subject) => {
  test('its public identity: the chain to its root, the root’s fingerprint as OpenSSL prints it, the signer’s name', async () => {
    const signer = subject.signer()
    const identity = await signer.publicIdentity()
    expect(identity.commonName).toBe(subject.commonName)
    expect(identity.isDevelopment).toBe(subject.development)
    expect(signer.isDevelopment).toBe(subject.development)
    const blocks = identity.chainPem.match(
      /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\n/g,
    )!
    const root = blocks.at(-1)!
    if (subject.rootPem()) expect(root).toBe(subject.rootPem())
    fs.writeFileSync(path.join(dir, 'root.pem'), root)
    fs.writeFileSync(path.join(dir, 'untrusted.pem'), blocks.slice(1, -1).join(''))
    fs.writeFileSync(path.join(dir, 'leaf.pem'), blocks[0]!)
    expect(
      await openssl('x509', '-in', path.join(dir, 'root.pem'), '-noout', '-fingerprint', '-sha256'),
    ).toBe(`sha256 Fingerprint=${identity.rootSha256}\n`)
    const untrusted = blocks.length > 2 ? ['-untrusted', path.join(dir, 'untrusted.pem')] : []
    expect(
      await openssl(
        'verify',
        '-CAfile',
        path.join(dir, 'root.pem'),
        ...untrusted,
        path.join(dir, 'leaf.pem'),
      ),
    ).toContain(': OK')
  })

  test('a PDF it signs: pdfsig finds it valid over the whole document, and so does our check', async () => {
    const signer = subject.signer()
    const signed = await signPdf(await tinyPdf(), IDENTITY, { signer, tsa: subject.tsa() })
    const file = path.join(dir, 'signed.pdf')
    fs.writeFileSync(file, signed)
    const { stdout } = await run('pdfsig', [file])
    expect(stdout).toContain(`Signer Certificate Common Name: ${subject.commonName}`)
    expect(stdout).toContain('Signature Type: ETSI.CAdES.detached')
    expect(stdout).toContain('Total document signed')
    expect(stdout).toContain('Signature Validation: Signature is Valid.')
    // Unpinned, the document is intact but whose key signed it is not checked; pinned by the
    // signer's root and the TSA's anchor, every check holds.
    const unpinned = await checkPdfSignature(signed)
    expect([unpinned.ok, unpinned.intact]).toEqual([false, true])
    const report = await checkPdfSignature(signed, new Date(), {
      signer: (await signer.publicIdentity()).rootSha256,
      tsa: unpinned.timestamp!.anchor!.sha256,
    })
    expect(report.problem).toBeNull()
    expect(report.ok).toBe(true)
    expect(report.signer?.rootSha256).toBe((await signer.publicIdentity()).rootSha256)
    expect(report.signer?.development).toBe(subject.development)
    expect(report.document).toMatchObject({
      certificateId: 'PT-TEST-0001',
      kind: 'certificate',
      title: 'A signed test page',
    })
  }, 30_000)
})

describe('the operator’s files are checked before anything is signed', () => {
  const refused = async (keyFile: string, chain: string) => {
    const certFile = path.join(dir, `chain-${Math.random().toString(36).slice(2)}.pem`)
    fs.writeFileSync(certFile, chain)
    const signer = new FileSigner({ keyFile, certFile })
    await expect(signPdf(await tinyPdf(), IDENTITY, { signer, tsa: localTsa() })).rejects.toThrow()
    return signer.publicIdentity().then(
      () => '',
      (error: Error) => error.message,
    )
  }
  const pem = (name: string) => fs.readFileSync(path.join(dir, `${name}.pem`), 'utf8')

  test('a key its first certificate does not name', async () => {
    expect(
      await refused(operator.ecdsa.keyFile, fs.readFileSync(operator.rsa.certFile, 'utf8')),
    ).toMatch(
      /PDF_SIGNING_KEY_FILE .* is not the key of the first certificate in PDF_SIGNING_CERT_FILE .* \(Operator RSA signer\)/,
    )
  })

  test('a chain out of order, or one that stops short of its root', async () => {
    const [leaf, intermediate, root] = [
      pem('Operator RSA signer'),
      pem('Operator Issuing CA'),
      pem('Operator Root CA'),
    ]
    expect(await refused(operator.rsa.keyFile, leaf + root + intermediate)).toMatch(
      /Operator RSA signer is not issued by the certificate after it \(Operator Root CA\)/,
    )
    expect(await refused(operator.rsa.keyFile, leaf + intermediate)).toMatch(
      /ends at Operator Issuing CA, which is not a root certificate: add its issuers up to and including the root/,
    )
    expect(await refused(operator.rsa.keyFile, '')).toMatch(/holds no PEM certificate/)
  })

  test('a key PDF readers do not all check', async () => {
    const key = path.join(dir, 'ed25519.key')
    await openssl('genpkey', '-algorithm', 'ed25519', '-out', key)
    expect(await refused(key, pem('Operator RSA signer'))).toMatch(
      /is a ed25519 key: PDFs are signed with RSA or ECDSA keys/,
    )
  })
})

describe('the development key', () => {
  test('is made once: signers starting together on one data directory keep one key, readable by its owner only', async () => {
    const shared = localDir()
    const identities = await Promise.all(
      [1, 2, 3].map(() => new LocalSigner({ dir: shared }).publicIdentity()),
    )
    expect(new Set(identities.map((identity) => identity.rootSha256)).size).toBe(1)
    const later = await new LocalSigner({ dir: shared }).publicIdentity()
    expect(later.rootSha256).toBe(identities[0]!.rootSha256)
    expect(fs.readdirSync(shared).sort()).toEqual(['signing-chain.pem', 'signing-key.pem'])
    expect(fs.statSync(path.join(shared, 'signing-key.pem')).mode & 0o777).toBe(0o600)
    expect(fs.statSync(path.join(shared, 'signing-chain.pem')).mode & 0o777).toBe(0o600)
    const chain = fs.readFileSync(path.join(shared, 'signing-chain.pem'), 'utf8')
    expect(chain).toBe(later.chainPem)
    const file = path.join(shared, 'signing-chain.pem')
    const { stdout } = await run('sh', [
      '-c',
      `openssl crl2pkcs7 -nocrl -certfile ${file} | openssl pkcs7 -print_certs -noout`,
    ])
    expect(stdout).toContain(`subject=CN = "${LOCAL_SIGNING_KEY_SUBJECT}"`)
    expect(stdout).toContain(`issuer=CN = "${LOCAL_SIGNING_CA_SUBJECT}"`)
  })
})

test('a TSA whose token outgrows the room the last one needed: signed again with room for it', async () => {
  const signer = new LocalSigner({ dir: localDir() })
  // The development TSA's token is the smaller: the placeholder's room is learnt from it.
  await signPdf(await tinyPdf(), IDENTITY, { signer, tsa: localTsa() })
  const before = openSslTsa.requests()
  const signed = await signPdf(await tinyPdf(), IDENTITY, { signer, tsa: httpTsa() })
  // OpenSSL's token carries its TSA's root too: the first signature did not fit, the second did.
  expect(openSslTsa.requests() - before).toBe(2)
  expect((await checkPdfSignature(signed)).intact).toBe(true)
  const again = await signPdf(await tinyPdf(), IDENTITY, { signer, tsa: httpTsa() })
  // Then the room is learnt: one request, and the same size (an ECDSA signature varies by a byte).
  expect(openSslTsa.requests() - before).toBe(3)
  expect(Math.abs(again.length - signed.length)).toBeLessThan(16)
}, 30_000)
