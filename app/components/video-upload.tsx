import { useRevalidator } from '@remix-run/react'
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react'
import { formatBytes, formatDateTimeUtc, type LandingVideoInfo } from '~/lib/admin'
import type { Toast } from '~/lib/toast'
import {
  checkVideoFile,
  UPLOAD_ERRORS,
  UPLOAD_SUCCESS,
  type UploadReturnPath,
  VIDEO_FIELD,
} from '~/lib/video-upload'
import { LANDING_VIDEO_SRC } from './landing-video'
import { useShowToast } from './toaster'
import { Button } from './ui/button'
import { useHydrated } from '~/lib/hooks'

const UPLOAD_URL = '/api/admin/upload-video'

/**
 * The landing video: what is playing now, and the upload. Without JavaScript the form posts
 * and the server redirects back with a toast; with JavaScript it uploads with XMLHttpRequest
 * so it can show progress, then reloads the page's data.
 */
export function VideoManagement({
  video,
  returnTo,
}: {
  video: LandingVideoInfo | null
  returnTo: UploadReturnPath
}) {
  const revalidator = useRevalidator()
  const inputRef = useRef<HTMLInputElement>(null)
  const hydrated = useHydrated()
  const [file, setFile] = useState<File | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [uploading, setUploading] = useState(false)
  const showToast = useShowToast()

  const notify = (type: Toast['type'], title: string, description: string) =>
    showToast({ type, title, description })

  function clearFile() {
    setFile(null)
    if (inputRef.current) inputRef.current.value = ''
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null
    setProgress(null)
    if (!chosen) return setFile(null)
    const error = checkVideoFile(chosen)
    if (error) {
      clearFile()
      return notify('error', UPLOAD_ERRORS[error].title, UPLOAD_ERRORS[error].message)
    }
    setFile(chosen)
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!file) return notify('error', UPLOAD_ERRORS.invalid.title, UPLOAD_ERRORS.invalid.message)
    const body = new FormData(event.currentTarget)
    const request = new XMLHttpRequest()
    request.open('POST', UPLOAD_URL)
    request.setRequestHeader('X-Requested-With', 'XMLHttpRequest')
    request.setRequestHeader('Accept', 'application/json')
    request.upload.onprogress = (progressEvent) => {
      if (progressEvent.lengthComputable)
        setProgress(Math.round((progressEvent.loaded / progressEvent.total) * 100))
    }
    request.onload = () => {
      setUploading(false)
      if (request.status === 201) {
        setProgress(100)
        clearFile()
        notify('success', UPLOAD_SUCCESS.title, UPLOAD_SUCCESS.message)
        revalidator.revalidate()
        return
      }
      setProgress(null)
      const answer = readAnswer(request.responseText)
      notify(
        'error',
        answer.title ?? UPLOAD_ERRORS.failed.title,
        answer.message ?? UPLOAD_ERRORS.failed.message,
      )
    }
    request.onerror = () => {
      setUploading(false)
      setProgress(null)
      notify('error', UPLOAD_ERRORS.failed.title, UPLOAD_ERRORS.failed.message)
    }
    setUploading(true)
    setProgress(0)
    request.send(body)
  }

  return (
    <section aria-labelledby="video-heading" className="space-y-6">
      <div>
        <h2 id="video-heading" className="text-lg font-semibold text-slate-900">
          Landing Page Video
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          The newest upload plays on the landing page. Recommended: MP4, 16:9. Maximum size 50MB.
        </p>
      </div>

      <div className="rounded-xl border border-slate-200 p-4" data-testid="current-video">
        <h3 className="font-semibold text-slate-900">Current video</h3>
        {video ? (
          <div className="mt-3 grid gap-4 md:grid-cols-2">
            <video
              key={video.uploadedAt}
              // The query only defeats the browser cache after an upload; the route ignores it.
              src={`${LANDING_VIDEO_SRC}?v=${encodeURIComponent(video.uploadedAt)}`}
              className="aspect-video w-full rounded-lg bg-slate-900"
              controls
              muted
              preload="metadata"
              aria-label="Current landing video"
            />
            <dl className="space-y-2 text-sm">
              <div>
                <dt className="text-slate-500">Uploaded</dt>
                <dd className="font-medium text-slate-900">
                  <time dateTime={video.uploadedAt}>{formatDateTimeUtc(video.uploadedAt)}</time>
                </dd>
              </div>
              <div>
                <dt className="text-slate-500">Size</dt>
                <dd className="font-medium text-slate-900">{formatBytes(video.size)}</dd>
              </div>
            </dl>
          </div>
        ) : (
          <p className="mt-2 text-sm text-slate-600">
            No video has been uploaded yet. The landing page shows a placeholder.
          </p>
        )}
      </div>

      <form
        method="post"
        action={UPLOAD_URL}
        encType="multipart/form-data"
        onSubmit={onSubmit}
        className="space-y-4 rounded-xl border border-slate-200 p-4"
      >
        <h3 className="font-semibold text-slate-900">Upload a new video</h3>
        {/* Before the file, so the server knows where to return even if the file is refused. */}
        <input type="hidden" name="redirectTo" value={returnTo} />
        <div>
          <label htmlFor="landing-video-file" className="block text-sm font-medium text-slate-800">
            Video file
          </label>
          <input
            ref={inputRef}
            id="landing-video-file"
            type="file"
            name={VIDEO_FIELD}
            accept="video/*"
            required
            onChange={onChange}
            aria-describedby="landing-video-hint"
            className="mt-1 block w-full text-sm text-slate-700 file:mr-4 file:rounded-md file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
          />
          <p id="landing-video-hint" className="mt-1 text-xs text-slate-500">
            MP4, 16:9 recommended; video files only, up to 50MB.
          </p>
        </div>
        {progress !== null && <UploadProgress percent={progress} />}
        <Button type="submit" disabled={uploading || (hydrated && !file)}>
          {uploading ? 'Uploading...' : 'Upload Video'}
        </Button>
      </form>
    </section>
  )
}

function UploadProgress({ percent }: { percent: number }) {
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <span className="w-12 text-right text-sm tabular-nums text-slate-700">{percent}%</span>
    </div>
  )
}

/** The server's `{ title, message }`, read defensively: a proxy may answer with anything. */
function readAnswer(text: string): { title?: string; message?: string } {
  try {
    const data: unknown = JSON.parse(text)
    if (typeof data !== 'object' || data === null) return {}
    const title = 'title' in data && typeof data.title === 'string' ? data.title : undefined
    const message = 'message' in data && typeof data.message === 'string' ? data.message : undefined
    return { title, message }
  } catch {
    return {}
  }
}
