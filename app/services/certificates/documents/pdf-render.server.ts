import { env } from '~/env.server'
import type { CertificateSong } from '~/lib/certificate'
import { REASON_LABELS } from '~/lib/timestamp'
import { renderCertificatePdf } from './certificate-pdf.server'
import { cjkLanguageOf, withCjkLanguage } from './pdf-fonts.server'
import { namesOf, withNames } from './pdf-names.server'
import { type SignedPdfIdentity, signPdf } from './pdf-signature.server'
import type { PdfWords } from './pdf-words.server'
import { renderSplitSheetPdf } from './split-sheet-pdf.server'
import type { SplitSheet } from './split-sheet.server'

/**
 * One PDF to make, as plain data: it crosses to a worker thread (structured clone). `words` are
 * the owner's language's messages (decision 122), so the kept copy's digest covers its language.
 */
export type PdfJob =
  | {
      kind: 'certificate'
      song: CertificateSong
      options: Parameters<typeof renderCertificatePdf>[1]
      words?: PdfWords
    }
  | {
      kind: 'split-sheet'
      sheet: SplitSheet
      options: { appName: string; timeZone?: string }
      words?: PdfWords
    }

/** The PDF laid out, then signed (decision 103): every PDF a worker makes leaves it signed. */
export async function renderPdf(job: PdfJob): Promise<Buffer> {
  // Han characters take the forms of the language the whole record shows (decision 071), else
  // of the words it is written in: a Japanese owner's labels in Japanese forms.
  // A name no font draws prints its Latin form (decision 105).
  const record = job.kind === 'certificate' ? job.song : job.sheet
  const language = cjkLanguageOf(JSON.stringify(record)) ?? cjkOf(job.words?.locale ?? '')
  const pdf = await withCjkLanguage(language, () =>
    withNames(namesOf(job), () =>
      job.kind === 'certificate'
        ? renderCertificatePdf(job.song, job.options, job.words)
        : renderSplitSheetPdf(job.sheet, job.options, job.words),
    ),
  )
  return signPdf(pdf, signedIdentity(job))
}

const cjkOf = (locale: string) => (locale === 'ja' || locale === 'ko' ? locale : null)

/** What the signed bytes say the PDF is: its certificate, and the snapshot it shows. */
function signedIdentity(job: PdfJob): SignedPdfIdentity {
  const base = { appName: job.options.appName, contact: env().SUPPORT_EMAIL }
  if (job.kind === 'split-sheet')
    return {
      ...base,
      document: 'split-sheet',
      certificateId: job.sheet.certificateId,
      manifestSha256: null,
      snapshot: null,
    }
  const stamp = job.options.timestamp ?? null
  return {
    ...base,
    document: 'certificate',
    certificateId: job.song.certificateId,
    manifestSha256: stamp?.manifestSha256 ?? null,
    snapshot: stamp ? `${REASON_LABELS[stamp.reason]}, snapshot of ${stamp.createdAt}` : null,
  }
}
