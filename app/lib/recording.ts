// The recording fingerprint's rules (decision 026), shared by the browser and the server.
// No zod here: the song form and the verify page import this file.

/** The largest file the server hashes for a browser without JavaScript (the browser itself has no limit). */
export const MAX_RECORDING_BYTES = 500 * 1024 * 1024
export const MAX_RECORDING_LABEL = '500 MB'
/** The file input's name in a form posted without JavaScript. */
export const RECORDING_FIELD = 'recording'

export const RECORDING_TOO_LARGE = `The file is larger than ${MAX_RECORDING_LABEL}, the most the server reads without JavaScript. Turn JavaScript on to fingerprint it in your browser (any size), or choose a smaller file.`

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

/** Whether a file is the fingerprinted recording: the same SHA-256 and the same size. */
export function sameRecording(
  file: { sha256: string; size: number },
  registered: { sha256: string; size: number },
) {
  return file.sha256 === registered.sha256 && file.size === registered.size
}
