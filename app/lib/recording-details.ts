import { recordingDetails as englishDetails } from './recording'
import { type Say, sayEnglish } from './say'
import { numberFormat } from './intl'

// A fingerprinted file's facts beside its digest on the certificate, in the page's language:
// the size's figures and unit as the language writes them (recording.ts' `formatFileSize` is the
// English, which the PDF and the edit page keep).

function fileSize(bytes: number, say: Say, locale: string) {
  const count = say('certificate.details.bytes', '', { count: bytes })
  if (bytes < 1000) return count
  const [value, unit] =
    bytes >= 1e9 ? [bytes / 1e9, 'GB'] : bytes >= 1e6 ? [bytes / 1e6, 'MB'] : [bytes / 1e3, 'KB']
  const size = numberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(value)
  return say('certificate.details.size', '', { size, unit, bytes: count })
}

/** File name · size · media type; the file name only where it is shown. */
export function recordingDetails(
  recording: { size: number; mediaType: string | null; fileName: string | null },
  say: Say = sayEnglish,
  locale = 'en-US',
) {
  if (say === sayEnglish) return englishDetails(recording)
  return [recording.fileName, fileSize(recording.size, say, locale), recording.mediaType]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(' · ')
}
