// The recording fingerprint's rules (decision 026), shared by the browser and the server.
// No zod here: the song form and the verify page import this file.

/** The largest file the server hashes for a browser without JavaScript (the browser itself has no limit). */
export const MAX_RECORDING_BYTES = 500 * 1024 * 1024
export const MAX_RECORDING_LABEL = '500 MB'
/** The file input's name on /verify/<id> without JavaScript. */
export const RECORDING_FIELD = 'recording'

/** The most files one song fingerprints (decision 040), and the longest label of one. */
export const MAX_RECORDINGS = 5
export const RECORDING_LABEL_MAX = 60
/** The song form's file input for slot `index`, named only without JavaScript. */
export const recordingFileField = (index: number) => `recordings[${index}].file`
/** What a file copied from a single-recording song (before decision 040) is called. */
export const DEFAULT_RECORDING_LABEL = 'Recording'

export const RECORDING_TOO_LARGE = `The upload is larger than ${MAX_RECORDING_LABEL}, the most the server reads without JavaScript (all files together). Turn JavaScript on to fingerprint files in your browser (any size), or choose smaller files.`

/** What the browser reports about a file it hashed itself. */
export interface HashedFile {
  sha256: string
  size: number
  mediaType: string | null
  fileName: string
}

/** Bytes as people read them: "48.0 MB". */
export function formatBytesShort(bytes: number) {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(1)} GB`
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`
  return bytes >= 1e3 ? `${(bytes / 1e3).toFixed(1)} KB` : `${bytes} bytes`
}

/** The only two answers a file check gives (issue 17). */
export const REGISTERED_RECORDING = 'This is the registered recording'
export const NOT_REGISTERED_RECORDING = 'This is not the registered recording'

/** The answer naming the fingerprint a file matched, when the record labels it (decision 040). */
export function registeredRecordingAnswer(label: string | null) {
  return label ? `${REGISTERED_RECORDING} (${label})` : REGISTERED_RECORDING
}

/** The first of a record's fingerprints that a file is; null when it is none of them. */
export function matchingRecording<T extends { sha256: string; size: number }>(
  file: { sha256: string; size: number },
  registered: readonly T[],
): T | null {
  return registered.find((recording) => sameRecording(file, recording)) ?? null
}

/** Whether a file is the fingerprinted recording: the same SHA-256 and the same size. */
export function sameRecording(
  file: { sha256: string; size: number },
  registered: { sha256: string; size: number },
) {
  return file.sha256 === registered.sha256 && file.size === registered.size
}

/** A fingerprinted file as the song form's hidden fields carry it: every value a string. */
export interface RecordingFormRow {
  label: string
  sha256: string
  size: string
  mediaType: string
  fileName: string
  showFileName: string
}

/** The form's rows for files already fingerprinted (the summary step, a new version's start). */
export function recordingFormRows(
  recordings: readonly {
    label: string
    sha256: string
    size: number
    mediaType?: string | null
    fileName?: string | null
    showFileName: boolean
  }[],
): RecordingFormRow[] {
  return recordings.map((f) => ({
    label: f.label,
    sha256: f.sha256,
    size: String(f.size),
    mediaType: f.mediaType ?? '',
    fileName: f.fileName ?? '',
    showFileName: f.showFileName ? 'on' : '',
  }))
}

/** One line per file, for a difference between versions or an export cell. */
export function recordingsText(
  recordings: readonly { label: string; sha256: string; size: number }[],
) {
  return recordings.map((f) => `${f.label}: ${f.sha256} (${f.size} bytes)`).join('; ')
}

/** Bytes as people read them, with the exact count beside it: "48.0 MB (48,000,044 bytes)". */
export function formatFileSize(bytes: number) {
  const exact = `${bytes.toLocaleString('en-US')} bytes`
  if (bytes < 1000) return exact
  const [value, unit] =
    bytes >= 1e9 ? [bytes / 1e9, 'GB'] : bytes >= 1e6 ? [bytes / 1e6, 'MB'] : [bytes / 1e3, 'KB']
  return `${value.toFixed(1)} ${unit} (${exact})`
}

/** The recording fingerprint's facts beside its digest: size, type and (only when shown) the file name. */
export function recordingDetails(recording: {
  size: number
  mediaType: string | null
  fileName: string | null
}) {
  return [recording.fileName, formatFileSize(recording.size), recording.mediaType]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(' · ')
}
