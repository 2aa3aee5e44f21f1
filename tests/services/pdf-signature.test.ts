import { execFile } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import * as asn1js from 'asn1js'
import * as pkijs from 'pkijs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { env } from '~/env.server'
import { renderCertificatePdf } from '~/services/certificates/documents/certificate-pdf.server'
import { type PdfJob, renderPdf } from '~/services/certificates/documents/pdf-render.server'
import { checkPdfSignature } from '~/services/certificates/documents/pdf-signature-check.server'
import { signPdf } from '~/services/certificates/documents/pdf-signature.server'
import { renderSplitSheetPdf } from '~/services/certificates/documents/split-sheet-pdf.server'
import { splitSheet } from '~/services/certificates/documents/split-sheet.server'
import { certificateFor } from '~/services/certificates/record/certificate.server'
import {
  queueSnapshotTimestamp,
  TimestampWorker,
} from '~/services/certificates/record/snapshot-timestamps.server'
import {
  closeDocumentPoolForTests,
  renderOffThread,
} from '~/services/platform/document-pool.server'
import { getOwnedSong } from '~/services/songs/songs.server'
import { DEVELOPMENT_SIGNING_NOTE, publicSigningIdentity } from '~/signing/index.server'
import { getTimestampAuthority } from '~/timestamp/index.server'
import { db } from '../setup/db'
import { createTestSong, createUser } from '../setup/fixtures'
import { useTempDirs } from '../setup/temp-dir'
import { verifyCli } from '../setup/verify-cli'

// Issue 49.1 (decision 103): both PDFs, made by the real renderer, signed PAdES-B-T, then checked
// by the tools a stranger has: poppler's pdfsig, MuPDF's mutool, OpenSSL, and our own
// `npm run verify -- --pdf`. Nothing here reads the signature the way the signer wrote it.

const run = promisify(execFile)
const tempDir = useTempDirs()

interface Made {
  file: string
  bytes: Buffer
  certificateId: string
}
const TITLE = 'Signed Lights'
type Kind = 'certificate' | 'split-sheet'
const made = {} as Record<Kind, Made>
let splitSheetJob: Extract<PdfJob, { kind: 'split-sheet' }>
let certificateJob: Extract<PdfJob, { kind: 'certificate' }>
let manifestSha256 = ''
let dir = ''

/** A tool's whole answer, whatever its exit code (pdfsig answers 0 even for a broken signature). */
async function tool(command: string, args: string[]) {
  try {
    const { stdout, stderr } = await run(command, args, { timeout: 60_000 })
    return { code: 0, output: stdout + stderr }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` }
  }
}

function write(name: string, bytes: Uint8Array | string) {
  const file = path.join(dir, name)
  fs.writeFileSync(file, bytes)
  return file
}

/** The PDF with one byte changed in page 1's content stream, which the signature covers. */
function flipped(pdf: Buffer) {
  const text = pdf.toString('latin1')
  const contents = /\/Contents (\d+) 0 R/.exec(text)?.[1]
  const object = text.indexOf(`\n${contents} 0 obj`)
  const stream = text.indexOf('stream\n', object) + 'stream\n'.length
  expect(stream).toBeGreaterThan(object)
  expect(stream + 20).toBeLessThan(Number(/\/ByteRange \[0 (\d+)/.exec(text)?.[1]))
  const copy = Buffer.from(pdf)
  copy[stream + 20]! ^= 0x01
  return copy
}

/** The CMS signature of a signed PDF, from its /Contents, with the bytes it signs. */
function signatureOf(pdf: Buffer) {
  const [, a, b, c, d] = /\/ByteRange \[(\d+) (\d+) (\d+) (\d+)\]/
    .exec(pdf.toString('latin1'))!
    .map(Number) as number[]
  const hex = pdf.subarray(b! + 1, c! - 1).toString('latin1')
  // The placeholder is padded with zeros after the DER: the DER's own length says where it ends.
  const padded = Buffer.from(hex, 'hex')
  const der = padded.subarray(0, asn1js.fromBER(new Uint8Array(padded)).offset)
  const signedBytes = Buffer.concat([pdf.subarray(a!, b!), pdf.subarray(c!, c! + d!)])
  return { der, signedBytes }
}

beforeAll(async () => {
  dir = tempDir('pdf-signature-')
  const owner = await createUser()
  const created = await createTestSong(owner.id, {
    title: TITLE,
    contributorName: 'Ann Writer',
    coContributorName: 'Bob Beats',
  })
  // The created snapshot and its timestamp, as the song route and the server's worker make them.
  await queueSnapshotTimestamp(db(), owner.id, created.id, 'created')
  await new TimestampWorker(() => getTimestampAuthority(), db).drain()
  const found = (await certificateFor(db(), created.id, owner.id))!
  expect(found.timestamps.shown?.status).toBe('stamped')
  manifestSha256 = found.timestamps.shown!.manifestSha256
  const song = (await getOwnedSong(db(), owner.id, created.id))!
  const options = {
    appName: 'ProofTrack',
    certificateUrl: `${env().APP_URL}/certificate/${created.id}`,
    verifyUrl: null,
    timestamp: found.timestamps.shown,
  }
  splitSheetJob = {
    kind: 'split-sheet',
    sheet: await splitSheet(db(), song),
    options: { appName: 'ProofTrack' },
  }
  certificateJob = { kind: 'certificate', song: found.certificate, options }
  const jobs: [Kind, PdfJob][] = [
    ['certificate', certificateJob],
    ['split-sheet', splitSheetJob],
  ]
  for (const [kind, job] of jobs) {
    const bytes = await renderPdf(job)
    made[kind] = { file: write(`${kind}.pdf`, bytes), bytes, certificateId: created.certificateId }
  }
  // Figures for the note: each PDF unsigned and signed (a second time, once the placeholder's
  // room is learnt), and the time signing alone takes, warm.
  const unsigned = {
    certificate: await renderCertificatePdf(found.certificate, options),
    'split-sheet': await renderSplitSheetPdf(splitSheetJob.sheet, splitSheetJob.options),
  }
  for (const [kind, job] of jobs) {
    const signed = await renderPdf(job)
    const times: number[] = []
    for (let i = 0; i < 3; i++) {
      const started = performance.now()
      await signPdf(unsigned[kind], {
        document: kind,
        certificateId: created.certificateId,
        manifestSha256: null,
        snapshot: null,
        appName: 'ProofTrack',
        contact: env().SUPPORT_EMAIL,
      })
      times.push(performance.now() - started)
    }
    console.info(
      `[pdf-signature] ${kind}: ${unsigned[kind].length} B unsigned, ${signed.length} B signed (+${signed.length - unsigned[kind].length} B); signing ${times.map(Math.round).join(', ')} ms`,
    )
  }
}, 120_000)

afterAll(() => closeDocumentPoolForTests())

describe.each(['certificate', 'split-sheet'] as const)('the %s PDF', (kind) => {
  test('pdfsig: a valid ETSI.CAdES.detached signature over the whole document', async () => {
    const { output } = await tool('pdfsig', [made[kind].file])
    expect(output).toContain('Signature Type: ETSI.CAdES.detached')
    expect(output).toContain('Signing Hash Algorithm: SHA-256')
    expect(output).toContain('Total document signed')
    expect(output).toContain('Signature Validation: Signature is Valid.')
    expect(output).toContain(
      'Signer Certificate Common Name: ProofTrack development signing key (this server, not publicly trusted)',
    )
  })

  test('mutool sign -v: the document is unchanged since signing', async () => {
    const { output } = await tool('mutool', ['sign', '-v', made[kind].file])
    expect(output).toContain('The document is unchanged since signing.')
  })

  test('one byte changed in a content stream: pdfsig and mutool say so, our check refuses', async () => {
    const file = write(`${kind}-flipped.pdf`, flipped(made[kind].bytes))
    // pdfsig exits 0 whatever it finds: its text is the answer.
    const pdfsig = await tool('pdfsig', [file])
    expect(pdfsig.output).toContain('Signature Validation: Digest Mismatch.')
    expect(pdfsig.output).not.toContain('Signature is Valid.')
    const mutool = await tool('mutool', ['sign', '-v', file])
    expect(mutool.output).toContain('Signature invalidated by change to document.')
    // Our check, as `npm run verify -- --pdf` runs it (the command itself: below).
    const ours = await checkPdfSignature(fs.readFileSync(file))
    expect(ours.ok).toBe(false)
    expect(ours.problem).toBe('Digest mismatch: the document changed after signing')
    if (kind === 'certificate') {
      const cli = await verifyCli('--pdf', file)
      expect(cli.code).toBe(1)
      expect(cli.output).toContain('FAILED — Digest mismatch: the document changed after signing')
    }
  })

  test('OpenSSL: the CMS verifies over the signed bytes, with PAdES signed attributes and no signing time', async () => {
    const { der, signedBytes } = signatureOf(made[kind].bytes)
    const sig = write(`${kind}.p7s`, der)
    const content = write(`${kind}.signed`, signedBytes)
    const identity = await publicSigningIdentity()
    const root = write(
      'signing-root.pem',
      identity.chainPem.match(/-----BEGIN[\s\S]+?END CERTIFICATE-----\n/g)!.at(-1)!,
    )
    const verified = await tool('openssl', [
      'cms',
      '-verify',
      '-binary',
      '-inform',
      'DER',
      '-in',
      sig,
      '-content',
      content,
      '-CAfile',
      root,
      '-purpose',
      'any',
      '-out',
      '/dev/null',
    ])
    expect(verified.output).toContain('CMS Verification successful')
    const printed = (
      await tool('openssl', ['cms', '-cmsout', '-print', '-inform', 'DER', '-in', sig])
    ).output
    const signedAttrs = printed.slice(
      printed.indexOf('signedAttrs:'),
      printed.indexOf('unsignedAttrs:'),
    )
    expect(signedAttrs).toContain('contentType (1.2.840.113549.1.9.3)')
    expect(signedAttrs).toContain('messageDigest (1.2.840.113549.1.9.4)')
    expect(signedAttrs).toContain('id-smime-aa-signingCertificateV2 (1.2.840.113549.1.9.16.2.47)')
    expect(signedAttrs).not.toContain('signingTime')
    expect(printed.slice(printed.indexOf('unsignedAttrs:'))).toContain(
      'id-smime-aa-timeStampToken (1.2.840.113549.1.9.16.2.14)',
    )
  })

  test('openssl ts -verify: the timestamp token covers the signature value, against the TSA root', async () => {
    const { der } = signatureOf(made[kind].bytes)
    const info = pkijs.ContentInfo.fromBER(new Uint8Array(der))
    const signerInfo = new pkijs.SignedData({ schema: info.content }).signerInfos[0]!
    const token = signerInfo.unsignedAttrs!.attributes.find(
      (a) => a.type === '1.2.840.113549.1.9.16.2.14',
    )!.values[0]!
    const data = write(`${kind}.sigvalue`, signerInfo.signature.valueBlock.valueHexView)
    const tsr = write(`${kind}.token`, new Uint8Array(token.toBER()))
    const caFile = path.join(env().DATA_DIR, 'tsa', 'tsa-cert.pem')
    const result = await tool('openssl', [
      'ts',
      '-verify',
      '-data',
      data,
      '-in',
      tsr,
      '-token_in',
      '-CAfile',
      caFile,
    ])
    expect(result.output).toContain('Verification: OK')
    // The same token does not cover other bytes.
    const other = write(`${kind}.other`, Buffer.from('not the signature'))
    const refused = await tool('openssl', [
      'ts',
      '-verify',
      '-data',
      other,
      '-in',
      tsr,
      '-token_in',
      '-CAfile',
      caFile,
    ])
    expect(refused.output).not.toContain('Verification: OK')
  })

  test('its face says the development key signed it', async () => {
    const { output } = await tool('pdftotext', ['-enc', 'UTF-8', made[kind].file, '-'])
    expect(output.replace(/\s+/g, ' ')).toContain(DEVELOPMENT_SIGNING_NOTE)
  })

  test('npm run verify -- --pdf: valid, with the signer’s root fingerprint, the certificate and its snapshot', async () => {
    const identity = await publicSigningIdentity()
    const tsaRoot = new crypto.X509Certificate(await getTimestampAuthority().trustAnchorsPem())
      .fingerprint256
    const { code, output } = await verifyCli(
      '--pdf',
      made[kind].file,
      '--signer',
      identity.rootSha256,
      '--tsa',
      tsaRoot,
    )
    expect(code, output).toBe(0)
    const root = path.join(env().DATA_DIR, 'signing', 'signing-chain.pem')
    const fingerprint = (
      await tool('sh', [
        '-c',
        `awk '/BEGIN/{n++} n==2' ${root} | openssl x509 -noout -fingerprint -sha256`,
      ])
    ).output.trim()
    expect(fingerprint).toBe(`sha256 Fingerprint=${identity.rootSha256}`)
    expect(output).toContain(`Signer's root SHA-256 fingerprint: ${identity.rootSha256}`)
    expect(output).toContain('This is a ProofTrack server’s development key')
    expect(output).toContain(
      `Certificate ${made[kind].certificateId}, its ${kind === 'certificate' ? 'certificate' : 'split sheet'} PDF: “`,
    )
    expect(output).toContain(TITLE)
    if (kind === 'certificate')
      expect(output).toMatch(
        new RegExp(`Snapshot: Song created, snapshot of .*; manifest SHA-256 ${manifestSha256}`),
      )
    expect(output).toContain('SIGNATURE VALID')
  })
})

test('without a trusted fingerprint the PDF is intact but its signer unchecked (exit 3); another signer is refused (exit 1)', async () => {
  // The fourth review forged a PDF with a self-made CA that "held": a PDF carries its own root,
  // so only a fingerprint the reader trusts says whose key signed it.
  const unpinned = await verifyCli('--pdf', made.certificate.file)
  expect(unpinned.code, unpinned.output).toBe(3)
  expect(unpinned.output).toContain('INTACT, SIGNER NOT CHECKED')
  expect(unpinned.output).not.toContain('SIGNATURE VALID')
  const someoneElse = await verifyCli('--pdf', made.certificate.file, '--signer', 'AB'.repeat(32))
  expect(someoneElse.code).toBe(1)
  expect(someoneElse.output).toContain('someone else signed it')
  const unchecked = await checkPdfSignature(made.certificate.bytes)
  expect([unchecked.ok, unchecked.intact]).toEqual([false, true])
  const refused = await checkPdfSignature(made.certificate.bytes, new Date(), {
    signer: 'AB'.repeat(32),
  })
  expect([refused.ok, refused.intact]).toEqual([false, false])
})

test('a PDF built to trip the reader fails cleanly, never throws', async () => {
  const text = made.certificate.bytes.toString('latin1')
  // The signature dictionary's object header made unreadable: the check says so, in one sentence.
  const broken = Buffer.from(text.replace(/\/Type\s*\/Sig/, '/Type /Sig /SubFilter ('), 'latin1')
  const report = await checkPdfSignature(broken)
  expect(report.ok).toBe(false)
  expect(report.problem).toEqual(expect.any(String))
})

test('bytes added after signing are refused: the signature no longer covers the whole file', async () => {
  const grown = Buffer.concat([made.certificate.bytes, Buffer.from('\n% appended\n')])
  const file = write('grown.pdf', grown)
  expect((await tool('pdfsig', [file])).output).toContain('Not total document signed')
  expect((await tool('mutool', ['sign', '-v', file])).output).toContain(
    'there have been edits since signing',
  )
  const { code, output } = await verifyCli('--pdf', file)
  expect(code).toBe(1)
  expect(output).toContain('FAILED — 12 bytes were added after the signed range')
  const notPdf = await checkPdfSignature(Buffer.from('hello'))
  expect(notPdf.problem).toBe('The file is not a PDF')
  const unsigned = await checkPdfSignature(
    await renderCertificatePdf(certificateJob.song, certificateJob.options),
  )
  expect(unsigned.problem).toBe('The PDF carries no signature')
})

test('a PDF made in a document worker leaves it signed', async () => {
  const started = performance.now()
  const bytes = await renderOffThread(splitSheetJob, { owner: 'test:signature' })
  console.info(
    `[pdf-signature] split sheet in a worker, signed: ${Math.round(performance.now() - started)} ms`,
  )
  const { output } = await tool('pdfsig', [write('worker.pdf', bytes)])
  expect(output).toContain('Signature Validation: Signature is Valid.')
  expect(output).toContain('Total document signed')
}, 60_000)
