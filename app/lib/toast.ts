// Shared with the browser bundle, so no zod here: the schema lives in toast.server.ts.
export interface Toast {
  id: string
  title: string
  description?: string
  type: 'message' | 'success' | 'error'
}

/** Spec: toasts stay 5 s, one at a time. */
export const TOAST_DURATION_MS = 5000
