import { useEffect, useRef, useState } from 'react'
import {
  formatBytesShort,
  type HashedFile,
  MAX_RECORDING_LABEL,
  RECORDING_FIELD,
} from '~/lib/recording'
import { sha256OfFile } from '~/lib/sha256'
import { ErrorList } from './forms'
import type { SongFields } from './song-form'

export const HASHED_IN_BROWSER =
  'Your browser computes the fingerprint (SHA-256) on this device. The file is not uploaded: only its fingerprint, size, type and name are sent.'
export const HASHED_ON_SERVER = `JavaScript is off, so the file is uploaded when you continue: the server reads it through SHA-256 as it arrives and discards it, never storing it. Up to ${MAX_RECORDING_LABEL}.`

type Progress = { read: number; total: number } | null

/** Hashes a file the user picks, in the browser, chunk by chunk, with progress. */
export function useBrowserHash() {
  const [progress, setProgress] = useState<Progress>(null)
  const [error, setError] = useState<string | null>(null)
  const current = useRef(0)
  async function hash(file: File): Promise<HashedFile | null> {
    const token = ++current.current
    setError(null)
    setProgress({ read: 0, total: file.size })
    try {
      const sha256 = await sha256OfFile(file, (read) => {
        if (token === current.current) setProgress({ read, total: file.size })
      })
      if (token !== current.current) return null
      setProgress(null)
      return { sha256, size: file.size, mediaType: file.type || null, fileName: file.name }
    } catch (cause) {
      if (token === current.current) {
        setProgress(null)
        setError(
          `Your browser could not read the file (${cause instanceof Error ? cause.message : String(cause)}).`,
        )
      }
      return null
    }
  }
  return { hash, progress, error }
}

export function HashProgress({ progress }: { progress: Progress }) {
  if (!progress) return null
  return (
    <div className="mt-2 text-sm text-slate-700" role="status" data-testid="hash-progress">
      <progress
        className="w-full"
        max={progress.total || 1}
        value={progress.read}
        aria-label="Fingerprinting progress"
      />
      Fingerprinting… {formatBytesShort(progress.read)} of {formatBytesShort(progress.total)}
    </div>
  )
}

type RecordingFields = Pick<
  SongFields,
  | 'recordingSha256'
  | 'recordingSize'
  | 'recordingMediaType'
  | 'recordingFileName'
  | 'recordingShowFileName'
>

/** The fingerprint the form already carries (after review, or a server reply), as the hidden fields hold it. */
function initialFingerprint(fields: RecordingFields): HashedFile | null {
  const sha256 = fields.recordingSha256.initialValue ?? ''
  const size = Number(fields.recordingSize.initialValue)
  if (!/^[0-9a-f]{64}$/.test(sha256) || !Number.isSafeInteger(size) || size <= 0) return null
  return {
    sha256,
    size,
    mediaType: fields.recordingMediaType.initialValue || null,
    fileName: fields.recordingFileName.initialValue ?? '',
  }
}

/**
 * "Fingerprint your recording" on the song form (decision 026). With JavaScript the file input has
 * no name: the browser hashes the file and only the hidden fields travel. Without it the input is
 * named and the form is multipart, so the server hashes the upload as it streams by.
 */
export function RecordingFingerprintField({
  fields,
  interactive,
  onBusyChange,
}: {
  fields: RecordingFields
  interactive: boolean
  onBusyChange?: (busy: boolean) => void
}) {
  const [fingerprint, setFingerprint] = useState<HashedFile | null>(() =>
    initialFingerprint(fields),
  )
  const { hash, progress, error } = useBrowserHash()
  // The form waits for the fingerprint: sent half-way, it would go without one.
  const busy = progress !== null
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange])
  const fieldErrors = [
    ...(fields.recordingSha256.errors ?? []),
    ...(fields.recordingSize.errors ?? []),
    ...(fields.recordingMediaType.errors ?? []),
    ...(fields.recordingFileName.errors ?? []),
  ]
  // The summary step posts the checkbox back as 'true', a browser as 'on'.
  const showName = ['on', 'true'].includes(fields.recordingShowFileName.initialValue ?? '')

  return (
    <div className="space-y-3">
      <div>
        <label htmlFor="song-recording" className="block text-sm font-medium text-slate-800">
          Recording file
        </label>
        <input
          id="song-recording"
          type="file"
          name={interactive ? undefined : RECORDING_FIELD}
          accept="audio/*,video/*,.wav,.aif,.aiff,.flac,.mp3,.m4a,.zip,.pdf"
          className="mt-1 block w-full text-sm"
          aria-describedby="song-recording-how"
          aria-invalid={fieldErrors.length > 0 ? true : undefined}
          onChange={async (event) => {
            const file = event.currentTarget.files?.[0]
            if (!file) return
            const hashed = await hash(file)
            if (hashed) setFingerprint(hashed)
          }}
        />
        <p
          id="song-recording-how"
          className="mt-1 text-sm text-slate-600"
          data-testid="recording-how"
        >
          {interactive ? HASHED_IN_BROWSER : HASHED_ON_SERVER}
        </p>
      </div>
      <HashProgress progress={progress} />
      {error ? <p className="text-sm text-red-700">{error}</p> : null}
      {fingerprint ? (
        <div className="rounded-md bg-slate-50 p-3 text-sm" data-testid="recording-fingerprint">
          <p className="font-medium text-slate-800">Fingerprint (SHA-256)</p>
          <p className="break-all font-mono text-xs text-slate-900" data-testid="recording-sha256">
            {fingerprint.sha256}
          </p>
          <p className="text-xs text-slate-600">
            {[
              fingerprint.fileName,
              `${fingerprint.size.toLocaleString('en-US')} bytes`,
              fingerprint.mediaType,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {interactive ? (
            <button
              type="button"
              className="mt-2 text-xs text-brand-700 underline"
              onClick={() => setFingerprint(null)}
            >
              Remove the fingerprint
            </button>
          ) : null}
          <input type="hidden" name={fields.recordingSha256.name} value={fingerprint.sha256} />
          <input type="hidden" name={fields.recordingSize.name} value={String(fingerprint.size)} />
          {fingerprint.mediaType ? (
            <input
              type="hidden"
              name={fields.recordingMediaType.name}
              value={fingerprint.mediaType}
            />
          ) : null}
          {fingerprint.fileName ? (
            <input
              type="hidden"
              name={fields.recordingFileName.name}
              value={fingerprint.fileName}
            />
          ) : null}
        </div>
      ) : null}
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" name={fields.recordingShowFileName.name} defaultChecked={showName} />
        Show the file name on the certificate (otherwise only the fingerprint, size and type are
        public)
      </label>
      <ErrorList errors={fieldErrors} />
    </div>
  )
}
