import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react'
// Remix v2 has no hook for another route's action data; the router state it renders from has it.
import { UNSAFE_DataRouterStateContext } from 'react-router-dom'
import { useT } from '~/i18n/react'
import { TOAST_DURATION_MS, type Toast } from '~/lib/toast'
import { TAP_TARGET } from './ui/button'
import { WithIsolates } from './bidi'

const tone = {
  success: 'border-green-200 bg-green-50 text-green-900',
  error: 'border-red-200 bg-red-50 text-red-900',
  message: 'border-slate-200 bg-white text-slate-900',
}

type ShowToast = (toast: Omit<Toast, 'id'> & { id?: string }) => void
const ShowToastContext = createContext<ShowToast>(() => {})

/** For toasts only the browser knows of (an upload's progress, the card form); JavaScript only. */
export function useShowToast() {
  return useContext(ShowToastContext)
}

function isToast(value: unknown): value is Toast {
  if (!value || typeof value !== 'object') return false
  const toast = value as Record<string, unknown>
  return typeof toast.id === 'string' && typeof toast.title === 'string'
}

/** The toast an action answered with when it rendered its page again instead of redirecting. */
function useActionToast(): Toast | null {
  const actionData = useContext(UNSAFE_DataRouterStateContext)?.actionData
  if (!actionData) return null
  for (const data of Object.values(actionData)) {
    const toast: unknown = data && typeof data === 'object' ? Reflect.get(data, 'toast') : null
    if (isToast(toast)) return toast
  }
  return null
}

/**
 * The one toast region (docs/decisions/032-one-toast-channel.md). Server toasts arrive in
 * the flash cookie (root loader) or, when an action renders its page again, in its data; the
 * browser's own through useShowToast. The newest replaces the one showing: never two at once.
 */
export function ToastProvider({
  flashToast,
  children,
}: {
  flashToast: Toast | null
  children: ReactNode
}) {
  const t = useT()
  const actionToast = useActionToast()
  const first = actionToast ?? flashToast
  // Each toast shown gets a new number, so the same message twice starts its 5 s again.
  const [shown, setShown] = useState(first ? { toast: first, n: 0 } : null)
  const setVisible = useCallback(
    (toast: Toast | null) => setShown((now) => (toast ? { toast, n: (now?.n ?? 0) + 1 } : null)),
    [],
  )
  const visible = shown?.toast ?? null
  useEffect(() => {
    if (flashToast) setVisible(flashToast)
  }, [flashToast, setVisible])
  useEffect(() => {
    if (actionToast) setVisible(actionToast)
  }, [actionToast, setVisible])
  useEffect(() => {
    if (!visible) return
    const timer = setTimeout(() => setVisible(null), TOAST_DURATION_MS)
    return () => clearTimeout(timer)
  }, [visible, setVisible])
  const show = useCallback<ShowToast>(
    (toast) => setVisible({ ...toast, id: toast.id ?? `${Date.now()}` }),
    [setVisible],
  )
  const value = useMemo(() => show, [show])
  return (
    <ShowToastContext.Provider value={value}>
      {visible && (
        // In the page's flow, first in <main> below the header: a toast floating over the page
        // hid the very field it spoke of (issue 39.11, the password on /login after sign-up).
        // The wrapper is keyed, so a new toast starts unticked and its 5 s again.
        <div key={shown?.n} className="no-print flex justify-center px-4">
          {/* The ✕ is this box's label: ticking it hides the toast by CSS alone, so it works
              before JavaScript (or without it); with it, the toast also leaves the page. */}
          <input
            id={`toast-dismiss-${shown?.n ?? 0}`}
            type="checkbox"
            className="peer sr-only"
            aria-label={t('shell.toast.dismiss')}
            onChange={() => setVisible(null)}
          />
          <div
            role={visible.type === 'error' ? 'alert' : 'status'}
            aria-live={visible.type === 'error' ? 'assertive' : 'polite'}
            data-testid="toast"
            className={`toast-auto-hide mt-4 flex w-full max-w-md items-start gap-3 rounded-lg border p-4 shadow-sm peer-checked:hidden [.peer:focus-visible~&]:ring-2 [.peer:focus-visible~&]:ring-brand-600 ${tone[visible.type]}`}
          >
            <div className="flex-1">
              <p className="font-semibold">{visible.title}</p>
              {visible.description && (
                <p className="mt-1 text-sm opacity-90">
                  <WithIsolates text={visible.description} />
                </p>
              )}
            </div>
            {/* The box's own name says what it does; the ✕ is only drawn. Not aria-hidden on the
                label itself: a label tied to a field may not be (the W3C Nu checker, issue 52). */}
            <label
              htmlFor={`toast-dismiss-${shown?.n ?? 0}`}
              className={`${TAP_TARGET} -m-2 cursor-pointer justify-center p-2 text-sm opacity-70 hover:opacity-100`}
            >
              <span aria-hidden="true">✕</span>
            </label>
          </div>
        </div>
      )}
      {children}
    </ShowToastContext.Provider>
  )
}
