import { useState } from 'react'
import { HashProgress, useBrowserHash } from '~/components/recording-fingerprint-field'
import { SHA_256 } from '~/lib/glossary/sha-256'
import { TermNote } from '~/components/term'
import { Button } from '~/components/ui/button'
import { useHydrated } from '~/lib/hooks'
import {
  MAX_RECORDING_LABEL,
  matchingRecording,
  NOT_REGISTERED_RECORDING,
  RECORDING_FIELD,
  registeredRecordingAnswer,
} from '~/lib/recording'
import type { VerifyReport } from './report'

export const CHECKED_IN_BROWSER =
  'Your browser computes the file’s SHA-256 on this device and compares it: the file is not sent anywhere.'
export const CHECKED_ON_SERVER = `JavaScript is off, so the file is uploaded when you press “Check this file”: the server reads it through SHA-256 as it arrives, compares it and discards it, never storing it. Up to ${MAX_RECORDING_LABEL}.`

/** Where the posted file's answer is drawn, and the fragment its form posts to. */
const FILE_CHECK_ANSWER = 'file-check-answer'

export type Comparison = {
  matches: boolean
  matchedLabel: string | null
  answer: string
  fileSha256: string
  fileSize: number
}

/**
 * "Check a file against this certificate": with JavaScript the browser hashes the file and
 * compares it with every fingerprint; without it the form posts the file to the action, which
 * does the same on the server. The answer names the label of the file it matched (decision 040).
 */
export function RecordingCheck({
  recordings,
  version,
  posted,
  explainSha256,
}: {
  recordings: VerifyReport['recordings']
  version: number | null
  /** Whether SHA-256 first appears here (the timestamp's checks above may have explained it). */
  explainSha256: boolean
  /** The action's answer to a file posted without JavaScript, if any. */
  posted: { fileCheck: { problem: string | null; comparison: Comparison | null } } | undefined
}) {
  const hydrated = useHydrated()
  const { hash, progress, error } = useBrowserHash()
  const [local, setLocal] = useState<Comparison | null>(null)
  const comparison: Comparison | null = local ?? posted?.fileCheck.comparison ?? null

  return (
    <section
      aria-labelledby="recording-check"
      className="mt-8 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="recording-check" className="text-lg font-semibold text-slate-900">
        Check a recording against this certificate
      </h2>
      {recordings.length > 0 ? (
        <>
          <p className="mt-2 text-sm text-slate-600">
            The verified record holds the SHA-256 fingerprint of{' '}
            {recordings.length === 1 ? 'one file' : `${recordings.length} files`}. Pick a file to
            see whether it is one of them.
          </p>
          {/* Its fingerprints are the page's first SHA-256 when no timestamp was checked above. */}
          {explainSha256 ? <TermNote note={SHA_256} className="mt-1" /> : null}
          <ul
            className="mt-2 space-y-1 text-sm text-slate-700"
            aria-label="Registered fingerprints"
          >
            {recordings.map((f) => (
              <li key={f.sha256}>
                {f.label ? <span className="font-medium">{f.label}: </span> : null}
                SHA-256{' '}
                <span className="break-all font-mono" data-testid="registered-sha256">
                  {f.sha256}
                </span>{' '}
                ({f.size.toLocaleString('en-US')} bytes{f.mediaType ? `, ${f.mediaType}` : ''})
              </li>
            ))}
          </ul>
          {/* Without JavaScript the file is checked by a post; its fragment opens the answered
              page at the answer, not 1,100 px above it (issue 39.5). */}
          <form
            method="post"
            action={`#${FILE_CHECK_ANSWER}`}
            encType="multipart/form-data"
            className="mt-3 space-y-2"
          >
            <label htmlFor="check-recording" className="block text-sm font-medium text-slate-800">
              File to check
            </label>
            <input
              id="check-recording"
              type="file"
              name={hydrated ? undefined : RECORDING_FIELD}
              className="block w-full text-sm"
              aria-describedby="check-recording-how"
              onChange={async (event) => {
                const file = event.currentTarget.files?.[0]
                if (!file) return
                setLocal(null)
                const hashed = await hash(file)
                if (!hashed) return
                const match = matchingRecording(hashed, recordings)
                setLocal({
                  matches: match !== null,
                  matchedLabel: match?.label ?? null,
                  answer: match ? registeredRecordingAnswer(match.label) : NOT_REGISTERED_RECORDING,
                  fileSha256: hashed.sha256,
                  fileSize: hashed.size,
                })
              }}
            />
            <p
              id="check-recording-how"
              className="text-sm text-slate-600"
              data-testid="check-recording-how"
            >
              {hydrated ? CHECKED_IN_BROWSER : CHECKED_ON_SERVER}
            </p>
            {hydrated ? null : (
              <Button type="submit" variant="secondary">
                Check this file
              </Button>
            )}
          </form>
          <HashProgress progress={progress} />
          {error ? <p className="mt-2 text-sm text-red-700">{error}</p> : null}
          {!local && posted?.fileCheck.problem ? (
            <p
              id={FILE_CHECK_ANSWER}
              className="mt-2 scroll-mt-4 text-sm text-red-700"
              role="alert"
            >
              {posted.fileCheck.problem}
            </p>
          ) : null}
          {comparison ? (
            <div
              role="status"
              id={FILE_CHECK_ANSWER}
              className={`mt-3 scroll-mt-4 rounded-md p-3 text-sm ${comparison.matches ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}
            >
              <p className="text-base font-semibold" data-testid="recording-answer">
                {comparison.answer}
              </p>
              <p className="mt-1">
                Your file: SHA-256{' '}
                <span className="break-all font-mono" data-testid="file-sha256">
                  {comparison.fileSha256}
                </span>{' '}
                ({comparison.fileSize.toLocaleString('en-US')} bytes)
              </p>
            </div>
          ) : null}
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-600" data-testid="no-recording">
          {version !== null && version < 3
            ? `This record (format version ${version}) predates recording fingerprints: there is no file to compare with.`
            : 'The owner fingerprinted no recording for this certificate.'}
        </p>
      )}
    </section>
  )
}
