import { constants, deflateRawSync } from 'node:zlib'
import { type ExportFormat, exportPageText } from '../exports/catalogue-export-format.server'
import { getDocumentSigner } from '~/signing/index.server'
import { warmPdfDocuments } from './pdf-document.server'
import { type PdfJob, renderPdf } from './pdf-render.server'
import { type ProofBundleInput, proofBundleText } from '../record/proof-bundle.server'
import type { SongView } from '../../songs/songs.server'
import { type TimestampInput, verifyTimestamp } from '~/timestamp/verify.server'

// What a document worker makes (decision 053), as plain data: a job crosses to a worker thread
// by structured clone, and the bytes come back.

export type DocumentJob =
  | PdfJob
  | { kind: 'proof-bundle'; bundle: ProofBundleInput }
  /** One page of the catalogue export; `first` says whether a page was written before it. */
  | { kind: 'export-page'; format: ExportFormat; songs: SongView[]; first: boolean }
  /** One piece of a streamed ZIP's file (the account's data download, decision 079). */
  | { kind: 'deflate-piece'; bytes: Uint8Array }
  /** The check of an RFC 3161 token (decision 068), answered as JSON. */
  | { kind: 'timestamp-check'; input: TimestampInput }

const encoder = new TextEncoder()

/** A worker's first work, before any job: what makes the first PDF slow is done here once. */
export async function warmDocumentRenderer() {
  // The signing key is read (or, the first time in a data directory, made) with the fonts, so
  // the first PDF a visitor asks for does not wait for it (decision 103).
  await Promise.all([warmPdfDocuments(), getDocumentSigner().key()])
}

export async function renderDocument(job: DocumentJob): Promise<Uint8Array> {
  switch (job.kind) {
    case 'certificate':
    case 'split-sheet':
      return renderPdf(job)
    case 'proof-bundle':
      return encoder.encode(proofBundleText(job.bundle))
    case 'export-page':
      return encoder.encode(exportPageText(job.format, job.songs, job.first))
    case 'deflate-piece':
      // Ends on a byte and is not final, so the next piece can follow it (lib/zip-stream.server.ts).
      return deflateRawSync(job.bytes, { level: 6, finishFlush: constants.Z_SYNC_FLUSH })
    case 'timestamp-check':
      return encoder.encode(JSON.stringify(await verifyTimestamp(job.input)))
  }
}
