import { useState } from 'react'
import { HashProgress, useBrowserHash } from '~/components/recording-fingerprint-field'
import { TermNote } from '~/components/term'
import { formatNumber } from '~/i18n/format'
import { type Translate, useLocale, useT } from '~/i18n/react'
import { Button } from '~/components/ui/button'
import { useHydrated } from '~/lib/hooks'
import { MAX_RECORDING_LABEL, matchingRecording, RECORDING_FIELD } from '~/lib/recording'
import { useSha256Note } from './notes'
import { Around, GAP } from './words'
import type { VerifyReport } from './report'

export const CHECKED_IN_BROWSER =
  'Your browser computes the file’s SHA-256 on this device and compares it: the file is not sent anywhere.'
export const CHECKED_ON_SERVER = `JavaScript is off, so the file is uploaded when you press “Check this file”: the server reads it through SHA-256 as it arrives, compares it and discards it, never storing it. Up to ${MAX_RECORDING_LABEL}.`

/** The file check's answer (issue 17), naming the file it matched when the record labels it. */
function answer(t: Translate, comparison: Pick<Comparison, 'matches' | 'matchedLabel'>) {
  if (!comparison.matches) return t('verify.recording.notRegistered')
  return comparison.matchedLabel
    ? t('verify.recording.registeredLabelled', { label: comparison.matchedLabel })
    : t('verify.recording.registered')
}

/** "(1,234 bytes, audio/wav)" as the page's language writes the number. */
function size(t: Translate, locale: string, bytes: number, mediaType?: string | null) {
  const values = { size: formatNumber(locale, bytes), mediaType: mediaType ?? '' }
  return mediaType ? t('verify.recording.sizeAndType', values) : t('verify.recording.size', values)
}

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
  posted:
    | {
        fileCheck: {
          problem: string | null
          /** Whether the problem is the upload's own refusal, still in English. */
          english: boolean
          comparison: Comparison | null
        }
      }
    | undefined
}) {
  const t = useT()
  const locale = useLocale()
  const sha256Note = useSha256Note()
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
        {t('verify.recording.heading')}
      </h2>
      {recordings.length > 0 ? (
        <>
          <p className="mt-2 text-sm text-slate-600">
            {t('verify.recording.holds', { count: recordings.length })}
          </p>
          {/* Its fingerprints are the page's first SHA-256 when no timestamp was checked above. */}
          {explainSha256 ? <TermNote note={sha256Note} className="mt-1" /> : null}
          <ul
            className="mt-2 space-y-1 text-sm text-slate-700"
            aria-label={t('verify.recording.fingerprints')}
          >
            {recordings.map((f) => (
              <li key={f.sha256}>
                {f.label ? <span className="font-medium">{f.label}: </span> : null}
                SHA-256{' '}
                <span className="break-all font-mono" data-testid="registered-sha256">
                  {f.sha256}
                </span>{' '}
                {size(t, locale, f.size, f.mediaType)}
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
              {t('verify.recording.file')}
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
                  answer: answer(t, {
                    matches: match !== null,
                    matchedLabel: match?.label ?? null,
                  }),
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
              {hydrated
                ? t('verify.recording.inBrowser')
                : t('verify.recording.onServer', { max: MAX_RECORDING_LABEL })}
            </p>
            {hydrated ? null : (
              <Button type="submit" variant="secondary">
                {t('verify.recording.submit')}
              </Button>
            )}
          </form>
          <HashProgress progress={progress} />
          {/* The hashing field's own words (recording-fingerprint-field.tsx), still English. */}
          {error ? (
            <p lang="en" className="mt-2 text-sm text-red-700">
              {error}
            </p>
          ) : null}
          {!local && posted?.fileCheck.problem ? (
            <p
              id={FILE_CHECK_ANSWER}
              className="mt-2 scroll-mt-4 text-sm text-red-700"
              role="alert"
              lang={posted.fileCheck.english ? 'en' : undefined}
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
                {answer(t, comparison)}
              </p>
              <p className="mt-1">
                <Around
                  text={t('verify.recording.yourFile', {
                    sha256: GAP,
                    size: formatNumber(locale, comparison.fileSize),
                  })}
                  parts={[
                    <span key="sha256" className="break-all font-mono" data-testid="file-sha256">
                      {comparison.fileSha256}
                    </span>,
                  ]}
                />
              </p>
            </div>
          ) : null}
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-600" data-testid="no-recording">
          {version !== null && version < 3
            ? t('verify.recording.predates', { version })
            : t('verify.recording.none')}
        </p>
      )}
    </section>
  )
}
