import type { CertificateSong } from '~/lib/certificate'
import { renderCertificatePdf } from './certificate-pdf.server'
import { cjkLanguageOf, withCjkLanguage } from './pdf-fonts.server'
import { renderSplitSheetPdf } from './split-sheet-pdf.server'
import type { SplitSheet } from './split-sheet.server'

/** One PDF to make, as plain data: it crosses to a worker thread (structured clone). */
export type PdfJob =
  | {
      kind: 'certificate'
      song: CertificateSong
      options: Parameters<typeof renderCertificatePdf>[1]
    }
  | { kind: 'split-sheet'; sheet: SplitSheet; options: { appName: string; timeZone?: string } }

export function renderPdf(job: PdfJob): Promise<Buffer> {
  // Han characters take the forms of the language the whole record shows (decision 071).
  return withCjkLanguage(cjkLanguageOf(JSON.stringify(job)), () =>
    job.kind === 'certificate'
      ? renderCertificatePdf(job.song, job.options)
      : renderSplitSheetPdf(job.sheet, job.options),
  )
}
