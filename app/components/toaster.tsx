import { useEffect, useState } from 'react'
import { TOAST_DURATION_MS, type Toast } from '~/lib/toast'

const tone = {
  success: 'border-green-200 bg-green-50 text-green-900',
  error: 'border-red-200 bg-red-50 text-red-900',
  message: 'border-slate-200 bg-white text-slate-900',
}

/**
 * One toast at a time, for 5 s. Without JavaScript a CSS animation hides it; with JavaScript
 * it can also be dismissed, and a newer toast replaces the current one.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const [visible, setVisible] = useState<Toast | null>(toast)
  useEffect(() => {
    setVisible(toast)
    if (!toast) return
    const timer = setTimeout(() => setVisible(null), TOAST_DURATION_MS)
    return () => clearTimeout(timer)
  }, [toast])
  if (!visible) return null
  return (
    <div className="no-print pointer-events-none fixed inset-x-0 top-4 z-50 flex justify-center px-4">
      <div
        role={visible.type === 'error' ? 'alert' : 'status'}
        aria-live={visible.type === 'error' ? 'assertive' : 'polite'}
        data-testid="toast"
        className={`toast-auto-hide pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-lg border p-4 shadow-lg ${tone[visible.type]}`}
      >
        <div className="flex-1">
          <p className="font-semibold">{visible.title}</p>
          {visible.description && <p className="mt-1 text-sm opacity-90">{visible.description}</p>}
        </div>
        <button type="button" onClick={() => setVisible(null)} aria-label="Dismiss notification" className="text-sm opacity-70 hover:opacity-100">✕</button>
      </div>
    </div>
  )
}
