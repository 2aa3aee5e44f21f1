// The landing-video upload rules (SPEC §5, §8, §9), shared by the browser check and the server.
// No zod here: the upload form's component imports this file.

/** SPEC §9: max upload 50 MB. */
export const MAX_VIDEO_BYTES = 50 * 1024 * 1024

export const VIDEO_FIELD = 'video'

export const UPLOAD_ERRORS = {
  invalid: { status: 400, title: 'Invalid File', message: 'Please select a video file.' },
  'too-large': {
    status: 413,
    title: 'File Too Large',
    message: 'Please select a video under 50MB.',
  },
  failed: { status: 500, title: 'Upload Failed', message: 'Failed to upload video' },
} as const
export type UploadError = keyof typeof UPLOAD_ERRORS

export const UPLOAD_SUCCESS = {
  title: 'Success',
  message: 'Video uploaded successfully. Changes will be visible on the landing page.',
} as const

/** Where a form post without JavaScript returns to: the panel's tab, or the /admin/video page. */
export const UPLOAD_RETURN_PATHS = ['/?tab=video', '/admin/video'] as const
export type UploadReturnPath = (typeof UPLOAD_RETURN_PATHS)[number]

export function uploadReturnPath(value: unknown): UploadReturnPath {
  return UPLOAD_RETURN_PATHS.find((path) => path === value) ?? '/?tab=video'
}

/** The browser's check of a chosen file; the server applies the same rules while streaming. */
export function checkVideoFile(file: { type: string; size: number }): UploadError | null {
  if (!file.type.startsWith('video/') || file.size === 0) return 'invalid'
  if (file.size > MAX_VIDEO_BYTES) return 'too-large'
  return null
}
