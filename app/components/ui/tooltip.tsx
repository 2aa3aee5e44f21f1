import {
  type ReactElement,
  cloneElement,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react'
import { useHydrated } from '~/lib/hooks'

/** SPEC §9: a tooltip shows after 700 ms; within 300 ms of another closing, at once. */
export const TOOLTIP_DELAY_MS = 700
export const TOOLTIP_SKIP_DELAY_MS = 300

// One clock for every tooltip on the page, so moving from one trigger to the next skips the delay.
let lastClosedAt = Number.NEGATIVE_INFINITY

/**
 * The word an icon or a badge needs, shown on hover and on keyboard focus, hidden by Escape, and
 * read by screen readers through aria-describedby. Without JavaScript the same text is in the
 * page, and CSS shows it on hover or focus after the same 700 ms (the skip delay needs a script).
 * The trigger must be focusable (a link, a button, or an element with tabIndex={0}).
 */
export function Tooltip({
  content,
  children,
  labels = false,
  align = 'center',
}: {
  content: string
  children: ReactElement
  /** For an icon-only control: the tooltip's text is its name (aria-labelledby), not a description. */
  labels?: boolean
  /** 'end' keeps it inside a box whose right edge the trigger sits against. */
  align?: 'center' | 'end'
}) {
  const id = useId()
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>()

  const show = () => {
    clearTimeout(timer.current)
    if (Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS) setOpen(true)
    else timer.current = setTimeout(() => setOpen(true), TOOLTIP_DELAY_MS)
  }
  const hide = useCallback(() => {
    clearTimeout(timer.current)
    setOpen((wasOpen) => {
      if (wasOpen) lastClosedAt = Date.now()
      return false
    })
  }, [])

  useEffect(() => () => clearTimeout(timer.current), [])
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open, hide])

  // Before hydration (or without JavaScript) CSS does the showing; after it, the state does. A
  // closed tooltip is not laid out at all (display: none, still read by aria-describedby):
  // merely invisible, it kept its width and made a phone's page scroll sideways (issue 39.8).
  const visibility = hydrated
    ? open
      ? 'block'
      : 'hidden'
    : 'hidden group-hover:block group-focus-within:block tooltip-after-delay'

  return (
    <span
      className="group relative inline-flex"
      onPointerEnter={show}
      onPointerLeave={hide}
      onFocus={show}
      onBlur={hide}
    >
      {cloneElement(children, { [labels ? 'aria-labelledby' : 'aria-describedby']: id })}
      <span
        id={id}
        role="tooltip"
        data-state={hydrated ? (open ? 'open' : 'closed') : 'css'}
        className={`pointer-events-none absolute bottom-full z-20 mb-2 w-max max-w-[min(20rem,calc(100vw-2rem))] whitespace-normal rounded-md bg-slate-900 px-3 py-2 text-left text-xs font-normal text-white shadow-lg ${align === 'end' ? 'right-0' : 'left-1/2 -translate-x-1/2'} ${visibility}`}
      >
        {content}
      </span>
    </span>
  )
}
